// Paths the New Page dialog and the template form build (SPEC §2, §9).
import { formatDatePath, isCreatablePage, PATH_ERRORS, userPageRoot } from '../../../../shared/page-path';

/** generateEditorPath's SPEC messages → translation keys. */
export const PATH_ERROR_KEYS: Record<string, string> = {
  [PATH_ERRORS.invalidCharacters]: 'path.invalid_characters',
  [PATH_ERRORS.invalidFormat]: 'path.invalid_format',
};

/** SPEC §2: the current path and a slash when a page may be made under it, else the root. */
export function defaultParentPath(current: string | null): string {
  if (current === null || !isCreatablePage(current)) return '/';
  return current.endsWith('/') ? current : `${current}/`;
}

export const DEFAULT_MEMO_NAME = 'Memo';

/** `/user/{username}/{memo}/yyyy/MM/dd[/{page name}]`; an empty memo name falls back to 'Memo'. */
export function todayMemoPath(username: string, memoName: string, pageName: string, today: Date): string {
  const memo = memoName.trim() || DEFAULT_MEMO_NAME;
  const base = `${userPageRoot(username)}/${memo}/${formatDatePath(today)}`;
  return pageName.trim() ? `${base}/${pageName.trim()}` : base;
}

export type TemplateKind = 'children' | 'descendants';

/** `_template` (for children) or `__template` (for descendants) under the current path. */
export function templatePath(current: string | null, kind: TemplateKind): string {
  const dir = current && isCreatablePage(current) && current !== '/' ? current : '';
  return `${dir}/${kind === 'children' ? '_template' : '__template'}`;
}
