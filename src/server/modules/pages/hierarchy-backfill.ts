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

/** Every ancestor path of the published pages chosen by `where` (one row per page and ancestor). */
const ancestorsOf = (where: string, union: 'UNION' | 'UNION ALL') => `
  WITH RECURSIVE up(path) AS (
    SELECT quire_parent_path(path) FROM pages WHERE status = 'published' AND ${where}
    ${union} SELECT quire_parent_path(path) FROM up WHERE path <> '/'
  )`;

export function backfillHierarchy(sqlite: Database.Database): void {
  if (!needsHierarchyBackfill(sqlite)) return;
  sqlite.function('quire_parent_path', { deterministic: true }, (path: unknown) =>
    typeof path === 'string' ? parentPath(path) : null,
  );
  sqlite.function('quire_new_id', { deterministic: false }, () => newId());
  const now = Date.now();
  sqlite.transaction(() => {
    // Placeholders where an ancestor has no page.
    sqlite
      .prepare(
        `${ancestorsOf('1', 'UNION')}
        INSERT INTO pages (id, path, "grant", is_empty, created_at, updated_at)
          SELECT quire_new_id(), path, 1, 1, ?, ? FROM up
          WHERE path IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pages p WHERE p.path = up.path)`,
      )
      .run(now, now);
    sqlite.exec(`
      UPDATE pages SET descendant_count = 0,
          parent_id = (SELECT p.id FROM pages p WHERE p.path = quire_parent_path(pages.path) AND p.status = 'published')
        WHERE status = 'published';
      ${ancestorsOf('is_empty = 0', 'UNION ALL')},
      counts(path, n) AS (SELECT path, count(*) FROM up WHERE path IS NOT NULL GROUP BY path)
      UPDATE pages SET descendant_count = counts.n FROM counts
        WHERE pages.path = counts.path AND pages.status = 'published';`);
  })();
}
