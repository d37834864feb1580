// The pages whose attachments `$refs` may name: readable and listed for the reader, one page or a
// subtree with GROWI's depth rule.
import { and, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { pages } from '../../db/schema';
import { listablePages, type AccessContext } from '../../policies/page-access';
import { parseDepthOption } from '../../../shared/macros/options';
import { subtreeRange } from '../pages/tree-store';

const SLASHES = sql`(length(${pages.path}) - length(replace(${pages.path}, '/', '')))`;

export function refsPagesCondition(
  ctx: AccessContext,
  target: { prefix: string } | { pagePath: string },
  depth?: string,
): SQL {
  const live = and(eq(pages.status, 'published'), eq(pages.isEmpty, false), listablePages(ctx))!;
  if ('pagePath' in target) return and(live, eq(pages.path, target.pagePath))!;
  const { lo, hi } = subtreeRange(target.prefix);
  const below = and(gte(pages.path, lo), lt(pages.path, hi));
  let where = and(live, or(eq(pages.path, target.prefix), below))!;
  if (depth !== undefined) {
    // GROWI: pages with as many slashes as the prefix up to `end - 1` more (`1` is the prefix's own
    // level); the range's start does not count.
    const range = parseDepthOption(depth);
    const base = Math.max(1, target.prefix.split('/').length - 1);
    const max = range.end === -1 ? Number.MAX_SAFE_INTEGER : base + range.end - 1;
    where = and(where, sql`${SLASHES} >= ${base}`, sql`${SLASHES} <= ${max}`)!;
  }
  return where;
}
