// Rename, duplicate, delete to the trash, put back, delete completely and empty the trash: each
// one transaction (all or nothing), events emitted after it commits. Knows nothing of HTTP.
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFoundOrForbidden } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import { newId } from '../../lib/ids';
import {
  canDeletePageCompletely,
  canEditPage,
  canReadPage,
  type AccessContext,
} from '../../policies/page-access';
import type { PageCompleteDeletionAuthority } from '../../../shared/page-tree-types';
import type { Page } from '../../../shared/api-types';
import type { PagesService } from './service';
import { validatePagePath } from './service';
import { prepareSubtreeOps, type MovedPage, type SubtreeOps } from './subtree-ops';
import { prepareTreeStore, subtreeRange, type TreeRow, type TreeStore } from './tree-store';

type UserAccess = AccessContext & { viewer: { id: string; admin: boolean } };

const TRASH = '/trash';

/** `Please input the new page path` (SPEC §5) for an empty target, else the usual path checks. */
export function validateNewPath(input: string): string {
  if (input.trim() === '') throw badRequest('new_path_required', 'errors.new_path_required');
  return validatePagePath(input);
}

function isInside(path: string, ancestor: string): boolean {
  const { lo, hi } = subtreeRange(ancestor);
  return path >= lo && path < hi;
}

export class PageLifecycleService {
  private readonly tree: TreeStore;
  private readonly ops: SubtreeOps;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly pages: PagesService,
    private readonly deletionAuthority: () => PageCompleteDeletionAuthority,
  ) {
    this.tree = prepareTreeStore(db.$client);
    this.ops = prepareSubtreeOps(db.$client, this.tree);
  }

  /** A live page the viewer may change, at the revision they saw (409 `outdated` otherwise). */
  private editableRoot(ctx: UserAccess, pageId: string, revisionId?: string): TreeRow {
    const root = this.tree.byId(pageId);
    if (!root || root.isEmpty || !canEditPage(ctx, root)) throw notFoundOrForbidden();
    if (revisionId !== undefined && root.revisionId !== revisionId) {
      throw conflict('outdated', 'errors.outdated', undefined, { latestRevisionId: root.revisionId });
    }
    return root;
  }

  /** Every page below `root` must be one the viewer may edit, or nothing moves. */
  private assertSubtreeEditable(ctx: UserAccess, root: TreeRow): void {
    const denied = this.tree.subtreeRows(root.path).some((row) => !row.isEmpty && !canEditPage(ctx, row));
    if (denied) throw forbidden();
  }

  private emitMoved(moved: MovedPage[], userId: string): void {
    const below = belowAnother(moved.map((page) => page.oldPath));
    moved.forEach((page, i) => this.events.emit('page:moved', { ...page, userId, cascade: below[i] }));
  }

  rename(
    ctx: UserAccess,
    input: {
      pageId: string;
      revisionId?: string;
      newPagePath: string;
      isRecursively: boolean;
      confirmWiderGrant?: boolean;
    },
  ): Page {
    const newPath = validateNewPath(input.newPagePath);
    const moved = this.db.transaction(() => {
      const root = this.editableRoot(ctx, input.pageId, input.revisionId);
      if (root.status !== 'published') throw notFoundOrForbidden();
      if (root.path === '/') throw badRequest('cannot_move_top', 'errors.cannot_move_top');
      if (isInside(newPath, root.path)) throw badRequest('move_to_descendant', 'errors.move_to_descendant');
      if (input.isRecursively) this.assertSubtreeEditable(ctx, root);
      // Pages keep their grants when moved; the moved page must still fit under its new parent.
      this.pages.grants.assertFits(newPath, root, root.creatorId, input.confirmWiderGrant === true);
      return this.ops.move(root, newPath, input.isRecursively, { kind: 'rename' });
    });
    this.emitMoved(moved, ctx.viewer.id);
    return this.pages.written(ctx, input.pageId);
  }

  duplicate(
    ctx: UserAccess,
    input: { pageId: string; pageNameInput: string; isRecursively: boolean; confirmWiderGrant?: boolean },
  ): Page {
    const newPath = validateNewPath(input.pageNameInput);
    const sql = this.db.$client;
    const latestBody = sql.prepare<[string], { body: string }>(
      'SELECT r.body FROM pages p JOIN revisions r ON r.id = p.revision_id WHERE p.id = ?',
    );
    const created = this.db.transaction(() => {
      const root = this.tree.byId(input.pageId);
      if (!root || root.isEmpty || root.status !== 'published' || !canReadPage(ctx, root)) {
        throw notFoundOrForbidden();
      }
      if (isInside(newPath, root.path)) throw badRequest('move_to_descendant', 'errors.move_to_descendant');
      // Copies keep their source's grant and are the viewer's: they must fit under the new parent.
      this.pages.grants.assertFits(newPath, root, ctx.viewer.id, input.confirmWiderGrant === true);
      const below = input.isRecursively ? this.tree.subtreeRows(root.path) : [];
      const sources = [root, ...below].filter((row) => !row.isEmpty && canReadPage(ctx, row));
      const now = new Date();
      return sources.map((source) => {
        const path = newPath + source.path.slice(root.path.length);
        const pageId = newId();
        const body = latestBody.get(source.id)?.body ?? '';
        this.pages.insertPage({
          pageId,
          revisionId: newId(),
          path,
          body,
          userId: ctx.viewer.id,
          now,
          grant: source.grant,
          grantedGroupIds: source.grantedGroupIds,
        });
        this.pages.copyTagsOf(source.id, pageId); // a copy is tagged like its source
        return { pageId, path };
      });
    });
    const below = belowAnother(created.map((page) => page.path));
    created.forEach((page, i) =>
      this.events.emit('page:created', { ...page, userId: ctx.viewer.id, cascade: below[i] }),
    );
    const first = created[0];
    if (!first) throw notFoundOrForbidden();
    return this.pages.written(ctx, first.pageId);
  }

  /** Moves pages to the trash, or deletes them completely (pages already in the trash always are). */
  delete(
    ctx: UserAccess,
    input: { pageIdToRevisionIdMap: Record<string, string>; isRecursively: boolean; isCompletely: boolean },
  ): { paths: string[] } {
    const userId = ctx.viewer.id;
    const authority = this.deletionAuthority();
    const result = this.db.transaction(() => {
      const moved: MovedPage[] = [];
      const removed: { pageId: string; path: string; grant: number }[] = [];
      for (const [pageId, revisionId] of Object.entries(input.pageIdToRevisionIdMap)) {
        const root = this.editableRoot(ctx, pageId, revisionId === '' ? undefined : revisionId);
        if (root.path === '/') throw badRequest('cannot_delete_top', 'errors.cannot_delete_top');
        if (input.isRecursively) this.assertSubtreeEditable(ctx, root);
        if (input.isCompletely || root.status === 'deleted') {
          this.assertCompleteDeletion(ctx, root, input.isRecursively, authority);
          removed.push(...this.ops.remove(root, input.isRecursively));
        } else {
          const trashPath = this.trashPathFor(root, input.isRecursively);
          moved.push(
            ...this.ops.move(root, trashPath, input.isRecursively, { kind: 'trash', userId, at: Date.now() }),
          );
        }
      }
      return { moved, removed };
    });
    this.emitMoved(result.moved, userId);
    const below = belowAnother(result.removed.map((page) => page.path));
    result.removed.forEach((page, i) =>
      this.events.emit('page:deleted', { ...page, userId, cascade: below[i] }),
    );
    return { paths: [...result.moved.map((p) => p.oldPath), ...result.removed.map((p) => p.path)] };
  }

  /**
   * `/trash` + the page's path; when a page deleted earlier from the same path holds it, the id is
   * appended so both stay in the trash (put back uses deleted_from_path, not the trash path).
   */
  private trashPathFor(root: TreeRow, recursive: boolean): string {
    const plain = TRASH + root.path;
    const taken = this.tree.byPath(plain) || (recursive && this.tree.countCollisions(root.path, plain) > 0);
    return taken ? `${plain}~${root.id}` : plain;
  }

  private assertCompleteDeletion(
    ctx: UserAccess,
    root: TreeRow,
    recursive: boolean,
    authority: PageCompleteDeletionAuthority,
  ): void {
    const rows = recursive ? [root, ...this.tree.subtreeRows(root.path)] : [root];
    if (rows.some((row) => !row.isEmpty && !canDeletePageCompletely(ctx, row, authority))) {
      throw forbidden('user_not_admin', 'errors.user_not_admin');
    }
  }

  /** Puts a page (and with `isRecursively` what was deleted below it) back at its original path. */
  revert(ctx: UserAccess, input: { pageId: string; isRecursively: boolean }): Page {
    const moved = this.db.transaction(() => {
      const root = this.editableRoot(ctx, input.pageId);
      if (root.status !== 'deleted' || !isInside(root.path, TRASH)) throw notFoundOrForbidden();
      const original = root.deletedFromPath ?? root.path.slice(TRASH.length);
      return this.ops.move(root, original, input.isRecursively, { kind: 'restore' });
    });
    this.emitMoved(moved, ctx.viewer.id);
    return this.pages.written(ctx, input.pageId);
  }

  /**
   * Removes the redirects that lead old paths to this page (all, or the one from `fromPath`), so
   * the old paths are free and no longer land here (SPEC §2 notice "unlinked").
   */
  unlink(ctx: UserAccess, input: { pageId: string; fromPath?: string }): { unlinkedCount: number } {
    const root = this.editableRoot(ctx, input.pageId);
    if (root.status !== 'published') throw notFoundOrForbidden();
    const sqlite = this.db.$client;
    const result =
      input.fromPath === undefined
        ? sqlite.prepare('DELETE FROM redirects WHERE page_id = ?').run(root.id)
        : sqlite
            .prepare('DELETE FROM redirects WHERE page_id = ? AND from_path = ?')
            .run(root.id, input.fromPath);
    return { unlinkedCount: result.changes };
  }

  /** Deletes every page in the trash the viewer may delete completely. */
  /** GROWI's answer names the pages deleted (`deletablePages`); `deletedCount` counts them. */
  emptyTrash(ctx: UserAccess): { deletablePages: DeletedPage[]; deletedCount: number } {
    const authority = this.deletionAuthority();
    const removed = this.db.transaction(() => {
      const rows = this.tree.subtreeRows(TRASH).filter((row) => row.status === 'deleted');
      const deletable = rows.filter((row) => canDeletePageCompletely(ctx, row, authority));
      if (rows.length > 0 && deletable.length === 0)
        throw forbidden('user_not_admin', 'errors.user_not_admin');
      const remove = this.db.$client.prepare('DELETE FROM pages WHERE id = ?');
      for (const row of deletable) remove.run(row.id);
      return deletable.filter((row) => !row.isEmpty);
    });
    for (const row of removed)
      this.events.emit('page:deleted', { pageId: row.id, path: row.path, userId: ctx.viewer.id });
    const deletablePages = removed.map((row) => ({
      _id: row.id,
      path: row.path,
      status: 'deleted' as const,
      grant: row.grant,
    }));
    return { deletablePages, deletedCount: removed.length };
  }
}

interface DeletedPage {
  _id: string;
  path: string;
  status: 'deleted';
  grant: number;
}

/** For each path, whether another path of the same operation is its ancestor (it moved along). */
function belowAnother(paths: string[]): boolean[] {
  const all = new Set(paths);
  return paths.map((path) => {
    for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) {
      if (all.has(path.slice(0, i))) return true;
    }
    return false;
  });
}
