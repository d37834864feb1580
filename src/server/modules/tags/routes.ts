// HTTP for tags: GROWI's older routes under /_api, answering `{ ok: true, … }`
// (contracts: shared/contracts/comments-tags.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { editorAccess, requireReader } from '../../lib/guards';
import { legacyErrorHandler } from '../../http/legacy-errors';
import { pageTags, tagsList, tagsSearch, tagsUpdate } from '../../../shared/contracts/comments-tags';

export default async function tagRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.setErrorHandler(legacyErrorHandler);

  // Permission: signed in and not read-only, then canReadPage and canEditPage inside the service.
  contractRoute(app, tagsUpdate, async (request) => ({
    ok: true as const,
    tags: ctx.tags.update(editorAccess(request), request.body),
  }));
}

/** The tag reads, in the read scope (issue 32): the tags page, autocomplete, a page's tags. */
export async function tagReadRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.setErrorHandler(legacyErrorHandler);

  // Permission: readers only; counts from pages listablePages allows, inside the service.
  contractRoute(app, tagsList, async (request) => {
    const { data, totalCount } = ctx.tags.list(
      requireReader(request),
      request.query.limit,
      request.query.offset,
    );
    return { ok: true as const, data, totalCount };
  });

  // Permission: readers only; names from listable pages only.
  contractRoute(app, tagsSearch, async (request) => ({
    ok: true as const,
    tags: ctx.tags.search(requireReader(request), request.query.q),
  }));

  // Permission: canReadPage inside the service.
  contractRoute(app, pageTags, async (request) => ({
    ok: true as const,
    tags: ctx.tags.ofPage(requireReader(request), request.query.pageId),
  }));
}
