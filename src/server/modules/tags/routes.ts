// HTTP for tags: GROWI's older routes under /_api, answering `{ ok: true, … }`.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { editorAccess, requireReader } from '../../lib/guards';
import { legacyErrorHandler } from '../../http/legacy-errors';
import { TAG_MAX_LENGTH, type TagsListResponse, type TagsUpdateRequest } from '../../../shared/social-types';
import { ID, jsonBody } from '../../lib/schemas';

export default async function tagRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.setErrorHandler(legacyErrorHandler);

  app.post<{ Body: TagsUpdateRequest }>(
    '/tags.update',
    jsonBody(
      {
        pageId: ID,
        revisionId: ID,
        // Longer names are refused by the service with the tag named in the message.
        tags: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: TAG_MAX_LENGTH * 4 } },
      },
      { required: ['pageId', 'revisionId', 'tags'] },
    ),
    async (request) => {
      // Permission: signed in and not read-only, then canReadPage and canEditPage inside the service.
      return { ok: true, tags: ctx.tags.update(editorAccess(request), request.body) };
    },
  );

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/tags.list',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 1000, default: 500 },
            offset: { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: 0 },
          },
        },
      },
    },
    async (request): Promise<TagsListResponse> => {
      // Permission: readers only; counts from pages listablePages allows, inside the service.
      const { data, totalCount } = ctx.tags.list(
        requireReader(request),
        request.query.limit,
        request.query.offset,
      );
      return { ok: true, data, totalCount };
    },
  );

  app.get<{ Querystring: { q: string } }>(
    '/tags.search',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['q'],
          properties: { q: { type: 'string', maxLength: TAG_MAX_LENGTH } },
        },
      },
    },
    // Permission: readers only; names from listable pages only.
    async (request) => ({ ok: true, tags: ctx.tags.search(requireReader(request), request.query.q) }),
  );

  app.get<{ Querystring: { pageId: string } }>(
    '/pages.getPageTag',
    { schema: { querystring: { type: 'object', required: ['pageId'], properties: { pageId: ID } } } },
    // Permission: canReadPage inside the service.
    async (request) => ({ ok: true, tags: ctx.tags.ofPage(requireReader(request), request.query.pageId) }),
  );
}
