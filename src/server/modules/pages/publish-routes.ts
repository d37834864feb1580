// GROWI 7's work-in-progress pages (`PUT /page/{pageId}/publish` and `/unpublish`): a page marked
// as not done yet is read and listed as ever, with a badge. Whoever may edit the page may mark it
// either way (read-only users: 403; a page they may not see: 404).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { editorAccess } from '../../lib/guards';
import { pagePublish, pageUnpublish } from '../../../shared/contracts/page-lifecycle';
import { GRANT } from '../../../shared/api-types';

export default async function pagePublishRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  for (const [contract, wip] of [
    [pagePublish, false],
    [pageUnpublish, true],
  ] as const) {
    contractRoute(app, contract, async (request) => {
      const page = ctx.pages.setWip(editorAccess(request), request.params.pageId, wip);
      // GROWI answers the page document itself, bookkeeping fields and all.
      const grantedUsers = page.grant === GRANT.owner && page.creator ? [page.creator._id] : [];
      return { ...page, __v: 0, extended: {}, grantedUsers };
    });
  }
}
