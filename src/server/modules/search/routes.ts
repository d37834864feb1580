// HTTP for search: validation, permission, the service call, the reply.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireAdmin, requireReader } from '../../lib/guards';
import { legacyErrorHandler } from '../../http/legacy-errors';
import { isEmptySearchQuery, parseSearchQuery } from '../../../shared/search-query';
import type { SearchResponse } from '../../../shared/search-types';
import { indicesBody, legacySearchQuerystring, searchQuerystring, type SearchQuerystring } from './schemas';
import type { SearchRequest } from './service';

function toSearchRequest(q: SearchQuerystring): SearchRequest {
  const query = parseSearchQuery(q.q);
  if (isEmptySearchQuery(query)) throw badRequest('search_query_empty', 'errors.search_query_empty');
  return { query, offset: q.offset, limit: q.limit, sort: q.sort, order: q.order };
}

export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Querystring: SearchQuerystring }>(
    '/search',
    { schema: { querystring: searchQuerystring } },
    async (request): Promise<SearchResponse> => {
      const access = requireReader(request);
      await ctx.search.whenLoaded();
      // Permission: readers only (guests in read-only guest mode), then the viewer's visibility mask (canListPage, visible-pages.ts) per hit.
      return ctx.search.search(access, toSearchRequest(request.query));
    },
  );

  app.get('/search/indices', async (request) => {
    requireAdmin(request);
    // GROWI's answer is `{info}` (Elasticsearch's); the screen reads the status at the top level.
    const status = ctx.search.status();
    return { ...status, info: status };
  });

  app.put('/search/indices', { schema: { body: indicesBody } }, async (request, reply) => {
    requireAdmin(request);
    ctx.search.rebuild();
    return reply.status(202).send(ctx.search.status());
  });

  // GROWI reconnects to Elasticsearch here; Quire's index is in-process (see reconnect()).
  app.post('/search/connection', async (request) => {
    requireAdmin(request);
    return ctx.search.reconnect();
  });
}

/** `GET /_api/search`: GROWI's older search call, same results wrapped in `{ ok: true, … }`. */
export async function legacySearchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Querystring: Omit<SearchQuerystring, 'sort' | 'order'> }>(
    '/search',
    { schema: { querystring: legacySearchQuerystring }, errorHandler: legacyErrorHandler },
    async (request) => {
      const access = requireReader(request);
      const search = toSearchRequest({ ...request.query, sort: 'relevance', order: 'desc' });
      await ctx.search.whenLoaded();
      return { ok: true, ...ctx.search.search(access, search) };
    },
  );
}
