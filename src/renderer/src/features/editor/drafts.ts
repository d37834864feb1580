// Unsaved editor text kept in localStorage per page path until it is saved (or discarded), so a
// failed save, a crash or a closed tab loses nothing.
export interface Draft {
  body: string;
  /** The page and revision the text was based on (null: a page not created yet). */
  pageId: string | null;
  revisionId: string | null;
  savedAt: string;
}

const PREFIX = 'quire:draft:';
export const draftKey = (path: string): string => `${PREFIX}${path}`;

function isDraft(value: unknown): value is Draft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  return typeof draft.body === 'string' && typeof draft.savedAt === 'string';
}

export function loadDraft(path: string): Draft | null {
  try {
    const raw = localStorage.getItem(draftKey(path));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveDraft(path: string, draft: Omit<Draft, 'savedAt'>): void {
  try {
    localStorage.setItem(draftKey(path), JSON.stringify({ ...draft, savedAt: new Date().toISOString() }));
  } catch {
    // storage full or disabled: the text is still in the editor
  }
}

export function clearDraft(path: string): void {
  try {
    localStorage.removeItem(draftKey(path));
  } catch {
    // nothing to clear
  }
}

export interface EditorBase {
  pageId: string | null;
  revisionId: string | null;
  /** The saved text; the editor is dirty when its text differs. */
  body: string;
}

/**
 * Where an editor starts: the page as loaded, or a stored draft on top of it. A draft keeps the
 * revision it was based on, so saving it still detects edits made by others in the meantime; a
 * draft of another page incarnation starts as a creation, which the server refuses if the path is
 * taken (and the conflict flow takes over).
 */
export function startingPoint(
  path: string,
  page: { _id: string; revision: { _id: string; body: string } } | null,
): { base: EditorBase; body: string; restoredAt: string | null; pageChangedSince: boolean } {
  const base: EditorBase = {
    pageId: page?._id ?? null,
    revisionId: page?.revision._id ?? null,
    body: page?.revision.body ?? '',
  };
  const draft = loadDraft(path);
  if (!draft || draft.body === base.body) {
    return { base, body: base.body, restoredAt: null, pageChangedSince: false };
  }
  const sameBase = draft.pageId === base.pageId;
  // Someone saved the page after this draft was written (issue 30): the editor says so and shows
  // the page as it is now against the draft, before anything is saved over it.
  const pageChangedSince = page !== null && (!sameBase || draft.revisionId !== page.revision._id);
  return {
    base: sameBase
      ? { ...base, revisionId: draft.revisionId }
      : { pageId: null, revisionId: null, body: base.body },
    body: draft.body,
    restoredAt: draft.savedAt,
    pageChangedSince,
  };
}
