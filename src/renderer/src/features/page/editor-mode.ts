// SPEC §4's editor mode: view, edit (#edit) and co-editing (#hackmd), and who may leave view.
import type { CurrentUser } from '../../../../shared/api-types';
import { isCreatablePage } from '../../../../shared/page-path';
import { mayEditPages } from '../../stores/permissions';

export type EditorMode = 'view' | 'edit' | 'hackmd';

export function editorMode(hash: string): EditorMode {
  if (hash === '#edit') return 'edit';
  if (hash === '#hackmd') return 'hackmd';
  return 'view';
}

/**
 * Why the user may not leave view (an i18n key), or null. Only signed-in users may, and only for a
 * creatable path; co-editing needs a page that exists (its shared text starts from a revision).
 */
export function editRefusal(
  user: CurrentUser | null,
  path: string | null,
  mode: EditorMode = 'edit',
  exists = true,
): string | null {
  if (mode === 'view') return null;
  if (!user) return 'page.login_to_edit';
  // Read-only users and invited users who have not completed their profile never edit.
  if (!mayEditPages(user)) return 'page.could_not_edit';
  if (path === null || !isCreatablePage(path)) return 'page.could_not_edit';
  if (mode === 'hackmd' && !exists) return 'coediting.create_first';
  return null;
}
