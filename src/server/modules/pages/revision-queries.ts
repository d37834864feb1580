// Prepared statements over pages' revisions for the modules that read them (the history screens,
// notifications): on any connection, as tags' queries are. Two saves of one page may share a
// millisecond: the row written first is the earlier one (rowid breaks the tie).
import type Database from 'better-sqlite3';

export interface EditRow {
  id: string;
  page_id: string;
  author_id: string;
  created_at: number;
}

/** One of a user's revisions with the revision saved just before it on the same page (anyone's). */
export interface UserEditRow {
  id: string;
  page_id: string;
  created_at: number;
  prev_author: string | null;
  prev_id: string | null;
}

export function prepareRevisionQueries(sqlite: Database.Database) {
  const previous = sqlite.prepare<[string, string], { id: string }>(
    `SELECT p.id FROM revisions c JOIN revisions p ON p.page_id = c.page_id
     WHERE c.id = ? AND c.page_id = ?
       AND (p.created_at < c.created_at OR (p.created_at = c.created_at AND p.rowid < c.rowid))
     ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1`,
  );
  const revision = sqlite.prepare<
    [string],
    { body: string; page_id: string; created_at: number; rowid: number }
  >('SELECT body, page_id, created_at, rowid FROM revisions WHERE id = ?');
  const bodyBefore = sqlite.prepare<[string, number, number], { body: string }>(
    `SELECT body FROM revisions WHERE page_id = ? AND (created_at, rowid) < (?, ?)
     ORDER BY created_at DESC, rowid DESC LIMIT 1`,
  );
  // A page's first revision is its creation, not an edit.
  const edits = sqlite.prepare<[number], EditRow>(
    `SELECT r.id, r.page_id, r.author_id, r.created_at FROM revisions r
     WHERE r.created_at > ? AND r.author_id IS NOT NULL
       AND EXISTS (SELECT 1 FROM revisions e WHERE e.page_id = r.page_id
         AND (e.created_at, e.rowid) < (r.created_at, r.rowid))`,
  );
  const userEdits = sqlite.prepare<[string, string, number, number], UserEditRow>(
    `SELECT id, page_id, created_at, prev_author, prev_id FROM (
       SELECT r.id, r.page_id, r.author_id, r.created_at, r.rowid AS seq,
         LAG(r.author_id) OVER w AS prev_author, LAG(r.id) OVER w AS prev_id
       FROM revisions r
       WHERE r.page_id IN (SELECT DISTINCT page_id FROM revisions WHERE author_id = ?)
       WINDOW w AS (PARTITION BY r.page_id ORDER BY r.created_at, r.rowid))
     WHERE author_id = ? AND created_at >= ? AND created_at <= ?
     ORDER BY created_at, seq`,
  );
  const bodyOf = sqlite.prepare<[string, string], { body: string }>(
    'SELECT body FROM revisions WHERE id = ? AND page_id = ?',
  );
  return {
    /** A user's revisions saved from `from` to `to` (ms), in order, each with the one before it. */
    userEdits: (userId: string, from: number, to: number): IterableIterator<UserEditRow> =>
      userEdits.iterate(userId, userId, from, to),
    /** The body of a revision of `pageId`, or undefined when it is not that page's. */
    bodyOf: (revisionId: string, pageId: string): string | undefined => bodyOf.get(revisionId, pageId)?.body,
    /** The revision of `pageId` saved just before `revisionId`, or null. */
    previousId: (pageId: string, revisionId: string): string | null =>
      previous.get(revisionId, pageId)?.id ?? null,
    /** A revision's body and the body before it ('' for a page's first revision). */
    bodyWithPrevious(revisionId: string): { body: string; previous: string } | undefined {
      const row = revision.get(revisionId);
      if (!row) return undefined;
      return { body: row.body, previous: bodyBefore.get(row.page_id, row.created_at, row.rowid)?.body ?? '' };
    },
    /** Edits (not creations) saved after `since`, by someone. */
    editsSince: (since: number): EditRow[] => edits.all(since),
  };
}
