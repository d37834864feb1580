// `$lsx` listings: the pages below a path, filtered by depth and plain-text filters, sorted, one
// window at a time. One SQL statement over the unique path index's range (never loading the
// subtree), with the permission function's condition (listablePages) in the WHERE clause.
import { and, asc, desc, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

import { type AccessContext } from '../../policies/page-access';
import { depthOfPath, type LsxListOptions } from '../../../shared/macros/lsx';
import type { LsxResponse } from '../../../shared/macros/lsx-types';
import { pageSummaryWindow } from '../pages/queries';
import { toPageSummary } from '../pages/presenter';
import { visibleCountsOf } from '../pages/visible-counts';
import { PAGES, listedPages, pagesBelow } from '../pages/scopes';

const SLASHES = sql`(length(${PAGES.path}) - length(replace(${PAGES.path}, '/', '')))`;

/**
 * GROWI's filter: plain text (its regex metacharacters are escaped) found anywhere below the
 * listed path, or, with a leading `^`, right after it. Matching with instr/substr has no
 * backtracking at all, so a hostile filter costs no more than a harmless one.
 */
function filterCondition(prefix: string, filter: string): SQL {
  const base = prefix === '/' ? '/' : `${prefix}/`;
  if (filter.startsWith('^')) {
    const head = base + filter.slice(1);
    return sql`substr(${PAGES.path}, 1, ${head.length}) = ${head}`;
  }
  return sql`instr(substr(${PAGES.path}, ${base.length + 1}), ${filter}) > 0`;
}

function depthCondition(prefix: string, options: LsxListOptions): SQL | undefined {
  if (!options.depth) return undefined;
  const base = depthOfPath(prefix);
  const from = sql`${SLASHES} >= ${base + options.depth.start}`;
  return options.depth.end === -1 ? from : and(from, sql`${SLASHES} <= ${base + options.depth.end}`);
}

export class LsxService {
  constructor(private readonly db: Db) {}

  list(
    ctx: AccessContext,
    prefix: string,
    options: LsxListOptions,
    offset: number,
    limit: number,
  ): LsxResponse {
    const where = and(
      pagesBelow(prefix),
      listedPages(ctx),
      depthCondition(prefix, options),
      options.filter === undefined ? undefined : filterCondition(prefix, options.filter),
      options.except === undefined ? undefined : not(filterCondition(prefix, options.except)),
    );
    const direction = options.reverse ? desc : asc;
    const key = PAGES[options.sort];
    // The path breaks ties of equal times so windows never overlap or skip.
    const order = options.sort === 'path' ? [direction(key)] : [direction(key), direction(PAGES.path)];
    const { rows, total } = pageSummaryWindow(this.db, where, order, offset, limit);
    const summaries = visibleCountsOf(this.db).forReader(ctx, rows.map(toPageSummary));
    return { pages: summaries, cursor: offset + rows.length, total };
  }
}
