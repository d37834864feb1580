// Sidebar mode (SPEC §2, §4): the drawer preferences, kept in the browser under SPEC §3's keys, and
// whether the drawer is open. Any change of the mode closes the drawer (useDrawerMode).
import { create } from 'zustand';
import {
  DEFAULT_PREFER_DRAWER,
  DEFAULT_PREFER_DRAWER_ON_EDIT,
  PREFER_DRAWER_KEY,
  PREFER_DRAWER_ON_EDIT_KEY,
} from '../../../shared/drawer-mode';

function read(key: string, fallback: boolean): boolean {
  try {
    const stored = localStorage.getItem(key);
    return stored === 'true' ? true : stored === 'false' ? false : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: boolean): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // storage disabled: the choice lasts for this visit only
  }
}

interface SidebarState {
  preferDrawer: boolean;
  preferDrawerOnEdit: boolean;
  drawerOpen: boolean;
  /** A screen with a sidebar is showing (the page screens): the drawer has something to show. */
  present: boolean;
  setPreferDrawer: (value: boolean) => void;
  setPreferDrawerOnEdit: (value: boolean) => void;
  toggleDrawer: () => void;
  closeDrawer: () => void;
  setPresent: (present: boolean) => void;
}

export const useSidebar = create<SidebarState>()((set) => ({
  preferDrawer: read(PREFER_DRAWER_KEY, DEFAULT_PREFER_DRAWER),
  preferDrawerOnEdit: read(PREFER_DRAWER_ON_EDIT_KEY, DEFAULT_PREFER_DRAWER_ON_EDIT),
  drawerOpen: false,
  present: false,
  setPreferDrawer: (preferDrawer) => {
    write(PREFER_DRAWER_KEY, preferDrawer);
    set({ preferDrawer });
  },
  setPreferDrawerOnEdit: (preferDrawerOnEdit) => {
    write(PREFER_DRAWER_ON_EDIT_KEY, preferDrawerOnEdit);
    set({ preferDrawerOnEdit });
  },
  toggleDrawer: () => set((state) => ({ drawerOpen: !state.drawerOpen })),
  closeDrawer: () => set({ drawerOpen: false }),
  setPresent: (present) => set({ present }),
}));
