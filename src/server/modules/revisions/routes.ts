// HTTP for page history: validation, permission (requireReader / editorAccess here, canReadPage and
// canEditPage in the services), the service call, the reply.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { editorAccess, requireReader } from '../../lib/guards';
import { ID, jsonBody } from '../../lib/schemas';
import { badRequest } from '../../lib/app-error';
import { userAccess } from '../../lib/guards';
import type { DiffPair } from './changes';

const DATE = { type: 'string', minLength: 1, maxLength: 40 } as const;

/** An ISO 8601 time as ms, or 400 naming the field. */
function timeOf(field: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw badRequest('invalid_date', 'errors.syntax_invalid', { field });
  return ms;
}

interface ChangesQuery {
  since?: string;
  fromDate?: string;
  toDate?: string;
  limit: number;
  cursor?: string;
}

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

  // GROWI's changes index: the signed-in user's runs of edits, for clients that sync them.
  app.get<{ Querystring: ChangesQuery }>(
    '/revisions/changes',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            since: DATE,
            fromDate: DATE,
            toDate: DATE,
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            cursor: { type: 'string', minLength: 1, maxLength: 200 },
          },
        },
      },
    },
    async (request) => {
      const access = userAccess(request);
      const { limit, cursor } = request.query;
      const since = timeOf('since', request.query.since) ?? 0;
      const fromDate = timeOf('fromDate', request.query.fromDate) ?? 0;
      const to = timeOf('toDate', request.query.toDate) ?? 8.64e15;
      return ctx.revisionChanges.list(access, { from: Math.max(since, fromDate), to }, limit, cursor);
    },
  );

  // GROWI's batch diff: unified diffs of up to 20 revision pairs, each answered on its own.
  app.post<{ Body: { pairs: DiffPair[]; contextLines: number } }>(
    '/revisions/diff',
    jsonBody(
      {
        pairs: {
          type: 'array',
          maxItems: 20,
          items: {
            type: 'object',
            required: ['pageId', 'toRevisionId'],
            additionalProperties: false,
            properties: { pageId: ID, toRevisionId: ID, fromRevisionId: { ...ID, nullable: true } },
          },
        },
        contextLines: { type: 'integer', minimum: 0, maximum: 20, default: 3 },
      },
      { required: ['pairs'] },
    ),
    async (request) => ({
      results: ctx.revisionChanges.diffs(userAccess(request), request.body.pairs, request.body.contextLines),
    }),
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
