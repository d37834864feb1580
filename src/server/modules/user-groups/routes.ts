// User groups (`/admin/user-groups`): HTTP only. Permission: requireAdmin on every route except
// `GET /user-groups/mine` (any signed-in user: the editor's grant choice).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { requireAdmin, requireUser } from '../../lib/guards';
import {
  GROUP_DELETE_ACTIONS,
  type GroupDeleteAction,
  type MyGroupsResponse,
  type UserGroupMembersResponse,
  type UserGroupRequest,
  type UserGroupResponse,
  type UserGroupsResponse,
} from '../../../shared/account-types';
import { toUserSummary } from '../users/service';
import { ID } from '../../lib/schemas';

const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: ID } } as const;
const MEMBER_PARAMS = {
  type: 'object',
  required: ['id', 'username'],
  properties: { id: ID, username: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
const GROUP_BODY = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 128, pattern: '\\S' },
    description: { type: 'string', maxLength: 4096 },
    parentId: { anyOf: [ID, { type: 'null' }] },
  },
} as const;

export default async function userGroupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const groups = ctx.userGroups;
  const memberOf = (username: string) => {
    const user = ctx.users.findByUsername(username);
    if (!user) throw new AppError(404, 'user_not_found', 'accounts.user_not_found');
    return user;
  };

  app.get<{ Querystring: { page?: number; limit?: number } }>(
    '/user-groups',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 10_000_000 },
            limit: { type: 'integer', minimum: 1, maximum: 1000 },
          },
        },
      },
    },
    async (request): Promise<UserGroupsResponse> => {
      requireAdmin(request);
      const all = groups.list();
      // Every group by default (a LAN wiki has few); `page` and `limit` cut one page of the list.
      const { page = 1, limit } = request.query;
      const userGroups = limit === undefined ? all : all.slice((page - 1) * limit, page * limit);
      return { userGroups, totalUserGroups: all.length, pagingLimit: limit ?? all.length };
    },
  );

  app.get('/user-groups/mine', async (request): Promise<MyGroupsResponse> => {
    const user = requireUser(request);
    return { userGroups: groups.groupsOf(user.id) };
  });

  app.post<{ Body: UserGroupRequest }>(
    '/user-groups',
    { schema: { body: GROUP_BODY } },
    async (request, reply) => {
      requireAdmin(request);
      const userGroup = groups.create(request.body);
      return reply.status(201).send({ userGroup } satisfies UserGroupResponse);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/user-groups/:id',
    { schema: { params: ID_PARAMS } },
    async (request): Promise<UserGroupResponse> => {
      requireAdmin(request);
      return { userGroup: groups.get(request.params.id) };
    },
  );

  app.put<{ Params: { id: string }; Body: UserGroupRequest }>(
    '/user-groups/:id',
    { schema: { params: ID_PARAMS, body: GROUP_BODY } },
    async (request): Promise<UserGroupResponse> => {
      requireAdmin(request);
      return { userGroup: groups.update(request.params.id, request.body) };
    },
  );

  app.delete<{
    Params: { id: string };
    Querystring: { actionName: GroupDeleteAction; transferToUserGroupId?: string };
  }>(
    '/user-groups/:id',
    {
      schema: {
        params: ID_PARAMS,
        querystring: {
          type: 'object',
          required: ['actionName'],
          properties: {
            actionName: { type: 'string', enum: [...GROUP_DELETE_ACTIONS] },
            transferToUserGroupId: ID,
          },
        },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const { actionName, transferToUserGroupId } = request.query;
      const userGroup = groups.get(request.params.id);
      const result = groups.remove(
        { id: request.params.id, action: actionName, transferToUserGroupId },
        admin.id,
      );
      return { userGroup, ...result };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/user-groups/:id/users',
    { schema: { params: ID_PARAMS } },
    async (request): Promise<UserGroupMembersResponse> => {
      requireAdmin(request);
      return { users: groups.members(request.params.id) };
    },
  );

  app.post<{ Params: { id: string; username: string } }>(
    '/user-groups/:id/users/:username',
    { schema: { params: MEMBER_PARAMS } },
    async (request) => {
      requireAdmin(request);
      const user = memberOf(request.params.username);
      groups.addMember(request.params.id, user.id);
      return { user: toUserSummary(user), userGroup: groups.get(request.params.id) };
    },
  );

  app.delete<{ Params: { id: string; username: string } }>(
    '/user-groups/:id/users/:username',
    { schema: { params: MEMBER_PARAMS } },
    async (request) => {
      requireAdmin(request);
      const user = memberOf(request.params.username);
      groups.removeMember(request.params.id, user.id);
      return { user: toUserSummary(user), userGroup: groups.get(request.params.id) };
    },
  );
}
