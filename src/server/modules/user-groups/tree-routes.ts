// GROWI's routes for walking and editing the group tree (`/admin/user-groups`): ancestors,
// children, which groups may become a parent or a child, members as relations, users to add, the
// pages granted to a group. Admins only (requireAdmin), as in GROWI.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import { contractRoute } from '../../lib/contract-route';
import {
  selectableChildGroups,
  selectableParentGroups,
  userGroupAncestors,
  userGroupChildren,
  userGroupPages,
  userGroupRelations,
  userGroupRelationsOfGroup,
  userGroupUnrelatedUsers,
} from '../../../shared/contracts/user-groups';
import { ancestorsOf, childrenOf, selectableChildrenOf, selectableParentsOf } from './group-tree';

export default async function groupTreeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const groups = () => ctx.userGroups.list();

  contractRoute(app, userGroupAncestors, async (request) => {
    requireAdmin(request);
    return { ancestorUserGroups: ancestorsOf(groups(), request.query.groupId) };
  });

  contractRoute(app, userGroupChildren, async (request) => {
    requireAdmin(request);
    const parentIds = request.query.parentIds ?? request.query['parentIds[]'] ?? [];
    return childrenOf(groups(), parentIds, request.query.includeGrandChildren);
  });

  contractRoute(app, selectableParentGroups, async (request) => {
    requireAdmin(request);
    return { selectableParentGroups: selectableParentsOf(groups(), request.query.groupId) };
  });

  contractRoute(app, selectableChildGroups, async (request) => {
    requireAdmin(request);
    return { selectableChildGroups: selectableChildrenOf(groups(), request.query.groupId) };
  });

  contractRoute(app, userGroupRelationsOfGroup, async (request) => {
    requireAdmin(request);
    ctx.userGroups.get(request.params.id);
    return { userGroupRelations: ctx.userGroups.relations([request.params.id]) };
  });

  contractRoute(app, userGroupRelations, async (request) => {
    requireAdmin(request);
    const { childGroupIds } = request.query;
    return {
      userGroupRelations: ctx.userGroups.relations(
        request.query.groupIds ?? request.query['groupIds[]'] ?? [],
      ),
      relationsOfChildGroups: childGroupIds ? ctx.userGroups.relations(childGroupIds) : null,
    };
  });

  contractRoute(app, userGroupUnrelatedUsers, async (request) => {
    requireAdmin(request);
    // GROWI spells the search from the end `backword`.
    const { searchType } = request.query;
    const search = { ...request.query, searchType: searchType === 'backword' ? 'backward' : searchType };
    return { users: ctx.userGroups.unrelatedUsers(request.params.id, search) };
  });

  contractRoute(app, userGroupPages, async (request) => {
    requireAdmin(request);
    ctx.userGroups.get(request.params.id);
    const { limit, offset } = request.query;
    const { pages, total } = ctx.pageListing.grantedToGroup(request.params.id, offset, limit);
    return { total, current: Math.floor(offset / limit) + 1, pages };
  });
}
