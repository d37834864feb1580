// Set-based SQL for the page tree: parent ids, descendant counts, placeholder ancestors and whole
// subtrees. Every method runs on the caller's transaction (better-sqlite3 is one connection).
import type Database from 'better-sqlite3';
import { newId } from '../../lib/ids';

export interface TreeRow {
  id: string;
  path: string;
  parentId: string | null;
  isEmpty: number;
  descendantCount: number;
  status: string;
  grant: number;
  creatorId: string | null;
  grantedGroupIds: string | null;
  revisionId: string | null;
  deletedFromPath: string | null;
  /** GROWI 7's work in progress (1 or 0). */
  wip: number;
}

export type SubtreeRow = Pick<
  TreeRow,
  'id' | 'path' | 'isEmpty' | 'grant' | 'creatorId' | 'grantedGroupIds' | 'status'
>;

/** `/a/b/c` → [`/`, `/a`, `/a/b`]: the paths above a page, root first. */
export function ancestorPaths(path: string): string[] {
  if (path === '/') return [];
  const parts = path.split('/').slice(1, -1);
  const result = ['/'];
  let current = '';
  for (const part of parts) {
    current += `/${part}`;
    result.push(current);
  }
  return result;
}

export function parentPath(path: string): string | null {
  return ancestorPaths(path).at(-1) ?? null;
}

/**
 * Descendants of `path` are the paths in the half-open range [path + '/', path + '0'): '0' is the
 * character after '/', so this is a case-sensitive prefix match that uses the path index and needs
 * no LIKE escaping.
 */
export function subtreeRange(path: string): { lo: string; hi: string } {
  return path === '/' ? { lo: '/', hi: '0' } : { lo: `${path}/`, hi: `${path}0` };
}

const TREE_COLUMNS = `id, path, parent_id AS parentId, is_empty AS isEmpty, descendant_count AS descendantCount,
  status, "grant", creator_id AS creatorId, granted_group_ids AS grantedGroupIds, revision_id AS revisionId,
  deleted_from_path AS deletedFromPath, wip`;

export function prepareTreeStore(sqlite: Database.Database) {
  const byPath = sqlite.prepare<[string], TreeRow>(`SELECT ${TREE_COLUMNS} FROM pages WHERE path = ?`);
  const byId = sqlite.prepare<[string], TreeRow>(`SELECT ${TREE_COLUMNS} FROM pages WHERE id = ?`);
  const insertEmpty = sqlite.prepare(
    `INSERT INTO pages (id, path, "grant", parent_id, is_empty, descendant_count, created_at, updated_at)
     VALUES (?, ?, 1, ?, 1, ?, ?, ?)`,
  );
  const addCount = sqlite.prepare('UPDATE pages SET descendant_count = descendant_count + ? WHERE path = ?');
  const deleteIfUnused = sqlite.prepare(
    `DELETE FROM pages WHERE path = ? AND is_empty = 1
       AND NOT EXISTS (SELECT 1 FROM pages c WHERE c.parent_id = pages.id)`,
  );
  const subtreeRows = sqlite.prepare<[string, string], SubtreeRow>(
    `SELECT id, path, is_empty AS isEmpty, "grant", creator_id AS creatorId,
       granted_group_ids AS grantedGroupIds, status
     FROM pages WHERE path >= ? AND path < ?`,
  );
  const collisions = sqlite.prepare<[string, number, string, string], { n: number }>(
    `SELECT count(*) AS n FROM pages s JOIN pages t ON t.path = ? || substr(s.path, ? + 1)
     WHERE s.path >= ? AND s.path < ?`,
  );
  const countLive = sqlite.prepare<[string, string], { n: number }>(
    'SELECT count(*) AS n FROM pages WHERE path >= ? AND path < ? AND is_empty = 0',
  );
  const hasChild = sqlite.prepare<[string], { one: number }>(
    'SELECT 1 AS one FROM pages WHERE parent_id = ? LIMIT 1',
  );
  const reparent = sqlite.prepare('UPDATE pages SET parent_id = ? WHERE parent_id = ?');

  return {
    byPath: (path: string) => byPath.get(path),
    byId: (id: string) => byId.get(id),
    subtreeRows: (path: string) => {
      const { lo, hi } = subtreeRange(path);
      return subtreeRows.all(lo, hi);
    },

    /** The id of the row at `path`'s parent, creating empty placeholder rows for missing ancestors. */
    ensureAncestors(path: string): string | null {
      let parentId: string | null = null;
      const now = Date.now();
      for (const ancestor of ancestorPaths(path)) {
        const row = byPath.get(ancestor);
        if (row) {
          parentId = row.id;
          continue;
        }
        const id = newId();
        insertEmpty.run(id, ancestor, parentId, 0, now, now);
        parentId = id;
      }
      return parentId;
    },

    /** Adds `delta` to the descendant count of every page above `path`. */
    addToAncestors(path: string, delta: number): void {
      if (delta === 0) return;
      for (const ancestor of ancestorPaths(path)) addCount.run(delta, ancestor);
    },

    /** Deletes placeholder rows above `path` that no longer have children, deepest first. */
    pruneEmptyAncestors(path: string): void {
      for (const candidate of ancestorPaths(path).reverse()) {
        if (deleteIfUnused.run(candidate).changes === 0) break;
      }
    },

    /** How many pages of the subtree (excluding its root) would land on an existing path. */
    countCollisions(oldPath: string, newPath: string): number {
      const { lo, hi } = subtreeRange(oldPath);
      return collisions.get(newPath, [...oldPath].length, lo, hi)?.n ?? 0;
    },

    /** Non-empty pages below `path`, counted (not trusted from a stored count). */
    countDescendants(path: string): number {
      const { lo, hi } = subtreeRange(path);
      return countLive.get(lo, hi)?.n ?? 0;
    },

    hasChildren: (id: string) => hasChild.get(id) !== undefined,

    /** Gives `fromId`'s children to `toId` (a placeholder taking a page's place, or the reverse). */
    reparent(fromId: string, toId: string): void {
      reparent.run(toId, fromId);
    },

    insertPlaceholder(path: string, parentId: string | null, descendantCount: number): string {
      const id = newId();
      const now = Date.now();
      insertEmpty.run(id, path, parentId, descendantCount, now, now);
      return id;
    },
  };
}
export type TreeStore = ReturnType<typeof prepareTreeStore>;
