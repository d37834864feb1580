// The pages whose attachments `$refs` may name: readable and listed for the reader, one page or a
// subtree with GROWI's depth rule.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AccessContext } from '../../policies/page-access';
import { parseDepthOption } from '../../../shared/macros/options';
import { PAGES, listedPages, subtreeOf } from '../pages/scopes';

const SLASHES = sql`(length(${PAGES.path}) - length(replace(${PAGES.path}, '/', '')))`;

export function refsPagesCondition(
  ctx: AccessContext,
  target: { prefix: string } | { pagePath: string },
  depth?: string,
): SQL {
  const live = listedPages(ctx);
  if ('pagePath' in target) return and(live, eq(PAGES.path, target.pagePath))!;
  let where = and(live, subtreeOf(target.prefix))!;
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
