// The GETs of likes and bookmarks (contracts: shared/contracts/social.ts), in the read scope
// (issue 32): every page view asks for them, and none changes the session.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { requireReader } from '../../lib/guards';
import { bookmarkInfo, pageSocialInfo, userBookmarks } from '../../../shared/contracts/social';

export default async function likesBookmarksReadRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Permission: readers only, then canReadPage inside the service.
  contractRoute(app, pageSocialInfo, async (request) =>
    ctx.likes.pageInfo(requireReader(request), request.query.pageId),
  );

  // Permission: readers only, then canReadPage inside the service.
  contractRoute(app, bookmarkInfo, async (request) =>
    ctx.likes.bookmarkInfo(requireReader(request), request.query.pageId),
  );

  // Permission: readers only; only pages listablePages allows for the caller, inside the service.
  contractRoute(app, userBookmarks, async (request) => ({
    userRootBookmarks: ctx.likes.bookmarksOf(
      requireReader(request),
      request.params.userId,
      request.query.limit,
    ),
  }));
}
