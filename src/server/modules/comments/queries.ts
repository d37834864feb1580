// Prepared statements over comments for the modules that read them (notifications), on any
// connection; and the comment count the page read's one statement takes (pages/queries.ts).
import type Database from 'better-sqlite3';

/** The number of comments on page `@id`, as a column of a larger statement. */
export const COMMENT_COUNT_SQL = '(SELECT count(*) FROM comments WHERE page_id = @id)';

export interface CommentRow {
  id: string;
  page_id: string;
  creator_id: string;
  created_at: number;
}

export function prepareCommentQueries(sqlite: Database.Database) {
  const text = sqlite.prepare<[string], { comment: string }>('SELECT comment FROM comments WHERE id = ?');
  const since = sqlite.prepare<[number], CommentRow>(
    'SELECT id, page_id, creator_id, created_at FROM comments WHERE created_at > ? AND creator_id IS NOT NULL',
  );
  return {
    textOf: (commentId: string): string | undefined => text.get(commentId)?.comment,
    /** Comments written after `since`, by someone. */
    since: (time: number): CommentRow[] => since.all(time),
  };
}
