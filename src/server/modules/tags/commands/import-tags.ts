// The tags module's commands for an archive import (issue 31: the import writes tags and page tags
// only through here), prepared once on the import's connection.
import type Database from 'better-sqlite3';

export function prepareTagImport(sqlite: Database.Database) {
  const byKey = sqlite.prepare<[string, string], { id: string }>(
    'SELECT id FROM tags WHERE name_key = ? AND id <> ?',
  );
  const upsert = sqlite.prepare(
    `INSERT INTO tags (id, name, name_key) VALUES (?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key`,
  );
  const hasPageTag = sqlite.prepare('SELECT 1 FROM page_tags WHERE page_id = ? AND tag_id = ?');
  const addPageTag = sqlite.prepare('INSERT OR IGNORE INTO page_tags (page_id, tag_id) VALUES (?, ?)');
  return {
    removeAllTags: () => sqlite.prepare('DELETE FROM tags').run(),
    removeAllPageTags: () => sqlite.prepare('DELETE FROM page_tags').run(),
    /** Another tag of this name (names compare without case), if any. */
    holderOf: (name: string, exceptId: string) => byKey.get(name.toLowerCase(), exceptId)?.id,
    saveTag: (id: string, name: string) => upsert.run(id, name, name.toLowerCase()),
    hasPageTag: (pageId: string, tagId: string) => hasPageTag.get(pageId, tagId) !== undefined,
    addPageTag: (pageId: string, tagId: string) => addPageTag.run(pageId, tagId),
  };
}
