// Reading the tree and lists of pages: children of one page (the lazy sidebar tree), the root,
// descendants with pagination, and the trash. Every list filters with listablePages.
import { and, asc, desc, eq, gt, gte, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { pages } from '../../db/schema';
import { notFoundOrForbidden } from '../../lib/app-error';
import { canCreatePages, canReadPage, listablePages, type AccessContext } from '../../policies/page-access';
import type { PageSummary } from '../../../shared/api-types';
import type { TreeNode } from '../../../shared/page-tree-types';
import { toPageSummary } from './presenter';
import { pageSummaryWindow, selectPageSummaries } from './queries';
import { subtreeRange } from './tree-store';
import { subtreeOf } from './scopes';
import { viewerKey, visibleCountsOf } from './visible-counts';
import { listingKey, listingMemo } from './listing-memo';
import type { RowMemo } from '../../db/row-watch';

const TRASH = '/trash';

const nodeColumns = {
  _id: pages.id,
  path: pages.path,
  parentId: pages.parentId,
  isEmpty: pages.isEmpty,
  descendantCount: pages.descendantCount,
  grant: pages.grant,
  updatedAt: pages.updatedAt,
};

function toNode(row: {
  _id: string;
  path: string;
  parentId: string | null;
  isEmpty: boolean;
  descendantCount: number;
  grant: number;
  updatedAt: Date;
}): TreeNode {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

const MAX_PREPARED_VIEWERS = 1000;

type TreeLevel = { children: TreeNode[]; hasNext: boolean };

const published = eq(pages.status, 'published');

export class PageListingService {
  private readonly parentById;
  private readonly parentByPath;
  private readonly childrenByViewer = new Map<string, ReturnType<PageListingService['prepareChildren']>>();
  /** The tree's levels as each reader's visibility sees them (issue 32: the sidebar asks often). */
  private readonly levels: RowMemo<TreeLevel>;

  constructor(private readonly db: Db) {
    this.levels = listingMemo(db.$client);
    const parent = () =>
      db
        .select({
          id: pages.id,
          grant: pages.grant,
          creatorId: pages.creatorId,
          grantedGroupIds: pages.grantedGroupIds,
          isEmpty: pages.isEmpty,
        })
        .from(pages);
    this.parentById = parent()
      .where(eq(pages.id, sql.placeholder('id')))
      .prepare();
    this.parentByPath = parent()
      .where(eq(pages.path, sql.placeholder('path')))
      .prepare();
  }

  /** Live pages granted to a group, by path (GROWI's `GET /user-groups/{id}/pages`, for admins). */
  grantedToGroup(groupId: string, offset: number, limit: number): { pages: PageSummary[]; total: number } {
    const granted = sql`${pages.status} = 'published' AND ${pages.isEmpty} = 0 AND EXISTS (SELECT 1 FROM json_each(${pages.grantedGroupIds}) WHERE value = ${groupId})`;
    const { rows, total } = pageSummaryWindow(this.db, granted, [asc(pages.path)], offset, limit);
    return { pages: rows.map((row) => toPageSummary(row)), total };
  }

  /** The root node (`/`), or null when the wiki has no pages yet. */
  root(ctx: AccessContext): TreeNode | null {
    const found = this.db
      .select({ ...nodeColumns, creatorId: pages.creatorId, grantedGroupIds: pages.grantedGroupIds })
      .from(pages)
      .where(eq(pages.path, '/'))
      .get();
    if (!found || (!found.isEmpty && !canReadPage(ctx, found))) return null;
    const { creatorId: _creatorId, grantedGroupIds: _groups, ...row } = found;
    return visibleCountsOf(this.db).forReader(ctx, [toNode(row)])[0] ?? null;
  }

  /**
   * One level of the tree in path order, `limit` at a time after the path `after` (a keyset
   * cursor on the (parent_id, path) index, so 10k siblings are read a window at a time). A level's
   * first window, which every reader opening it asks for, is kept; a window after a cursor is read
   * each time: kept, a reader paging through 10k siblings filled the memo with windows nobody asked
   * for again, each kept until the memo started over, and that old-generation garbage made the
   * full collections that set the listing's p99 (issue 32, `npm run bench -- tree`).
   */
  children(
    ctx: AccessContext,
    where: { id: string } | { path: string },
    limit: number,
    after?: string,
  ): TreeLevel {
    if (after) return this.readChildren(ctx, where, limit, after);
    const key = listingKey(ctx, 'id' in where ? `id:${where.id}` : `path:${where.path}`, limit, after);
    return this.levels.get(key, () => this.readChildren(ctx, where, limit, after))!;
  }

  private readChildren(
    ctx: AccessContext,
    where: { id: string } | { path: string },
    limit: number,
    after?: string,
  ): TreeLevel {
    const parent = 'id' in where ? this.parentById.get(where) : this.parentByPath.get(where);
    if (!parent || (!parent.isEmpty && !canReadPage(ctx, parent))) throw notFoundOrForbidden();
    const rows = this.childrenQuery(ctx).all({ parentId: parent.id, after: after ?? '', limit: limit + 1 });
    const children = visibleCountsOf(this.db).forReader(ctx, rows.slice(0, limit).map(toNode));
    return { children, hasNext: rows.length > limit };
  }

  /**
   * The children statement for this viewer, prepared once per viewer: listablePages inlines the
   * viewer, so each distinct viewer gets its own statement (a LAN wiki has few).
   */
  private childrenQuery(ctx: AccessContext) {
    // The viewer's groups are inlined too: a change of membership gets a new statement.
    const key = viewerKey(ctx);
    let query = this.childrenByViewer.get(key);
    if (!query) {
      if (this.childrenByViewer.size >= MAX_PREPARED_VIEWERS) this.childrenByViewer.clear();
      query = this.prepareChildren(ctx);
      this.childrenByViewer.set(key, query);
    }
    return query;
  }

  private prepareChildren(ctx: AccessContext) {
    // An empty placeholder shows only when some page below it may be listed: a path segment
    // nobody wrote must not reveal the title of a restricted page under it.
    const below = alias(pages, 'below');
    const placeholderShows = sql`EXISTS (SELECT 1 FROM ${pages} AS ${sql.identifier('below')} WHERE ${and(
      gte(below.path, sql`${pages.path} || '/'`),
      lt(below.path, sql`${pages.path} || '0'`),
      eq(below.isEmpty, false),
      eq(below.status, 'published'),
      listablePages(ctx, below),
    )})`;
    return this.db
      .select(nodeColumns)
      .from(pages)
      .where(
        and(
          eq(pages.parentId, sql.placeholder('parentId')),
          gt(pages.path, sql.placeholder('after')),
          eq(pages.status, 'published'),
          or(
            and(eq(pages.isEmpty, false), listablePages(ctx)),
            and(eq(pages.isEmpty, true), placeholderShows),
          ),
        ),
      )
      .orderBy(asc(pages.parentId), asc(pages.path))
      .limit(sql.placeholder('limit'))
      .prepare();
  }

  /** Pages below `path` (not placeholders), in path order, one page of the list at a time. */
  descendants(ctx: AccessContext, path: string, page: number, limit: number) {
    const { lo, hi } = subtreeRange(path);
    // The root's range starts at '/' itself: the top page is not below itself.
    return this.list(
      ctx,
      and(gte(pages.path, lo), lt(pages.path, hi), ne(pages.path, path), eq(pages.status, 'published')),
      asc(pages.path),
      page,
      limit,
    );
  }

  /**
   * GROWI's subordinated list: the page at `path` and the pages below it that the viewer may
   * change (what a rename or delete of it would carry along), by path. Nothing for guests and
   * read-only users.
   */
  subordinated(ctx: AccessContext, path: string, limit: number): PageSummary[] {
    if (!canCreatePages(ctx)) return [];
    return this.list(ctx, and(subtreeOf(path), published), asc(pages.path), 1, limit).pages;
  }

  /** A user's pages, newest first: those they created, or those they saved last (a user home). */
  byUser(ctx: AccessContext, userId: string, kind: 'created' | 'updated', page: number, limit: number) {
    return kind === 'created'
      ? this.list(ctx, and(eq(pages.creatorId, userId), published), desc(pages.createdAt), page, limit)
      : this.list(
          ctx,
          and(eq(pages.lastUpdateUserId, userId), published),
          desc(pages.updatedAt),
          page,
          limit,
        );
  }

  /** Deleted pages, most recently deleted first. */
  trash(ctx: AccessContext, page: number, limit: number) {
    const { lo, hi } = subtreeRange(TRASH);
    return this.list(
      ctx,
      and(gte(pages.path, lo), lt(pages.path, hi), eq(pages.status, 'deleted')),
      desc(pages.deletedAt),
      page,
      limit,
    );
  }

  private list(
    ctx: AccessContext,
    condition: ReturnType<typeof and>,
    order: ReturnType<typeof asc>,
    page: number,
    limit: number,
  ): { pages: PageSummary[]; totalCount: number; offset: number; limit: number } {
    const where = and(condition, eq(pages.isEmpty, false), listablePages(ctx));
    const rows = selectPageSummaries(this.db)
      .where(where)
      .orderBy(order)
      .limit(limit)
      .offset((page - 1) * limit)
      .all();
    const totalCount =
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(pages)
        .where(where)
        .get()?.n ?? 0;
    const summaries = visibleCountsOf(this.db).forReader(ctx, rows.map(toPageSummary));
    // GROWI's lists name their window too.
    return { pages: summaries, totalCount, offset: (page - 1) * limit, limit };
  }
}
