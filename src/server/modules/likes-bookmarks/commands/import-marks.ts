// The likes and bookmarks module's commands for an archive import: a page's likes and "seen by"
// marks as the archive has them, and bookmarks (issue 31: the import writes these tables only
// through here).
import type Database from 'better-sqlite3';

export function preparePageMarksImport(sqlite: Database.Database) {
  const clear = [
    sqlite.prepare('DELETE FROM likes WHERE page_id = ?'),
    sqlite.prepare('DELETE FROM page_seen_users WHERE page_id = ?'),
  ];
  const addLike = sqlite.prepare(
    'INSERT OR IGNORE INTO likes (page_id, user_id, created_at) VALUES (?, ?, ?)',
  );
  const addSeen = sqlite.prepare(
    'INSERT OR IGNORE INTO page_seen_users (page_id, user_id, created_at) VALUES (?, ?, ?)',
  );
  const hasBookmark = sqlite.prepare('SELECT 1 FROM bookmarks WHERE page_id = ? AND user_id = ?');
  const upsertBookmark = sqlite.prepare(
    `INSERT INTO bookmarks (page_id, user_id, created_at) VALUES (?, ?, ?)
     ON CONFLICT (page_id, user_id) DO UPDATE SET created_at = excluded.created_at`,
  );
  return {
    removeAllBookmarks: () => sqlite.prepare('DELETE FROM bookmarks').run(),
    hasBookmark: (pageId: string, userId: string) => hasBookmark.get(pageId, userId) !== undefined,
    saveBookmark: (pageId: string, userId: string, at: number) => upsertBookmark.run(pageId, userId, at),
    /** A page replaced by the archive's keeps none of the marks of the one it replaced. */
    clearPage: (pageId: string) => {
      for (const statement of clear) statement.run(pageId);
    },
    addLike: (pageId: string, userId: string, at: number) => addLike.run(pageId, userId, at),
    addSeen: (pageId: string, userId: string, at: number) => addSeen.run(pageId, userId, at),
  };
}
