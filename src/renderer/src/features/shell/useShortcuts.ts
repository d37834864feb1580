// Global keyboard shortcuts (SPEC §2): `c` opens the page-create dialog for signed-in users.
import { useEffect } from 'react';
import { mayEditPages } from '../../stores/permissions';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';

/** True when a key press belongs to a text field or carries a modifier. */
export function isTypingOrModified(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * A dialog, a menu or a popup is open (issue 30): single-key shortcuts then belong to it, never to
 * the page behind — a key typed into a search box that opened without focus must not edit a page.
 */
export const isModalOpen = (): boolean =>
  document.querySelector('[aria-modal="true"], [aria-haspopup][aria-expanded="true"]') !== null;

export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'c' || isTypingOrModified(event) || isModalOpen()) return;
      if (!mayEditPages(useSession.getState().user)) return;
      event.preventDefault();
      useUi.getState().setNewPageOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
