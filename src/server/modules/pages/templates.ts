// Templates (SPEC §2, §9): a new page starts from `_template` beside it (for children of its
// parent) or else the nearest ancestor's `__template` (for all descendants).
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pages, revisions } from '../../db/schema';
import { canReadPage, type AccessContext } from '../../policies/page-access';
import { ancestorPaths } from './tree-store';

/** Where to look for the template of a new page at `path`, nearest first. */
export function templateCandidates(path: string): string[] {
  const parents = ancestorPaths(path).reverse();
  const parent = parents[0];
  if (parent === undefined) return [];
  const join = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);
  return [join(parent, '_template'), ...parents.map((dir) => join(dir, '__template'))];
}

/** The body of the nearest readable template for a new page at `path`, or null. */
export function findTemplate(
  db: Db,
  ctx: AccessContext,
  path: string,
): { templatePath: string; templateId: string; body: string } | null {
  const candidates = templateCandidates(path);
  if (candidates.length === 0) return null;
  const rows = db
    .select({
      id: pages.id,
      path: pages.path,
      grant: pages.grant,
      creatorId: pages.creatorId,
      grantedGroupIds: pages.grantedGroupIds,
      body: revisions.body,
    })
    .from(pages)
    .innerJoin(revisions, eq(revisions.id, pages.revisionId))
    .where(and(inArray(pages.path, candidates), eq(pages.status, 'published')))
    .all()
    .filter((row) => canReadPage(ctx, row));
  for (const candidate of candidates) {
    const row = rows.find((r) => r.path === candidate);
    if (row) return { templatePath: row.path, templateId: row.id, body: row.body };
  }
  return null;
}
