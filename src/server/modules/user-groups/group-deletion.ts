// Deleting a group (SPEC §4): the group and its child groups go, and their private pages are
// published, deleted completely, or transferred to another group, as the admin chose. A page also
// granted to a group that stays keeps that group (and, with transfer, gains the target). One
// transaction; events after it commits.
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import { releaseGroupGrants } from '../pages/commands/release-group-grants';
import type { GroupDeleteAction } from '../../../shared/account-types';
import { groupNotFound } from './errors';
import type { UserGroupsService } from './service';

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
  const deleteGroups = db.$client.prepare(
    'DELETE FROM user_groups WHERE id IN (SELECT value FROM json_each(?))',
  );

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
    // The pages go first, through the pages module's command; then the groups themselves.
    const { changed, removed } = releaseGroupGrants(
      db.$client,
      doomed,
      input.action === 'transfer' ? { action: 'transfer', toGroupId: target! } : { action: input.action },
    );
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
