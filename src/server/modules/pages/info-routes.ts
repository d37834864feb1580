// GROWI's `GET /page-listing/info` and `GET /page-listing/item` (its page tree, and the MCP
// server's `pageListingInfo` tool). Readers only (guests in read-only guest mode); pages the reader
// may not see are left out (info) or not found (item).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { contractRoute } from '../../lib/contract-route';
import { requireReader } from '../../lib/guards';
import { pageListingInfo, pageListingItem } from '../../../shared/contracts/page-listing';

export default async function pageInfoRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, pageListingInfo, async (request) => {
    const access = requireReader(request);
    const { path, attachBookmarkCount, attachShortBody } = request.query;
    const pageIds = request.query.pageIds ?? request.query['pageIds[]'];
    if (!pageIds && !path) throw badRequest('required', 'errors.required', { field: 'pageIds' });
    const map = ctx.pageInfo.listing(access, pageIds ? { pageIds } : { path: path! }, attachShortBody);
    // GROWI counts bookmarks only when asked (0 otherwise, as GROWI answers).
    if (attachBookmarkCount)
      for (const [id, info] of Object.entries(map))
        if (!info.isEmpty) info.bookmarkCount = ctx.likes.bookmarkCount(id);
    return map;
  });

  contractRoute(app, pageListingItem, async (request) => ({
    item: ctx.pageInfo.item(requireReader(request), request.query.id),
  }));
}
