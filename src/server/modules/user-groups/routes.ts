// User groups (`/admin/user-groups`): HTTP only. Permission: requireAdmin on every route except
// `GET /user-groups/mine` (any signed-in user: the editor's grant choice).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { requireAdmin, requireUser } from '../../lib/guards';
import { contractRoute } from '../../lib/contract-route';
import {
  myUserGroups,
  userGroupCreate,
  userGroupGet,
  userGroupMemberAdd,
  userGroupMemberRemove,
  userGroupMembers,
  userGroupRemove,
  userGroupUpdate,
  userGroupsList,
} from '../../../shared/contracts/user-groups';
import { toUserSummary } from '../users/service';

export default async function userGroupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const groups = ctx.userGroups;
  const memberOf = (username: string) => {
    const user = ctx.users.findByUsername(username);
    if (!user) throw new AppError(404, 'user_not_found', 'accounts.user_not_found');
    return user;
  };

  contractRoute(app, userGroupsList, async (request) => {
    requireAdmin(request);
    const all = groups.list();
    const { page, limit } = request.query;
    const userGroups = limit === undefined ? all : all.slice((page - 1) * limit, page * limit);
    return { userGroups, totalUserGroups: all.length, pagingLimit: limit ?? all.length };
  });

  contractRoute(app, myUserGroups, async (request) => ({
    userGroups: groups.groupsOf(requireUser(request).id),
  }));

  contractRoute(app, userGroupCreate, async (request, reply) => {
    requireAdmin(request);
    return reply.status(201).send({ userGroup: groups.create(request.body) });
  });

  contractRoute(app, userGroupGet, async (request) => {
    requireAdmin(request);
    return { userGroup: groups.get(request.params.id) };
  });

  contractRoute(app, userGroupUpdate, async (request) => {
    requireAdmin(request);
    return { userGroup: groups.update(request.params.id, request.body) };
  });

  contractRoute(app, userGroupRemove, async (request) => {
    const admin = requireAdmin(request);
    const { transferToUserGroupId } = request.query;
    // GROWI's clients say `publicize` for Quire's `public`.
    const action = request.query.actionName === 'publicize' ? 'public' : request.query.actionName;
    const userGroup = groups.get(request.params.id);
    const result = groups.remove({ id: request.params.id, action, transferToUserGroupId }, admin.id);
    // GROWI answers its store's delete result: how many groups went (the group and those below).
    const userGroups = { acknowledged: true, deletedCount: result.deletedGroupIds.length };
    return { userGroup, userGroups, ...result };
  });

  contractRoute(app, userGroupMembers, async (request) => {
    requireAdmin(request);
    return { users: groups.members(request.params.id) };
  });

  contractRoute(app, userGroupMemberAdd, async (request) => {
    requireAdmin(request);
    const user = memberOf(request.params.username);
    const createdRelationCount = groups.addMember(request.params.id, user.id);
    return { user: toUserSummary(user), userGroup: groups.get(request.params.id), createdRelationCount };
  });

  contractRoute(app, userGroupMemberRemove, async (request) => {
    requireAdmin(request);
    const user = memberOf(request.params.username);
    const deletedGroupsCount = groups.removeMember(request.params.id, user.id);
    return { user: toUserSummary(user), userGroup: groups.get(request.params.id), deletedGroupsCount };
  });
}
