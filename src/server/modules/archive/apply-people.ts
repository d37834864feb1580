// Import writers for users, groups, memberships and external accounts. A user whose username or
// e-mail is already taken by another account (typically the importing admin) is linked to that
// account instead of failing, so what the archive user owned stays theirs.
import type { ApplyContext } from './apply-context';
import { importedPasswordHash } from '../../lib/growi-passwords';
import type { ExternalAccountRecord, GroupRecord, MembershipRecord, UserRecord } from './shapes-people';
import { stagedRecords } from './stage';

export function applyUsers(c: ApplyContext): void {
  const { sqlite } = c;
  const mode = c.mode('users');
  const taken = sqlite.prepare<[string, string, string], { id: string }>(
    'SELECT id FROM users WHERE (username = ? OR email = ?) AND id <> ? LIMIT 1',
  );
  const upsert = sqlite.prepare(
    `INSERT INTO users (id, username, name, email, password_hash, lang, admin, status, read_only,
       is_email_published, last_login_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET username = excluded.username, name = excluded.name, email = excluded.email,
       password_hash = excluded.password_hash, lang = excluded.lang, admin = excluded.admin,
       status = excluded.status, read_only = excluded.read_only, is_email_published = excluded.is_email_published,
       last_login_at = excluded.last_login_at, created_at = excluded.created_at, updated_at = excluded.updated_at`,
  );
  for (const user of stagedRecords<UserRecord>(c.staging, 'users')) {
    const other = taken.get(user.username, user.email, user.id);
    if (other) {
      c.userMap.set(user.id, other.id);
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
    const { admin } = user;
    upsert.run(
      user.id,
      user.username,
      user.name,
      user.email,
      importedPasswordHash(user.password, c.meta.passwordSeed),
      user.lang,
      admin ? 1 : 0,
      user.status,
      user.readOnly ? 1 : 0,
      user.isEmailPublished ? 1 : 0,
      user.lastLoginAt,
      user.createdAt,
      user.updatedAt,
    );
    if (existed) c.modified('users');
    else c.inserted('users');
  }
}

export function applyGroups(c: ApplyContext): void {
  const { sqlite } = c;
  const mode = c.mode('usergroups');
  if (mode === 'flushAndInsert') sqlite.prepare('DELETE FROM user_groups').run();
  const named = sqlite.prepare<[string, string], { id: string }>(
    'SELECT id FROM user_groups WHERE name = ? AND id <> ?',
  );
  const upsert = sqlite.prepare(
    `INSERT INTO user_groups (id, name, description, parent_id, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
       created_at = excluded.created_at, updated_at = excluded.updated_at`,
  );
  const setParent = sqlite.prepare('UPDATE user_groups SET parent_id = ? WHERE id = ?');
  const applied: GroupRecord[] = [];
  for (const group of stagedRecords<GroupRecord>(c.staging, 'usergroups')) {
    const other = named.get(group.name, group.id);
    if (other) {
      c.groupMap.set(group.id, other.id);
      c.failed('usergroups', group.id, `${group.name}: linked to the existing group`);
      continue;
    }
    const existed = c.exists('user_groups', group.id);
    if (existed && mode === 'insert') {
      c.failed('usergroups', group.id, `${group.name}: exists`);
      continue;
    }
    upsert.run(group.id, group.name, group.description, group.createdAt, group.updatedAt);
    applied.push(group);
    if (existed) c.modified('usergroups');
    else c.inserted('usergroups');
  }
  // Parents once every group is there (GROWI 5+ nests groups; archive order is not parent-first).
  for (const group of applied) setParent.run(group.parentId ? c.group(group.parentId) : null, group.id);
}

export function applyMemberships(c: ApplyContext): void {
  const { sqlite } = c;
  const mode = c.mode('usergrouprelations');
  if (mode === 'flushAndInsert') sqlite.prepare('DELETE FROM user_group_relations').run();
  const has = sqlite.prepare('SELECT 1 FROM user_group_relations WHERE group_id = ? AND user_id = ?');
  const upsert = sqlite.prepare(
    `INSERT INTO user_group_relations (group_id, user_id, created_at) VALUES (?, ?, ?)
     ON CONFLICT (group_id, user_id) DO UPDATE SET created_at = excluded.created_at`,
  );
  for (const rel of stagedRecords<MembershipRecord>(c.staging, 'usergrouprelations')) {
    const groupId = c.group(rel.groupId);
    const userId = c.user(rel.userId);
    if (!groupId || !userId) {
      c.failed('usergrouprelations', rel.id, 'group or user not found');
      continue;
    }
    const existed = has.get(groupId, userId) !== undefined;
    if (existed && mode === 'insert') {
      c.failed('usergrouprelations', rel.id, 'exists');
      continue;
    }
    upsert.run(groupId, userId, rel.createdAt);
    if (existed) c.modified('usergrouprelations');
    else c.inserted('usergrouprelations');
  }
}

export function applyExternalAccounts(c: ApplyContext): void {
  const { sqlite } = c;
  const mode = c.mode('externalaccounts');
  // The importing admin's own ways in stay, whatever the mode.
  if (mode === 'flushAndInsert')
    sqlite.prepare('DELETE FROM external_accounts WHERE user_id <> ?').run(c.operatorId);
  const ownerOf = sqlite.prepare<[string], { userId: string }>(
    'SELECT user_id AS userId FROM external_accounts WHERE id = ?',
  );
  const upsert = sqlite.prepare(
    `INSERT INTO external_accounts (id, user_id, provider_type, account_id, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, provider_type = excluded.provider_type,
       account_id = excluded.account_id, created_at = excluded.created_at`,
  );
  for (const account of stagedRecords<ExternalAccountRecord>(c.staging, 'externalaccounts')) {
    const userId = c.user(account.userId);
    // A new way into the importing admin's account would change it as much as a new password.
    if (userId === c.operatorId || ownerOf.get(account.id)?.userId === c.operatorId) {
      c.leftOut('externalaccounts', account.id, 'own_account');
      continue;
    }
    const existed = c.exists('external_accounts', account.id);
    if (!userId || (existed && mode === 'insert')) {
      c.failed('externalaccounts', account.id, userId ? 'exists' : 'user not found');
      continue;
    }
    try {
      upsert.run(account.id, userId, account.providerType, account.accountId, account.createdAt);
    } catch {
      c.failed('externalaccounts', account.id, `${account.providerType}/${account.accountId}: exists`);
      continue;
    }
    if (existed) c.modified('externalaccounts');
    else c.inserted('externalaccounts');
  }
}
