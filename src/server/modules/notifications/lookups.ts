// Texts a notification quotes, read at delivery time: a revision with the one before it, a comment.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/client';

export class NotificationLookups {
  private readonly revision: Statement<
    [string],
    { body: string; page_id: string; created_at: number; rowid: number }
  >;
  private readonly previous: Statement<[string, number, number], { body: string }>;
  private readonly comment: Statement<[string], { comment: string }>;

  constructor(db: Db) {
    const sqlite = db.$client;
    this.revision = sqlite.prepare('SELECT body, page_id, created_at, rowid FROM revisions WHERE id = ?');
    // Two saves of one page may share a millisecond: the row written first is the earlier one.
    this.previous = sqlite.prepare(
      `SELECT body FROM revisions WHERE page_id = ? AND (created_at, rowid) < (?, ?)
       ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    );
    this.comment = sqlite.prepare('SELECT comment FROM comments WHERE id = ?');
  }

  /** A revision's body and the body before it ('' for a page's first revision). */
  revisionWithPrevious(revisionId: string): { body: string; previous: string } | undefined {
    const row = this.revision.get(revisionId);
    if (!row) return undefined;
    return {
      body: row.body,
      previous: this.previous.get(row.page_id, row.created_at, row.rowid)?.body ?? '',
    };
  }

  commentText(commentId: string): string | undefined {
    return this.comment.get(commentId)?.comment;
  }
}
