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

/** The names of page `@id`'s tags in name order, as a JSON array: a column of the page read's one statement. */
export const TAG_NAMES_SQL = `(SELECT json_group_array(name) FROM
    (SELECT t.name FROM page_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.page_id = @id
     ORDER BY t.name_key))`;

/** Every page's tags as [page id, tag name] rows (a search index build walks them once). */
export function prepareAllPageTags(sqlite: Database.Database): () => IterableIterator<[string, string]> {
  const stmt = sqlite
    .prepare<[], [string, string]>(
      'SELECT pt.page_id, t.name FROM page_tags pt JOIN tags t ON t.id = pt.tag_id',
    )
    .raw();
  return () => stmt.iterate();
}
