// HTTP for likes, bookmarks and a page's social facts (contracts: shared/contracts/social.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { requireReader, userAccess } from '../../lib/guards';
import {
  bookmarkInfo,
  bookmarkToggle,
  pageLikes,
  pageSocialInfo,
  userBookmarks,
} from '../../../shared/contracts/social';

export default async function likesBookmarksRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, pageLikes, async (request) => {
    // Permission: signed in, then canReadPage inside the service.
    const access = userAccess(request);
    ctx.likes.like(access, request.body.pageId, request.body.bool);
    // GROWI answers the page as it is now and who has seen it.
    const page = ctx.pages.get(access, { id: request.body.pageId });
    return { result: { page, seenUser: page.seenUsers } };
  });

  // Permission: readers only, then canReadPage inside the service.
  contractRoute(app, pageSocialInfo, async (request) =>
    ctx.likes.pageInfo(requireReader(request), request.query.pageId),
  );

  // Permission: signed in, then canReadPage inside the service.
  contractRoute(app, bookmarkToggle, async (request) =>
    ctx.likes.bookmark(userAccess(request), request.body.pageId, request.body.bool),
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
