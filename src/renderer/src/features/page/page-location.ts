// What a URL path names: a page path, a permalink (/{24 hex}), or nothing parseable.
import { isPermalink, normalizePath } from '../../../../shared/page-path';
import type { PageTarget } from '../../api/endpoints';

export type PageLocation =
  | { kind: 'path'; path: string; target: PageTarget; key: string }
  | { kind: 'permalink'; pageId: string; target: PageTarget; key: string }
  | { kind: 'invalid'; raw: string; key: string };

export function parsePageLocation(pathname: string): PageLocation {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'invalid', raw: pathname, key: `invalid:${pathname}` };
  }
  if (isPermalink(decoded)) {
    const pageId = decoded.slice(1);
    return { kind: 'permalink', pageId, target: { pageId }, key: `id:${pageId}` };
  }
  const path = normalizePath(decoded);
  return { kind: 'path', path, target: { path }, key: `path:${path}` };
}
