// Import of users, groups, memberships and external accounts: this file decides (modes, id maps,
// what is left out); the users, user groups and external accounts modules' commands write. A
// user whose username or e-mail is already taken by another account (typically the importing
// admin) is linked to that account instead of failing, so what the archive user owned stays theirs.
import type { ApplyContext } from './apply-context';
import { importedPasswordHash } from '../../lib/growi-passwords';
import { prepareExternalAccountImport } from '../external-accounts/commands/import-accounts';
import { prepareGroupImport } from '../user-groups/commands/import-groups';
import { prepareUserImport } from '../users/commands/import-users';
import type { ExternalAccountRecord, GroupRecord, MembershipRecord, UserRecord } from './shapes-people';

export function applyUsers(c: ApplyContext): void {
  const users = prepareUserImport(c.sqlite);
  const mode = c.mode('users');
  for (const user of c.staged.records<UserRecord>('users')) {
    const other = users.holderOf(user.username, user.email, user.id);
    if (other) {
      c.userMap.set(user.id, other);
      c.failed('users', user.id, `${user.username}: linked to the existing account`);
      continue;
    }
    // The importing admin's own account is never changed: not its password, name, rights or state.
    if (user.id === c.operatorId) {
      c.leftOut('users', user.id, 'own_account');
      continue;
    }
    const existed = c.exists('users', user.id);
    if (existed && mode === 'insert') {
      c.failed('users', user.id, `${user.username}: exists`);
      continue;
    }
    const { password, ...fields } = user;
    users.saveUser({ ...fields, passwordHash: importedPasswordHash(password, c.meta.passwordSeed) });
    if (existed) c.modified('users');
    else c.inserted('users');
  }
}

export function applyGroups(c: ApplyContext): void {
  const groups = prepareGroupImport(c.sqlite);
  const mode = c.mode('usergroups');
  if (mode === 'flushAndInsert') groups.removeAllGroups();
  const applied: GroupRecord[] = [];
  for (const group of c.staged.records<GroupRecord>('usergroups')) {
    const other = groups.holderOf(group.name, group.id);
    if (other) {
      c.groupMap.set(group.id, other);
      c.failed('usergroups', group.id, `${group.name}: linked to the existing group`);
      continue;
    }
    const existed = c.exists('user_groups', group.id);
    if (existed && mode === 'insert') {
      c.failed('usergroups', group.id, `${group.name}: exists`);
      continue;
    }
    groups.saveGroup(group);
    applied.push(group);
    if (existed) c.modified('usergroups');
    else c.inserted('usergroups');
  }
  // Parents once every group is there (GROWI 5+ nests groups; archive order is not parent-first).
  for (const group of applied) groups.setParent(group.id, group.parentId ? c.group(group.parentId) : null);
}

export function applyMemberships(c: ApplyContext): void {
  const groups = prepareGroupImport(c.sqlite);
  const mode = c.mode('usergrouprelations');
  if (mode === 'flushAndInsert') groups.removeAllMemberships();
  for (const rel of c.staged.records<MembershipRecord>('usergrouprelations')) {
    const groupId = c.group(rel.groupId);
    const userId = c.user(rel.userId);
    if (!groupId || !userId) {
      c.failed('usergrouprelations', rel.id, 'group or user not found');
      continue;
    }
    const existed = groups.isMember(groupId, userId);
    if (existed && mode === 'insert') {
      c.failed('usergrouprelations', rel.id, 'exists');
      continue;
    }
    groups.saveMembership(groupId, userId, rel.createdAt);
    if (existed) c.modified('usergrouprelations');
    else c.inserted('usergrouprelations');
  }
}

export function applyExternalAccounts(c: ApplyContext): void {
  const accounts = prepareExternalAccountImport(c.sqlite);
  const mode = c.mode('externalaccounts');
  // The importing admin's own ways in stay, whatever the mode.
  if (mode === 'flushAndInsert') accounts.removeAllBut(c.operatorId);
  for (const account of c.staged.records<ExternalAccountRecord>('externalaccounts')) {
    const userId = c.user(account.userId);
    // A new way into the importing admin's account would change it as much as a new password.
    if (userId === c.operatorId || accounts.ownerOf(account.id) === c.operatorId) {
      c.leftOut('externalaccounts', account.id, 'own_account');
      continue;
    }
    const existed = c.exists('external_accounts', account.id);
    if (!userId || (existed && mode === 'insert')) {
      c.failed('externalaccounts', account.id, userId ? 'exists' : 'user not found');
      continue;
    }
    try {
      accounts.saveAccount({ ...account, userId });
    } catch {
      c.failed('externalaccounts', account.id, `${account.providerType}/${account.accountId}: exists`);
      continue;
    }
    if (existed) c.modified('externalaccounts');
    else c.inserted('externalaccounts');
  }
}
