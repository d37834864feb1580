// HTTP for the page tree and lists: validation, permission (requireReader + listablePages in the
// service), the service call, the reply.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireReader } from '../../lib/guards';
import { ID } from '../../lib/schemas';
import { normalizePath } from '../../../shared/page-path';

const PATH = { type: 'string', minLength: 1, maxLength: 2048 } as const;
/** Serialized by a compiled schema: the tree asks for hundreds of nodes at a time. */
const TREE_NODE = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    path: { type: 'string' },
    parentId: { type: ['string', 'null'] },
    isEmpty: { type: 'boolean' },
    descendantCount: { type: 'integer' },
    grant: { type: 'integer' },
    updatedAt: { type: 'string' },
  },
} as const;
const PAGING = {
  page: { type: 'integer', minimum: 1, maximum: 10_000_000, default: 1 },
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
} as const;

export default async function pageListingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/page-listing/root', async (request) => ({
    rootPage: ctx.pageListing.root(requireReader(request)),
  }));

  app.get<{ Querystring: { id?: string; path?: string; after?: string; limit: number } }>(
    '/page-listing/children',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            id: ID,
            path: PATH,
            after: PATH,
            limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: { children: { type: 'array', items: TREE_NODE }, hasNext: { type: 'boolean' } },
          },
        },
      },
    },
    async (request) => {
      const access = requireReader(request);
      const { id, path, after, limit } = request.query;
      if (!id && !path) throw badRequest('required', 'errors.required', { field: 'id' });
      return ctx.pageListing.children(access, id ? { id } : { path: path ?? '/' }, limit, after);
    },
  );

  app.get<{ Querystring: { path: string; page: number; limit: number } }>(
    '/pages/list',
    {
      schema: {
        querystring: { type: 'object', required: ['path'], properties: { path: PATH, ...PAGING } },
      },
    },
    async (request) => {
      const { path, page, limit } = request.query;
      return ctx.pageListing.descendants(requireReader(request), path, page, limit);
    },
  );

  app.get<{ Querystring: { path: string; limit: number } }>(
    '/pages/subordinated-list',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['path'],
          properties: { path: PATH, limit: { type: 'integer', minimum: 1, maximum: 1000, default: 10 } },
        },
      },
    },
    async (request) => {
      const path = normalizePath(request.query.path);
      return {
        subordinatedPages: ctx.pageListing.subordinated(requireReader(request), path, request.query.limit),
      };
    },
  );

  app.get<{
    Params: { id: string };
    Querystring: { type: 'created' | 'updated'; page: number; limit: number };
  }>(
    '/users/:id/recent',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID } },
        querystring: {
          type: 'object',
          properties: {
            type: { type: 'string', enum: ['created', 'updated'], default: 'created' },
            ...PAGING,
          },
        },
      },
    },
    // Permission: readers; only pages listablePages allows for the caller, inside the service.
    async (request) => {
      const { type, page, limit } = request.query;
      return ctx.pageListing.byUser(requireReader(request), request.params.id, type, page, limit);
    },
  );

  app.get<{ Querystring: { page: number; limit: number } }>(
    '/pages/trash',
    { schema: { querystring: { type: 'object', properties: { ...PAGING } } } },
    async (request) => {
      const { page, limit } = request.query;
      return ctx.pageListing.trash(requireReader(request), page, limit);
    },
  );
}
