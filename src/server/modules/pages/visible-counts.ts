// Descendant counts as one reader may see them (issue 27): the stored count is every live page
// below, so shown as it is it would tell anyone how many pages others hide under a path. A reader
// sees the stored count less the pages below that they may not list (canListPage's rule), counted
// through a partial index of the pages that are not public — few in most wikis, so the count costs
// an index probe, and nothing for a page with nothing below it.
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pages } from '../../db/schema';
import { listablePages, type AccessContext } from '../../policies/page-access';
import { subtreeRange } from './tree-store';

const MAX_PREPARED_VIEWERS = 1000;

/** One key per distinct listing rule: the viewer and their groups, or a guest in a guest mode. */
export function viewerKey(ctx: AccessContext): string {
  return ctx.viewer
    ? `user:${ctx.viewer.id}:${(ctx.viewer.groupIds ?? []).join(',')}`
    : `guest:${ctx.restrictGuestMode}`;
}

function prepareHidden(db: Db, ctx: AccessContext) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(pages)
    .where(
      and(
        // Written as the partial index's own condition, so SQLite reads that index.
        sql`${pages.grant} <> 1`,
        gte(pages.path, sql.placeholder('lo')),
        lt(pages.path, sql.placeholder('hi')),
        ne(pages.path, sql.placeholder('path')),
        eq(pages.isEmpty, false),
        eq(pages.status, 'published'),
        // NULL (a page without a creator) is "not listable" too.
        sql`NOT coalesce(${listablePages(ctx)}, 0)`,
      ),
    )
    .prepare();
}

export class VisibleCounts {
  private readonly byViewer = new Map<string, ReturnType<typeof prepareHidden>>();

  constructor(private readonly db: Db) {}

  /** How many live pages below `path` the reader may not list. */
  hiddenBelow(ctx: AccessContext, path: string): number {
    const key = viewerKey(ctx);
    let query = this.byViewer.get(key);
    if (!query) {
      if (this.byViewer.size >= MAX_PREPARED_VIEWERS) this.byViewer.clear();
      query = prepareHidden(this.db, ctx);
      this.byViewer.set(key, query);
    }
    return query.get({ ...subtreeRange(path), path })?.n ?? 0;
  }

  /** The count of pages below `path` this reader may list, from the stored count. */
  of(ctx: AccessContext, path: string, stored: number): number {
    return stored <= 0 ? 0 : Math.max(0, stored - this.hiddenBelow(ctx, path));
  }

  /** The same rows with their counts as this reader may see them. */
  forReader<T extends { path: string; descendantCount: number }>(ctx: AccessContext, rows: T[]): T[] {
    return rows.map((row) => {
      const count = this.of(ctx, row.path, row.descendantCount);
      return count === row.descendantCount ? row : { ...row, descendantCount: count };
    });
  }
}

const byConnection = new WeakMap<Db, VisibleCounts>();

/** The counter of this database connection (its statements are prepared on it). */
export function visibleCountsOf(db: Db): VisibleCounts {
  let counts = byConnection.get(db);
  if (!counts) {
    counts = new VisibleCounts(db);
    byConnection.set(db, counts);
  }
  return counts;
}
