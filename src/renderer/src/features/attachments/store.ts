// Tells the page's attachment list that a page got a new file (an upload from the editor).
import { create } from 'zustand';

interface AttachmentsChanged {
  /** Bumped per page on every upload or delete. */
  versions: Record<string, number>;
  changed: (pageId: string) => void;
}

export const useAttachmentsChanged = create<AttachmentsChanged>()((set) => ({
  versions: {},
  changed: (pageId) => set((s) => ({ versions: { ...s.versions, [pageId]: (s.versions[pageId] ?? 0) + 1 } })),
}));
