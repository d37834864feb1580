// The comments module's commands for an archive import (issue 31: the import writes comments only
// through here), prepared once on the import's connection.
import type Database from 'better-sqlite3';

export interface ImportedComment {
  id: string;
  pageId: string;
  revisionId: string | null;
  creatorId: string | null;
  replyTo: string | null;
  comment: string;
  createdAt: number;
  updatedAt: number;
}

export function prepareCommentImport(sqlite: Database.Database) {
  const upsert = sqlite.prepare(
    `INSERT INTO comments (id, page_id, revision_id, creator_id, reply_to, comment, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET page_id = excluded.page_id, revision_id = excluded.revision_id,
       creator_id = excluded.creator_id, reply_to = excluded.reply_to, comment = excluded.comment,
       created_at = excluded.created_at, updated_at = excluded.updated_at`,
  );
  return {
    removeAll: () => sqlite.prepare('DELETE FROM comments').run(),
    saveComment: (c: ImportedComment) =>
      upsert.run(c.id, c.pageId, c.revisionId, c.creatorId, c.replyTo, c.comment, c.createdAt, c.updatedAt),
  };
}
