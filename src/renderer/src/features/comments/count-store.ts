// The comment count of the page on screen, shared by the comments section (which changes it) and
// the page header (which shows it).
import { create } from 'zustand';

interface CommentCountState {
  counts: Record<string, number>;
  setCount: (pageId: string, count: number) => void;
}

export const useCommentCounts = create<CommentCountState>()((set) => ({
  counts: {},
  setCount: (pageId, count) => set((state) => ({ counts: { ...state.counts, [pageId]: count } })),
}));
