// HTTP for page history: validation, permission (requireReader / editorAccess here, canReadPage and
// canEditPage in the services), the service call, the reply.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { editorAccess, requireReader } from '../../lib/guards';
import { ID, jsonBody } from '../../lib/schemas';

export default async function revisionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Querystring: { pageId: string; page: number; limit: number } }>(
    '/revisions/list',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['pageId'],
          properties: {
            pageId: ID,
            page: { type: 'integer', minimum: 1, maximum: 10_000_000, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
        },
      },
    },
    async (request) => {
      const { pageId, page, limit } = request.query;
      return ctx.revisions.list(requireReader(request), pageId, page, limit);
    },
  );

  app.get<{ Querystring: { pageId: string; to: string; from?: string } }>(
    '/revisions/diff',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['pageId', 'to'],
          properties: { pageId: ID, to: ID, from: ID },
        },
      },
    },
    async (request) => {
      const { pageId, to, from } = request.query;
      return ctx.revisions.diff(requireReader(request), pageId, to, from);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { pageId: string } }>(
    '/revisions/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: ID } },
        querystring: { type: 'object', required: ['pageId'], properties: { pageId: ID } },
      },
    },
    async (request) => ({
      revision: ctx.revisions.get(requireReader(request), request.query.pageId, request.params.id),
    }),
  );

  app.put<{ Body: { pageId: string; revisionId: string; targetRevisionId: string } }>(
    '/revisions/restore',
    jsonBody(
      { pageId: ID, revisionId: ID, targetRevisionId: ID },
      { required: ['pageId', 'revisionId', 'targetRevisionId'] },
    ),
    async (request) => ({ page: ctx.revisions.restore(editorAccess(request), request.body) }),
  );
}
