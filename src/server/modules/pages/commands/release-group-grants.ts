// The pages module's command for groups that are going away (a group deletion, SPEC §4): every
// page granted to one of them loses it. A page still granted to another group keeps those (and,
// with a transfer, gains the target); one left with none becomes public or is deleted completely,
// as the admin chose. Runs in the caller's transaction; the caller announces the pages after commit.
import type Database from 'better-sqlite3';
import { parseGroupIds } from '../../../policies/page-access';
import { GRANT } from '../../../../shared/api-types';
import { prepareSubtreeOps } from '../subtree-ops';
import { prepareTreeStore } from '../tree-store';

export type GroupGrantRelease =
  { action: 'public' } | { action: 'delete' } | { action: 'transfer'; toGroupId: string };

export interface ReleasedPages {
  changed: { pageId: string; path: string }[];
  removed: { pageId: string; path: string }[];
}

interface GrantedRow {
  id: string;
  path: string;
  grantedGroupIds: string | null;
}

export function releaseGroupGrants(
  sqlite: Database.Database,
  groupIds: string[],
  release: GroupGrantRelease,
): ReleasedPages {
  const tree = prepareTreeStore(sqlite);
  const ops = prepareSubtreeOps(sqlite, tree);
  const granted = sqlite.prepare<[string], GrantedRow>(
    `SELECT id, path, granted_group_ids AS grantedGroupIds FROM pages
     WHERE "grant" = ${GRANT.userGroup}
       AND EXISTS (SELECT 1 FROM json_each(granted_group_ids) WHERE value IN (SELECT value FROM json_each(?)))
     ORDER BY length(path) DESC`,
  );
  const setGrant = sqlite.prepare('UPDATE pages SET "grant" = ?, granted_group_ids = ? WHERE id = ?');
  const released: ReleasedPages = { changed: [], removed: [] };
  for (const page of granted.all(JSON.stringify(groupIds))) {
    const remaining = parseGroupIds(page.grantedGroupIds).filter((id) => !groupIds.includes(id));
    if (release.action === 'transfer' && !remaining.includes(release.toGroupId))
      remaining.push(release.toGroupId);
    if (remaining.length > 0) {
      setGrant.run(GRANT.userGroup, JSON.stringify(remaining), page.id);
      released.changed.push({ pageId: page.id, path: page.path });
    } else if (release.action === 'public') {
      setGrant.run(GRANT.public, null, page.id);
      released.changed.push({ pageId: page.id, path: page.path });
    } else {
      const row = tree.byId(page.id);
      if (row) released.removed.push(...ops.remove(row, false));
    }
  }
  return released;
}
