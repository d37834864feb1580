// SPEC §4's drawer mode: below the medium breakpoint the sidebar is always a drawer; otherwise it
// follows the user's preference — the edit preference while editing, the view preference otherwise.

/** Bootstrap's (and GROWI's) medium breakpoint: narrower screens are phones. */
export const MEDIUM_BREAKPOINT_PX = 768;

/** SPEC §3's browser keys and their defaults: docked while viewing, a drawer while editing. */
export const PREFER_DRAWER_KEY = 'preferDrawerModeByUser';
export const PREFER_DRAWER_ON_EDIT_KEY = 'preferDrawerModeOnEditByUser';
export const DEFAULT_PREFER_DRAWER = false;
export const DEFAULT_PREFER_DRAWER_ON_EDIT = true;

export interface DrawerModeInputs {
  /** The viewport is narrower than the medium breakpoint. */
  narrow: boolean;
  editing: boolean;
  preferDrawer: boolean;
  preferDrawerOnEdit: boolean;
}

export function isDrawerMode({
  narrow,
  editing,
  preferDrawer,
  preferDrawerOnEdit,
}: DrawerModeInputs): boolean {
  if (narrow) return true;
  return editing ? preferDrawerOnEdit : preferDrawer;
}
