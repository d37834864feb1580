// Tells the sidebar's bookmark list that the user's bookmarks changed.
import { create } from 'zustand';

interface BookmarksState {
  version: number;
  bookmarksChanged: () => void;
}

export const useBookmarksVersion = create<BookmarksState>()((set) => ({
  version: 0,
  bookmarksChanged: () => set((state) => ({ version: state.version + 1 })),
}));
