// GROWI 7's work-in-progress pages (`PUT /page/{pageId}/publish` and `/unpublish`): a page marked
// as not done yet is read and listed as ever, with a badge. Whoever may edit the page may mark it
// either way (read-only users: 403; a page they may not see: 404).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { editorAccess } from '../../lib/guards';
import { pagePublish, pageUnpublish } from '../../../shared/contracts/page-lifecycle';
import { toPageDocument } from './presenter';

export default async function pagePublishRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  for (const [contract, wip] of [
    [pagePublish, false],
    [pageUnpublish, true],
  ] as const) {
    contractRoute(app, contract, async (request) => {
      // GROWI answers the page document itself, bookkeeping fields and all.
      return toPageDocument(ctx.pages.setWip(editorAccess(request), request.params.pageId, wip));
    });
  }
}
