// HTTP for search (contracts: shared/contracts/search.ts): validation, permission, the service
// call, the reply.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { contractRoute } from '../../lib/contract-route';
import { requireAdmin, requireReader } from '../../lib/guards';
import { legacyErrorHandler } from '../../http/legacy-errors';
import { requestLang, translator } from '../../lib/i18n';
import { isEmptySearchQuery, parseSearchQuery } from '../../../shared/search-query';
import type { QueryOf } from '../../../shared/contracts/define';
import {
  legacySearch,
  search,
  searchConnection,
  searchIndices,
  searchIndicesOperation,
} from '../../../shared/contracts/search';
import type { SearchRequest } from './service';

function toSearchRequest(q: QueryOf<typeof search>): SearchRequest {
  const query = parseSearchQuery(q.q);
  if (isEmptySearchQuery(query)) throw badRequest('search_query_empty', 'errors.search_query_empty');
  return { query, offset: q.offset, limit: q.limit, sort: q.sort, order: q.order };
}

/** The search, in the read scope (issue 32): the box asks as the user types. */
export async function searchReadRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, search, async (request) => {
    const access = requireReader(request);
    await ctx.search.whenLoaded();
    // Permission: readers only (guests in read-only guest mode), then the viewer's visibility
    // mask (canListPage, visible-pages.ts) per hit.
    return ctx.search.search(access, toSearchRequest(request.query));
  });
}

export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, searchIndices, async (request) => {
    requireAdmin(request);
    const status = ctx.search.status();
    return { ...status, info: status };
  });

  contractRoute(app, searchIndicesOperation, async (request) => {
    requireAdmin(request);
    const t = translator(requestLang(request));
    if (request.body.operation === 'normalize') {
      const status = await ctx.search.reconnect();
      return { ...status, message: t('search_indices.normalized') };
    }
    ctx.search.rebuild();
    return { ...ctx.search.status(), message: t('search_indices.rebuild_requested') };
  });

  // GROWI reconnects to Elasticsearch here; Quire's index is in-process (see reconnect()).
  contractRoute(app, searchConnection, async (request) => {
    requireAdmin(request);
    return ctx.search.reconnect();
  });
}

/** `GET /_api/search`: GROWI's older search call, same results wrapped in `{ ok: true, … }`. */
export async function legacySearchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.setErrorHandler(legacyErrorHandler);
  contractRoute(app, legacySearch, async (request) => {
    const access = requireReader(request);
    const searchRequest = toSearchRequest({ ...request.query, sort: 'relevance', order: 'desc' });
    await ctx.search.whenLoaded();
    return { ok: true as const, ...ctx.search.search(access, searchRequest) };
  });
}
