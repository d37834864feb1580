// Pages written before the tree existed (an older database, or rows seeded straight into SQLite)
// have no parent id: at start, give every live page its parent (creating empty placeholder
// ancestors) and recount descendants. A no-op after the first run, decided by one cheap query.
import type Database from 'better-sqlite3';
import { newId } from '../../lib/ids';
import { ancestorPaths, parentPath } from './tree-store';

export function needsHierarchyBackfill(sqlite: Database.Database): boolean {
  const orphan = sqlite
    .prepare(`SELECT 1 FROM pages WHERE parent_id IS NULL AND path <> '/' AND status = 'published' LIMIT 1`)
    .get();
  return orphan !== undefined;
}

export function backfillHierarchy(sqlite: Database.Database): void {
  if (!needsHierarchyBackfill(sqlite)) return;
  const rows = sqlite
    .prepare<[], { id: string; path: string; isEmpty: number }>(
      `SELECT id, path, is_empty AS isEmpty FROM pages WHERE status = 'published'`,
    )
    .all();
  const idByPath = new Map(rows.map((row) => [row.path, row.id]));
  const insertEmpty = sqlite.prepare(
    `INSERT INTO pages (id, path, "grant", is_empty, created_at, updated_at) VALUES (?, ?, 1, 1, ?, ?)`,
  );
  const setTree = sqlite.prepare('UPDATE pages SET parent_id = ?, descendant_count = ? WHERE id = ?');

  sqlite.transaction(() => {
    const now = Date.now();
    const counts = new Map<string, number>();
    for (const row of rows) {
      for (const ancestor of ancestorPaths(row.path)) {
        if (!idByPath.has(ancestor)) {
          const id = newId();
          insertEmpty.run(id, ancestor, now, now);
          idByPath.set(ancestor, id);
        }
        if (!row.isEmpty) counts.set(ancestor, (counts.get(ancestor) ?? 0) + 1);
      }
    }
    for (const [path, id] of idByPath) {
      const parent = parentPath(path);
      setTree.run(parent === null ? null : (idByPath.get(parent) ?? null), counts.get(path) ?? 0, id);
    }
  })();
}
