// GROWI's routes for walking and editing the group tree (`/admin/user-groups`): ancestors,
// children, which groups may become a parent or a child, members as relations, users to add, the
// pages granted to a group. Admins only (requireAdmin), as in GROWI.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import { ID, OFFSET_PAGING } from '../../lib/schemas';
import { ancestorsOf, childrenOf, selectableChildrenOf, selectableParentsOf } from './group-tree';
import type { UnrelatedUserSearch } from './service';

const GROUP_ID = { type: 'object', required: ['groupId'], properties: { groupId: ID } } as const;
const IDS = { type: 'array', items: ID, maxItems: 500 } as const;
type ById = { Params: { id: string } };

export default async function groupTreeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const groups = () => ctx.userGroups.list();

  app.get<{ Querystring: { groupId: string } }>(
    '/user-groups/ancestors',
    { schema: { querystring: GROUP_ID } },
    async (request) => {
      requireAdmin(request);
      return { ancestorUserGroups: ancestorsOf(groups(), request.query.groupId) };
    },
  );

  app.get<{ Querystring: { parentIds?: string[]; 'parentIds[]'?: string[]; includeGrandChildren: boolean } }>(
    '/user-groups/children',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            parentIds: IDS,
            'parentIds[]': IDS,
            includeGrandChildren: { type: 'boolean', default: false },
          },
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      const parentIds = request.query.parentIds ?? request.query['parentIds[]'] ?? [];
      return childrenOf(groups(), parentIds, request.query.includeGrandChildren);
    },
  );

  app.get<{ Querystring: { groupId: string } }>(
    '/user-groups/selectable-parent-groups',
    { schema: { querystring: GROUP_ID } },
    async (request) => {
      requireAdmin(request);
      return { selectableParentGroups: selectableParentsOf(groups(), request.query.groupId) };
    },
  );

  app.get<{ Querystring: { groupId: string } }>(
    '/user-groups/selectable-child-groups',
    { schema: { querystring: GROUP_ID } },
    async (request) => {
      requireAdmin(request);
      return { selectableChildGroups: selectableChildrenOf(groups(), request.query.groupId) };
    },
  );

  app.get<ById>(
    '/user-groups/:id/user-group-relations',
    { schema: { params: { type: 'object', properties: { id: ID } } } },
    async (request) => {
      requireAdmin(request);
      ctx.userGroups.get(request.params.id);
      return { userGroupRelations: ctx.userGroups.relations([request.params.id]) };
    },
  );

  app.get<{ Querystring: { groupIds?: string[]; 'groupIds[]'?: string[]; childGroupIds?: string[] } }>(
    '/user-group-relations',
    {
      schema: {
        querystring: { type: 'object', properties: { groupIds: IDS, 'groupIds[]': IDS, childGroupIds: IDS } },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { childGroupIds } = request.query;
      return {
        userGroupRelations: ctx.userGroups.relations(
          request.query.groupIds ?? request.query['groupIds[]'] ?? [],
        ),
        relationsOfChildGroups: childGroupIds ? ctx.userGroups.relations(childGroupIds) : null,
      };
    },
  );

  app.get<ById & { Querystring: Partial<UnrelatedUserSearch> }>(
    '/user-groups/:id/unrelated-users',
    {
      schema: {
        params: { type: 'object', properties: { id: ID } },
        querystring: {
          type: 'object',
          properties: {
            searchWord: { type: 'string', maxLength: 256, default: '' },
            searchType: { type: 'string', enum: ['forward', 'backward', 'partial'], default: 'partial' },
            isAlsoNameSearched: { type: 'boolean', default: false },
            isAlsoMailSearched: { type: 'boolean', default: false },
          },
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return {
        users: ctx.userGroups.unrelatedUsers(request.params.id, request.query as UnrelatedUserSearch),
      };
    },
  );

  app.get<ById & { Querystring: { limit: number; offset: number } }>(
    '/user-groups/:id/pages',
    {
      schema: {
        params: { type: 'object', properties: { id: ID } },
        querystring: {
          type: 'object',
          properties: OFFSET_PAGING,
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      ctx.userGroups.get(request.params.id);
      const { limit, offset } = request.query;
      const { pages, total } = ctx.pageListing.grantedToGroup(request.params.id, offset, limit);
      return { total, current: Math.floor(offset / limit) + 1, pages };
    },
  );
}
