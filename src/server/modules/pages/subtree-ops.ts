// Moving and removing a page or a whole subtree in a few set-based statements (never a loop of
// per-page updates): rename, move to and from the trash, and complete deletion share this code.
// Callers run these inside one transaction and emit events after it commits.
import type Database from 'better-sqlite3';
import { conflict } from '../../lib/app-error';
import { subtreeRange, type TreeRow, type TreeStore } from './tree-store';

export interface MovedPage {
  pageId: string;
  oldPath: string;
  path: string;
}

export type MoveMode =
  { kind: 'rename' } | { kind: 'trash'; userId: string; at: number } | { kind: 'restore' };

export function prepareSubtreeOps(sqlite: Database.Database, store: TreeStore) {
  const rewritePaths = sqlite.prepare(
    'UPDATE pages SET path = ? || substr(path, ? + 1) WHERE path >= ? AND path < ?',
  );
  const updateRoot = sqlite.prepare(
    'UPDATE pages SET path = ?, parent_id = ?, descendant_count = ? WHERE id = ?',
  );
  const deleteRow = sqlite.prepare('DELETE FROM pages WHERE id = ?');
  const deleteRange = sqlite.prepare('DELETE FROM pages WHERE path >= ? AND path < ?');
  const orphanChildren = sqlite.prepare('UPDATE pages SET parent_id = NULL WHERE parent_id = ?');
  const saveRedirects = sqlite.prepare(
    `INSERT OR REPLACE INTO redirects (from_path, page_id, created_at)
     SELECT path, id, ? FROM pages WHERE is_empty = 0 AND (id = ? OR (? AND path >= ? AND path < ?))`,
  );
  const setDeleted = sqlite.prepare(
    `UPDATE pages SET status = 'deleted', deleted_at = ?, delete_user_id = ?, deleted_from_path = path
     WHERE id = ? OR (? AND path >= ? AND path < ?)`,
  );
  const setPublished = sqlite.prepare(
    `UPDATE pages SET status = 'published', deleted_at = NULL, delete_user_id = NULL, deleted_from_path = NULL
     WHERE id = ? OR (? AND path >= ? AND path < ?)`,
  );

  /** The pages (not placeholders) that a move or removal touches, for the events. */
  function affected(root: TreeRow, recursive: boolean): { id: string; path: string; grant: number }[] {
    const below = recursive ? store.subtreeRows(root.path).filter((row) => !row.isEmpty) : [];
    return root.isEmpty ? below : [{ id: root.id, path: root.path, grant: root.grant }, ...below];
  }

  /** A page keeps its place in the tree for its children when it leaves alone (not recursively). */
  function leavePlaceholder(root: TreeRow, recursive: boolean, descendants: number): void {
    if (recursive || !store.hasChildren(root.id)) return;
    const placeholderId = store.insertPlaceholder(root.path, root.parentId, descendants);
    store.reparent(root.id, placeholderId);
  }

  return {
    /**
     * Moves `root` (and with `recursive` everything below it) to `newPath`. Throws 409 when the
     * target or any descendant's target exists; an empty placeholder at the target is taken over.
     */
    move(root: TreeRow, newPath: string, recursive: boolean, mode: MoveMode): MovedPage[] {
      const oldPath = root.path;
      const target = store.byPath(newPath);
      if (target && (!target.isEmpty || mode.kind === 'trash')) {
        throw conflict('already_exists', 'errors.page_exists', { path: newPath });
      }
      if (recursive && store.countCollisions(oldPath, newPath) > 0) {
        throw conflict('already_exists', 'errors.descendant_exists', { path: newPath });
      }
      const moved = affected(root, recursive);
      const descendants = store.countDescendants(oldPath);
      const carried = (root.isEmpty ? 0 : 1) + (recursive ? descendants : 0);
      const fromLive = root.status === 'published';
      const toLive = mode.kind !== 'trash';

      if (fromLive) store.addToAncestors(oldPath, -carried);
      if (mode.kind === 'rename')
        saveRedirects.run(Date.now(), root.id, recursive ? 1 : 0, ...range(oldPath));
      if (mode.kind === 'trash') {
        setDeleted.run(mode.at, mode.userId, root.id, recursive ? 1 : 0, ...range(oldPath));
      }
      if (mode.kind === 'restore') setPublished.run(root.id, recursive ? 1 : 0, ...range(oldPath));
      if (target) deleteRow.run(target.id);
      if (recursive) rewritePaths.run(newPath, [...oldPath].length, ...range(oldPath));
      const parentId = toLive ? store.ensureAncestors(newPath) : null;
      const ownCount = (recursive ? descendants : 0) + (target?.descendantCount ?? 0);
      updateRoot.run(newPath, parentId, ownCount, root.id);
      // Only now is the old path free for a placeholder that keeps the children in place.
      if (!recursive && fromLive) leavePlaceholder(root, recursive, descendants);
      else if (!recursive) orphanChildren.run(root.id);
      if (target) store.reparent(target.id, root.id);
      if (toLive) store.addToAncestors(newPath, carried);
      if (fromLive) store.pruneEmptyAncestors(oldPath);

      return moved.map((page) => ({
        pageId: page.id,
        oldPath: page.path,
        path: newPath + page.path.slice(oldPath.length),
      }));
    },

    /** Deletes `root` (and with `recursive` its subtree) from the database; returns what went. */
    remove(root: TreeRow, recursive: boolean): { pageId: string; path: string; grant: number }[] {
      const removed = affected(root, recursive);
      const fromLive = root.status === 'published';
      if (fromLive) {
        const descendants = store.countDescendants(root.path);
        store.addToAncestors(root.path, -((root.isEmpty ? 0 : 1) + (recursive ? descendants : 0)));
        deleteRow.run(root.id);
        if (recursive) deleteRange.run(...range(root.path));
        else leavePlaceholder(root, false, descendants);
      } else {
        deleteRow.run(root.id);
        if (recursive) deleteRange.run(...range(root.path));
        else orphanChildren.run(root.id);
      }
      if (fromLive) store.pruneEmptyAncestors(root.path);
      return removed.map((page) => ({ pageId: page.id, path: page.path, grant: page.grant }));
    },
  };
}
export type SubtreeOps = ReturnType<typeof prepareSubtreeOps>;

function range(path: string): [string, string] {
  const { lo, hi } = subtreeRange(path);
  return [lo, hi];
}
