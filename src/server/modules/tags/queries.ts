// Prepared statements over tags shared by page reads, search and the tags service.
import type Database from 'better-sqlite3';

/** Names of a page's tags in name order; a prepared statement, also used by search and page reads. */
export function prepareTagsOfPage(sqlite: Database.Database): (pageId: string) => string[] {
  const stmt = sqlite
    .prepare<[string], string>(
      `SELECT t.name FROM page_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.page_id = ? ORDER BY t.name_key`,
    )
    .pluck();
  return (pageId) => stmt.all(pageId);
}
