// User groups (`/admin/user-groups`, GROWI's v3 shapes): the list and one group, members, the
// group tree, the pages granted to a group. Admins only, but the signed-in user's own groups.
import { Type } from '@sinclair/typebox';
import { DateTime, defineContract, Enum, Id, Nullable, Offset, PageNumber } from './define';
import { PageSummarySchema, UserSummarySchema } from './entities';
import { GROUP_DELETE_ACTIONS } from '../account-types';

export const UserGroupSchema = Type.Object({
  _id: Id,
  name: Type.String(),
  description: Type.String(),
  parent: Nullable(Id),
  createdAt: DateTime,
  /** Direct members (nested child groups' members are not counted here). */
  memberCount: Type.Integer({ minimum: 0 }),
  childCount: Type.Integer({ minimum: 0 }),
});

const IdParams = Type.Object({ id: Id });
const MemberParams = Type.Object({ id: Id, username: Type.String({ minLength: 1, maxLength: 64 }) });
const GroupBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 128, pattern: '\\S' }),
  description: Type.Optional(Type.String({ maxLength: 4096 })),
  parentId: Type.Optional(Nullable(Id)),
});
const OneGroup = Type.Object({ userGroup: UserGroupSchema });
const Groups = Type.Array(UserGroupSchema);
const GroupIdQuery = Type.Object({ groupId: Id });
const Ids = Type.Array(Id, { maxItems: 500 });

/** Every group by default (a LAN wiki has few), parents before children; `page` and `limit` cut one page. */
export const userGroupsList = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/user-groups',
  querystring: Type.Object({
    page: PageNumber,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  }),
  response: {
    200: Type.Object({
      userGroups: Groups,
      totalUserGroups: Type.Integer({ minimum: 0 }),
      /** The items per page asked for (all of them when none was). */
      pagingLimit: Type.Integer({ minimum: 0 }),
    }),
  },
});

/** The groups the signed-in user belongs to (the editor's grant choice). */
export const myUserGroups = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/user-groups/mine',
  response: { 200: Type.Object({ userGroups: Groups }) },
});

export const userGroupCreate = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/user-groups',
  body: GroupBody,
  response: { 201: OneGroup },
});

export const userGroupGet = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/user-groups/{id}',
  params: IdParams,
  response: { 200: OneGroup },
});

export const userGroupUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/user-groups/{id}',
  params: IdParams,
  body: GroupBody,
  response: { 200: OneGroup },
});

export const userGroupRemove = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/user-groups/{id}',
  params: IdParams,
  /** SPEC §4: the group's pages become public (GROWI: `publicize`), are deleted, or go to another group. */
  querystring: Type.Object({
    actionName: Enum([...GROUP_DELETE_ACTIONS, 'publicize'] as const, 'string'),
    transferToUserGroupId: Type.Optional(Id),
  }),
  response: {
    200: Type.Object({
      userGroup: UserGroupSchema,
      /** GROWI's answer: its store's count of the groups deleted (the group and those below it). */
      userGroups: Type.Object({ acknowledged: Type.Boolean(), deletedCount: Type.Integer({ minimum: 0 }) }),
      deletedGroupIds: Type.Array(Id),
      changedPages: Type.Integer({ minimum: 0 }),
      deletedPages: Type.Integer({ minimum: 0 }),
    }),
  },
});

export const userGroupMembers = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/user-groups/{id}/users',
  params: IdParams,
  response: { 200: Type.Object({ users: Type.Array(UserSummarySchema) }) },
});

const Membership = { user: UserSummarySchema, userGroup: UserGroupSchema };

/** A direct membership: GROWI's count of memberships made (0 when there already was one). */
export const userGroupMemberAdd = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/user-groups/{id}/users/{username}',
  params: MemberParams,
  response: { 200: Type.Object({ ...Membership, createdRelationCount: Type.Integer({ minimum: 0 }) }) },
});

/** GROWI's count of memberships removed (0 when there was none). */
export const userGroupMemberRemove = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/user-groups/{id}/users/{username}',
  params: MemberParams,
  response: { 200: Type.Object({ ...Membership, deletedGroupsCount: Type.Integer({ minimum: 0 }) }) },
});

export const userGroupAncestors = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/user-groups/ancestors',
  querystring: GroupIdQuery,
  response: { 200: Type.Object({ ancestorUserGroups: Groups }) },
});

export const userGroupChildren = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/user-groups/children',
  querystring: Type.Object({
    parentIds: Type.Optional(Ids),
    'parentIds[]': Type.Optional(Ids),
    includeGrandChildren: Type.Boolean({ default: false }),
  }),
  response: { 200: Type.Object({ childUserGroups: Groups, grandChildUserGroups: Groups }) },
});

export const selectableParentGroups = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/user-groups/selectable-parent-groups',
  growiPath: '/selectable-parent-groups',
  querystring: GroupIdQuery,
  response: { 200: Type.Object({ selectableParentGroups: Groups }) },
});

export const selectableChildGroups = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/user-groups/selectable-child-groups',
  growiPath: '/selectable-child-groups',
  querystring: GroupIdQuery,
  response: { 200: Type.Object({ selectableChildGroups: Groups }) },
});

/** A membership row (GROWI's user group relation), with the member. */
export const UserGroupRelationSchema = Type.Object({
  relatedGroup: Id,
  relatedUser: UserSummarySchema,
  createdAt: DateTime,
});

export const userGroupRelationsOfGroup = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/user-groups/{id}/user-group-relations',
  params: IdParams,
  response: { 200: Type.Object({ userGroupRelations: Type.Array(UserGroupRelationSchema) }) },
});

export const userGroupRelations = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/user-group-relations',
  querystring: Type.Object({
    groupIds: Type.Optional(Ids),
    'groupIds[]': Type.Optional(Ids),
    childGroupIds: Type.Optional(Ids),
  }),
  response: {
    200: Type.Object({
      userGroupRelations: Type.Array(UserGroupRelationSchema),
      relationsOfChildGroups: Nullable(Type.Array(UserGroupRelationSchema)),
    }),
  },
});

/** Active users who are not direct members and match the search (at most 100). */
export const userGroupUnrelatedUsers = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/user-groups/{id}/unrelated-users',
  params: IdParams,
  querystring: Type.Object({
    searchWord: Type.String({ maxLength: 256, default: '' }),
    /** GROWI's clients spell the search from the end `backword`. */
    searchType: Enum(['forward', 'backward', 'backword', 'partial'] as const, 'string', 'partial'),
    isAlsoNameSearched: Type.Boolean({ default: false }),
    isAlsoMailSearched: Type.Boolean({ default: false }),
  }),
  response: {
    200: Type.Object({
      users: Type.Array(Type.Composite([UserSummarySchema, Type.Object({ email: Type.String() })])),
    }),
  },
});

export const userGroupPages = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/user-groups/{id}/pages',
  params: IdParams,
  querystring: Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    offset: Offset,
  }),
  response: {
    200: Type.Object({
      total: Type.Integer({ minimum: 0 }),
      current: Type.Integer({ minimum: 1 }),
      pages: Type.Array(PageSummarySchema),
    }),
  },
});
