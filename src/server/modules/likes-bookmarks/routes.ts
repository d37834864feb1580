// HTTP for liking and bookmarking (contracts: shared/contracts/social.ts); the reads are in
// read-routes.ts.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { userAccess } from '../../lib/guards';
import { bookmarkToggle, pageLikes } from '../../../shared/contracts/social';

export default async function likesBookmarksRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, pageLikes, async (request) => {
    // Permission: signed in, then canReadPage inside the service.
    const access = userAccess(request);
    ctx.likes.like(access, request.body.pageId, request.body.bool);
    // GROWI answers the page as it is now and who has seen it.
    const page = ctx.pages.written(access, request.body.pageId);
    return { result: { page, seenUser: page.seenUsers } };
  });

  // Permission: signed in, then canReadPage inside the service.
  contractRoute(app, bookmarkToggle, async (request) =>
    ctx.likes.bookmark(userAccess(request), request.body.pageId, request.body.bool),
  );
}
