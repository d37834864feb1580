// Whether the sidebar is a drawer now (SPEC §4): recomputed on any change of the viewport, the
// editor mode or the preferences, and every change (and every navigation) closes the drawer.
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { isDrawerMode, MEDIUM_BREAKPOINT_PX } from '../../../../shared/drawer-mode';
import { useSidebar } from '../../stores/sidebar';
import { editorMode } from '../page/editor-mode';

const NARROW = `(max-width: ${MEDIUM_BREAKPOINT_PX - 0.02}px)`;

function subscribeNarrow(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export const useNarrow = () => useSyncExternalStore(subscribeNarrow, () => window.matchMedia(NARROW).matches);

export function useDrawerMode(): boolean {
  const narrow = useNarrow();
  const location = useLocation();
  const editing = editorMode(location.hash) !== 'view';
  const preferDrawer = useSidebar((s) => s.preferDrawer);
  const preferDrawerOnEdit = useSidebar((s) => s.preferDrawerOnEdit);
  const drawer = isDrawerMode({ narrow, editing, preferDrawer, preferDrawerOnEdit });
  // Following a link in the drawer closes it too: the reader wants the page, not the menu.
  useEffect(
    () => useSidebar.getState().closeDrawer(),
    [narrow, editing, preferDrawer, preferDrawerOnEdit, location.key],
  );
  return drawer;
}
