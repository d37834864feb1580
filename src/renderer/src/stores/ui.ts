// Small pieces of shared UI state: the page-create dialog and a counter that tells lists
// (recent changes) that pages changed.
import { create } from 'zustand';

interface UiState {
  /** The page path on screen (found or not), for defaults such as the create dialog's. */
  currentPath: string | null;
  newPageOpen: boolean;
  setNewPageOpen: (open: boolean) => void;
  pagesVersion: number;
  pagesChanged: () => void;
  /** Bumped when an action changed the page on screen without a new revision (publish, …). */
  currentPageVersion: number;
  currentPageChanged: () => void;
}

export const useUi = create<UiState>()((set) => ({
  currentPath: null,
  newPageOpen: false,
  setNewPageOpen: (newPageOpen) => set({ newPageOpen }),
  pagesVersion: 0,
  pagesChanged: () => set((state) => ({ pagesVersion: state.pagesVersion + 1 })),
  currentPageVersion: 0,
  currentPageChanged: () => set((state) => ({ currentPageVersion: state.currentPageVersion + 1 })),
}));
