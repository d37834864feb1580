// GROWI's `GET /page-listing/info` and `GET /page-listing/item` (its page tree, and the MCP
// server's `pageListingInfo` tool). Readers only (guests in read-only guest mode); pages the reader
// may not see are left out (info) or not found (item).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireReader } from '../../lib/guards';
import { ID } from '../../lib/schemas';

const IDS = { type: 'array', items: ID, maxItems: 100 } as const;

interface InfoQuery {
  pageIds?: string[];
  'pageIds[]'?: string[];
  path?: string;
  attachBookmarkCount?: boolean;
  attachShortBody?: boolean;
}

export default async function pageInfoRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Querystring: InfoQuery }>(
    '/page-listing/info',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            // GROWI's clients send `pageIds[]=…` (axios) or repeated `pageIds=…`.
            pageIds: IDS,
            'pageIds[]': IDS,
            path: { type: 'string', minLength: 1, maxLength: 2048 },
            attachBookmarkCount: { type: 'boolean', default: false },
            attachShortBody: { type: 'boolean', default: false },
          },
        },
      },
    },
    async (request) => {
      const access = requireReader(request);
      const { path, attachBookmarkCount, attachShortBody } = request.query;
      const pageIds = request.query.pageIds ?? request.query['pageIds[]'];
      if (!pageIds && !path) throw badRequest('required', 'errors.required', { field: 'pageIds' });
      const map = ctx.pageInfo.listing(
        access,
        pageIds ? { pageIds } : { path: path! },
        attachShortBody === true,
      );
      if (attachBookmarkCount)
        for (const [id, info] of Object.entries(map))
          if (!info.isEmpty) info.bookmarkCount = ctx.likes.bookmarkCount(id);
      return map;
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/page-listing/item',
    { schema: { querystring: { type: 'object', required: ['id'], properties: { id: ID } } } },
    async (request) => ({ item: ctx.pageInfo.item(requireReader(request), request.query.id) }),
  );
}
