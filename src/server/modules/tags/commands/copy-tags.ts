// The tags module's command for a page made from another (a duplicate, a page from a template):
// it gets the other page's tags, in the caller's transaction.
import type Database from 'better-sqlite3';

export function prepareTagCopy(sqlite: Database.Database) {
  const copy = sqlite.prepare<[string, string]>(
    'INSERT INTO page_tags (page_id, tag_id) SELECT ?, tag_id FROM page_tags WHERE page_id = ?',
  );
  return (fromPageId: string, toPageId: string) => void copy.run(toPageId, fromPageId);
}
