// Deleting a group (SPEC §4): the group and its child groups go, and their private pages are
// published, deleted completely, or transferred to another group, as the admin chose. A page also
// granted to a group that stays keeps that group (and, with transfer, gains the target). One
// transaction; events after it commits.
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import { parseGroupIds } from '../../policies/page-access';
import { prepareSubtreeOps } from '../pages/subtree-ops';
import { prepareTreeStore } from '../pages/tree-store';
import { GRANT } from '../../../shared/api-types';
import type { GroupDeleteAction } from '../../../shared/account-types';
import { groupNotFound } from './errors';
import type { UserGroupsService } from './service';

interface GrantedRow {
  id: string;
  path: string;
  grantedGroupIds: string | null;
}

export interface GroupDeletionResult {
  deletedGroupIds: string[];
  changedPages: number;
  deletedPages: number;
}

export interface GroupDeletionInput {
  id: string;
  action: GroupDeleteAction;
  transferToUserGroupId?: string;
}

export function deleteGroup(
  db: Db,
  events: EventBus,
  groups: UserGroupsService,
  input: GroupDeletionInput,
  userId: string,
): GroupDeletionResult {
  const sqlite = db.$client;
  const tree = prepareTreeStore(sqlite);
  const ops = prepareSubtreeOps(sqlite, tree);
  const granted = sqlite.prepare<[string], GrantedRow>(
    `SELECT id, path, granted_group_ids AS grantedGroupIds FROM pages
     WHERE "grant" = ${GRANT.userGroup}
       AND EXISTS (SELECT 1 FROM json_each(granted_group_ids) WHERE value IN (SELECT value FROM json_each(?)))
     ORDER BY length(path) DESC`,
  );
  const setGrant = sqlite.prepare('UPDATE pages SET "grant" = ?, granted_group_ids = ? WHERE id = ?');
  const deleteGroups = sqlite.prepare('DELETE FROM user_groups WHERE id IN (SELECT value FROM json_each(?))');

  const result = db.transaction(() => {
    if (!groups.exists(input.id)) throw groupNotFound();
    const doomed = groups.subtreeIds(input.id);
    const target = input.transferToUserGroupId;
    if (input.action === 'transfer') {
      if (!target) throw badRequest('transfer_target_required', 'groups.transfer_target_required');
      if (!groups.exists(target)) throw groupNotFound();
      if (doomed.includes(target))
        throw badRequest('transfer_target_deleted', 'groups.transfer_target_deleted');
    }
    const changed: { pageId: string; path: string }[] = [];
    const removed: { pageId: string; path: string }[] = [];
    for (const page of granted.all(JSON.stringify(doomed))) {
      const remaining = parseGroupIds(page.grantedGroupIds).filter((id) => !doomed.includes(id));
      if (input.action === 'transfer' && target && !remaining.includes(target)) remaining.push(target);
      if (remaining.length > 0) {
        setGrant.run(GRANT.userGroup, JSON.stringify(remaining), page.id);
        changed.push({ pageId: page.id, path: page.path });
      } else if (input.action === 'public') {
        setGrant.run(GRANT.public, null, page.id);
        changed.push({ pageId: page.id, path: page.path });
      } else {
        const row = tree.byId(page.id);
        if (row) removed.push(...ops.remove(row, false));
      }
    }
    deleteGroups.run(JSON.stringify(doomed));
    return { doomed, changed, removed };
  });
  for (const page of result.changed) events.emit('page:grant-changed', { ...page, userId });
  for (const page of result.removed) events.emit('page:deleted', { ...page, userId });
  return {
    deletedGroupIds: result.doomed,
    changedPages: result.changed.length,
    deletedPages: result.removed.length,
  };
}
