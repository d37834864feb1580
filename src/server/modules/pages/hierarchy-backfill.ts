// Pages written before the tree existed (an older database, or rows seeded straight into SQLite)
// and pages an archive import wrote have no parent id: give every live page its parent (creating
// empty placeholder ancestors) and recount descendants. A no-op when no page lacks a parent,
// decided by one cheap query.
//
// The work is SQL over the pages table, not rows held in JavaScript: at 100k pages a map of every
// path took 45 MiB of the import worker's heap, the largest part of an import's memory (issue 32).
import type Database from 'better-sqlite3';
import { newId } from '../../lib/ids';
import { parentPath } from './tree-store';

export function needsHierarchyBackfill(sqlite: Database.Database): boolean {
  const orphan = sqlite
    .prepare(`SELECT 1 FROM pages WHERE parent_id IS NULL AND path <> '/' AND status = 'published' LIMIT 1`)
    .get();
  return orphan !== undefined;
}

export function backfillHierarchy(sqlite: Database.Database): void {
  if (needsHierarchyBackfill(sqlite)) rebuildHierarchy(sqlite);
}

/**
 * Every published page's parent and descendant count, from the paths, placeholders made for the
 * ancestors no page holds. At 100k pages: about 0.8 s.
 */
export function rebuildHierarchy(sqlite: Database.Database): void {
  sqlite.function('quire_parent_path', { deterministic: true }, (path: unknown) =>
    typeof path === 'string' ? parentPath(path) : null,
  );
  sqlite.function('quire_new_id', { deterministic: false }, () => newId());
  const now = Date.now();
  sqlite.transaction(() => {
    // Placeholders where an ancestor has no page (UNION: each ancestor once).
    sqlite
      .prepare(
        `WITH RECURSIVE up(path) AS (
          SELECT quire_parent_path(path) FROM pages WHERE status = 'published'
          UNION SELECT quire_parent_path(path) FROM up WHERE path <> '/'
        )
        INSERT INTO pages (id, path, "grant", is_empty, created_at, updated_at)
          SELECT quire_new_id(), path, 1, 1, ?, ? FROM up
          WHERE path IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pages p WHERE p.path = up.path)`,
      )
      .run(now, now);
    // Then each page's parent, and its count: one for every page with content it is an ancestor of,
    // found by walking up the parents just set (faster than walking up the paths again).
    sqlite.exec(`
      UPDATE pages SET descendant_count = 0,
          parent_id = (SELECT p.id FROM pages p WHERE p.path = quire_parent_path(pages.path) AND p.status = 'published')
        WHERE status = 'published';
      WITH RECURSIVE up(id) AS (
        SELECT parent_id FROM pages WHERE status = 'published' AND is_empty = 0 AND parent_id IS NOT NULL
        UNION ALL SELECT p.parent_id FROM pages p JOIN up ON p.id = up.id WHERE p.parent_id IS NOT NULL
      ), counts(id, n) AS (SELECT id, count(*) FROM up GROUP BY id)
      UPDATE pages SET descendant_count = counts.n FROM counts WHERE pages.id = counts.id;`);
  })();
}
