// User groups: nested groups, their direct members, and what a user's group ids are for the
// permission function. Deleting groups (and what happens to their pages) is in group-deletion.ts.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { RowMemo } from '../../db/row-watch';
import { userGroupRelations, userGroups } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { USER_STATUS, type UserGroup } from '../../../shared/account-types';
import type { UserSummary } from '../../../shared/api-types';
import type { EventBus } from '../../lib/events';
import { deleteGroup, type GroupDeletionInput, type GroupDeletionResult } from './group-deletion';
import { groupNotFound } from './errors';
import { USER_SUMMARY, USERS } from '../users/scopes';
import { like } from '../../lib/like';

type GroupRow = typeof userGroups.$inferSelect;

export interface UnrelatedUserSearch {
  searchWord: string;
  searchType: 'forward' | 'backward' | 'partial';
  isAlsoNameSearched: boolean;
  isAlsoMailSearched: boolean;
}

const COUNTED = `SELECT g.id AS id, g.name AS name, g.description AS description, g.parent_id AS parentId,
  g.created_at AS createdAt,
  (SELECT count(*) FROM user_group_relations r WHERE r.group_id = g.id) AS memberCount,
  (SELECT count(*) FROM user_groups c WHERE c.parent_id = g.id) AS childCount`;

interface CountedRow {
  id: string;
  name: string;
  description: string;
  parentId: string | null;
  createdAt: number;
  memberCount: number;
  childCount: number;
}

function toUserGroup(row: CountedRow): UserGroup {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    parent: row.parentId,
    createdAt: new Date(row.createdAt).toISOString(),
    memberCount: row.memberCount,
    childCount: row.childCount,
  };
}

export class UserGroupsService {
  private readonly effective;
  private readonly descendants;
  /** Each user's effective groups until any membership or group changes (db/row-watch.ts). */
  private readonly memo: RowMemo<string[]>;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
  ) {
    const sqlite = db.$client;
    this.memo = new RowMemo(sqlite, [
      { table: 'user_group_relations', events: ['INSERT', 'UPDATE', 'DELETE'] },
      { table: 'user_groups', events: ['INSERT', 'UPDATE', 'DELETE'] },
    ]);
    // A user's groups for reading: direct groups and all their ancestors (see page-access.ts).
    this.effective = sqlite.prepare<[string], { id: string }>(
      `WITH RECURSIVE g(id) AS (
         SELECT group_id FROM user_group_relations WHERE user_id = ?
         UNION SELECT ug.parent_id FROM user_groups ug JOIN g ON ug.id = g.id WHERE ug.parent_id IS NOT NULL)
       SELECT id FROM g`,
    );
    this.descendants = sqlite.prepare<[string], { id: string }>(
      `WITH RECURSIVE d(id) AS (
         SELECT ? UNION SELECT ug.id FROM user_groups ug JOIN d ON ug.parent_id = d.id)
       SELECT id FROM d`,
    );
  }

  /** Every group, parents before children, then by name. */
  list(): UserGroup[] {
    const rows = this.db.$client
      .prepare<[], CountedRow & { depth: number }>(
        `WITH RECURSIVE t(id, depth) AS (
           SELECT id, 0 FROM user_groups WHERE parent_id IS NULL
           UNION ALL SELECT ug.id, t.depth + 1 FROM user_groups ug JOIN t ON ug.parent_id = t.id)
         ${COUNTED}, t.depth AS depth FROM user_groups g JOIN t ON t.id = g.id ORDER BY t.depth, g.name`,
      )
      .all();
    return rows.map(toUserGroup);
  }

  /** Deletes a group and does with its pages what the admin chose (group-deletion.ts). */
  remove(input: GroupDeletionInput, userId: string): GroupDeletionResult {
    return deleteGroup(this.db, this.events, this, input, userId);
  }

  get(id: string): UserGroup {
    const row = this.db.$client
      .prepare<[string], CountedRow>(`${COUNTED} FROM user_groups g WHERE g.id = ?`)
      .get(id);
    if (!row) throw groupNotFound();
    return toUserGroup(row);
  }

  private row(id: string): GroupRow | undefined {
    return this.db.select().from(userGroups).where(eq(userGroups.id, id)).get();
  }

  exists(id: string): boolean {
    return this.row(id) !== undefined;
  }

  /** Names of these groups (unknown ids are left out), for page replies. */
  namesOf(ids: string[]): { _id: string; name: string }[] {
    if (ids.length === 0) return [];
    return this.db
      .select({ _id: userGroups.id, name: userGroups.name })
      .from(userGroups)
      .where(sql`${userGroups.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`)
      .orderBy(asc(userGroups.name))
      .all();
  }

  /** The group and every group below it. */
  subtreeIds(id: string): string[] {
    return this.descendants.all(id).map((r) => r.id);
  }

  /** Is `groupId` one of `ancestorIds` or below one of them? */
  isWithin(groupId: string, ancestorIds: string[]): boolean {
    return ancestorIds.some((ancestor) => this.subtreeIds(ancestor).includes(groupId));
  }

  /** The groups a user reads as: direct memberships and their ancestors. */
  effectiveGroupIds(userId: string): string[] {
    return this.memo.get(userId, () => this.effective.all(userId).map((r) => r.id)) ?? [];
  }

  /** The user's groups for the editor's grant choice (the same set the permission function uses). */
  groupsOf(userId: string): UserGroup[] {
    const ids = new Set(this.effectiveGroupIds(userId));
    return this.list().filter((group) => ids.has(group._id));
  }

  private assertNameFree(name: string, exceptId?: string): void {
    const clash = this.db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(eq(userGroups.name, name))
      .get();
    if (clash && clash.id !== exceptId) throw conflict('group_name_taken', 'groups.name_taken', { name });
  }

  private assertParent(parentId: string | null, selfId?: string): void {
    if (parentId === null) return;
    if (!this.exists(parentId)) throw groupNotFound();
    if (selfId && this.subtreeIds(selfId).includes(parentId)) {
      throw badRequest('group_parent_cycle', 'groups.parent_cycle');
    }
  }

  create(input: { name: string; description?: string; parentId?: string | null }): UserGroup {
    const id = newId();
    const now = new Date();
    this.db.transaction((tx) => {
      this.assertNameFree(input.name);
      this.assertParent(input.parentId ?? null);
      tx.insert(userGroups)
        .values({
          id,
          name: input.name,
          description: input.description ?? '',
          parentId: input.parentId ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .run();
    });
    return this.get(id);
  }

  /** Renames, describes or moves a group (never under itself or one of its children). */
  update(id: string, input: { name: string; description?: string; parentId?: string | null }): UserGroup {
    this.db.transaction((tx) => {
      const current = this.row(id);
      if (!current) throw groupNotFound();
      this.assertNameFree(input.name, id);
      const parentId = input.parentId === undefined ? current.parentId : input.parentId;
      this.assertParent(parentId, id);
      tx.update(userGroups)
        .set({
          name: input.name,
          description: input.description ?? current.description,
          parentId,
          updatedAt: new Date(),
        })
        .where(eq(userGroups.id, id))
        .run();
    });
    return this.get(id);
  }

  /**
   * Active users who are not direct members, whose username (and, asked, name or e-mail) begins
   * with, ends with or holds `word` (GROWI's `GET /user-groups/{id}/unrelated-users`; admins only).
   */
  unrelatedUsers(groupId: string, search: UnrelatedUserSearch) {
    if (!this.exists(groupId)) throw groupNotFound();
    const { searchWord: word, searchType: mode } = search;
    const fields = [like(USERS.username, word, mode)];
    if (search.isAlsoNameSearched) fields.push(like(USERS.name, word, mode));
    if (search.isAlsoMailSearched) fields.push(like(USERS.email, word, mode));
    const member = sql`EXISTS (SELECT 1 FROM user_group_relations r WHERE r.group_id = ${groupId} AND r.user_id = ${USERS.id})`;
    return this.db
      .select({ ...USER_SUMMARY, email: USERS.email })
      .from(USERS)
      .where(and(eq(USERS.status, USER_STATUS.active), sql`NOT ${member}`, or(...fields)))
      .orderBy(asc(USERS.username))
      .limit(100)
      .all()
      .map((user) => ({ _id: user.id, username: user.username, name: user.name, email: user.email }));
  }

  /** Membership rows (GROWI's user group relations) of these groups, with each member. */
  relations(groupIds: string[]): { relatedGroup: string; relatedUser: UserSummary; createdAt: string }[] {
    if (groupIds.length === 0) return [];
    return this.db
      .select({
        groupId: userGroupRelations.groupId,
        createdAt: userGroupRelations.createdAt,
        user: USER_SUMMARY,
      })
      .from(userGroupRelations)
      .innerJoin(USERS, eq(USERS.id, userGroupRelations.userId))
      .where(inArray(userGroupRelations.groupId, groupIds))
      .orderBy(asc(USERS.username))
      .all()
      .map((row) => ({
        relatedGroup: row.groupId,
        relatedUser: { _id: row.user.id, username: row.user.username, name: row.user.name },
        createdAt: row.createdAt.toISOString(),
      }));
  }

  members(groupId: string): UserSummary[] {
    if (!this.exists(groupId)) throw groupNotFound();
    return this.db
      .select({ _id: USERS.id, username: USERS.username, name: USERS.name })
      .from(userGroupRelations)
      .innerJoin(USERS, eq(USERS.id, userGroupRelations.userId))
      .where(eq(userGroupRelations.groupId, groupId))
      .orderBy(asc(USERS.username))
      .all();
  }

  /** Adds a direct member (adding one twice changes nothing). */
  /** Adds a direct member; answers how many memberships were made (0: already one). */
  addMember(groupId: string, userId: string): number {
    if (!this.exists(groupId)) throw groupNotFound();
    return this.db
      .insert(userGroupRelations)
      .values({ groupId, userId, createdAt: new Date() })
      .onConflictDoNothing()
      .run().changes;
  }

  /** Removes a direct member; answers how many memberships went (0: was none). */
  removeMember(groupId: string, userId: string): number {
    if (!this.exists(groupId)) throw groupNotFound();
    return this.db
      .delete(userGroupRelations)
      .where(and(eq(userGroupRelations.groupId, groupId), eq(userGroupRelations.userId, userId)))
      .run().changes;
  }
}
