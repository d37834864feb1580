// The user groups module's commands for an archive import (issue 31: the import writes groups and
// memberships only through here), prepared once on the import's connection.
import type Database from 'better-sqlite3';

export interface ImportedGroup {
  id: string;
  name: string;
  description: string;
  createdAt: number;
  updatedAt: number;
}

export function prepareGroupImport(sqlite: Database.Database) {
  const named = sqlite.prepare<[string, string], { id: string }>(
    'SELECT id FROM user_groups WHERE name = ? AND id <> ?',
  );
  const upsert = sqlite.prepare(
    `INSERT INTO user_groups (id, name, description, parent_id, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
       created_at = excluded.created_at, updated_at = excluded.updated_at`,
  );
  const setParent = sqlite.prepare('UPDATE user_groups SET parent_id = ? WHERE id = ?');
  const isMember = sqlite.prepare('SELECT 1 FROM user_group_relations WHERE group_id = ? AND user_id = ?');
  const upsertMember = sqlite.prepare(
    `INSERT INTO user_group_relations (group_id, user_id, created_at) VALUES (?, ?, ?)
     ON CONFLICT (group_id, user_id) DO UPDATE SET created_at = excluded.created_at`,
  );
  return {
    removeAllGroups: () => sqlite.prepare('DELETE FROM user_groups').run(),
    removeAllMemberships: () => sqlite.prepare('DELETE FROM user_group_relations').run(),
    /** Another group with this name, if any. */
    holderOf: (name: string, exceptId: string) => named.get(name, exceptId)?.id,
    /** Inserts or replaces a group; its parent is set once every group is there (setParent). */
    saveGroup: (group: ImportedGroup) =>
      upsert.run(group.id, group.name, group.description, group.createdAt, group.updatedAt),
    setParent: (groupId: string, parentId: string | null) => setParent.run(parentId, groupId),
    isMember: (groupId: string, userId: string) => isMember.get(groupId, userId) !== undefined,
    saveMembership: (groupId: string, userId: string, createdAt: number) =>
      upsertMember.run(groupId, userId, createdAt),
  };
}
