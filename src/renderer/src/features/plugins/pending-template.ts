// A plugin template chosen in the New Page dialog, handed to the editor of the new page's path:
// kept in memory only (the editor opens in the same tab, right after).
let pending: { path: string; body: string } | null = null;

/** The editor's path is decoded; the one navigated to may be percent-encoded. */
function normalize(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function setPendingTemplate(path: string, body: string): void {
  pending = { path, body };
}

/** A new page's starting text: the plugin template chosen for it, unless a draft was restored. */
export function withPluginTemplate<
  T extends { body: string; restoredAt: string | null; base: { pageId: string | null } },
>(start: T, path: string): T {
  if (start.base.pageId !== null || start.restoredAt !== null) return start;
  const body = takePendingTemplate(path);
  return body === null ? start : { ...start, body };
}

/** The template waiting for this path, once. */
export function takePendingTemplate(path: string): string | null {
  if (!pending || normalize(pending.path) !== normalize(path)) return null;
  const { body } = pending;
  pending = null;
  return body;
}
