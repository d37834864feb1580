// GROWI 7's work-in-progress pages (`PUT /page/{pageId}/publish` and `/unpublish`): a page marked
// as not done yet is read and listed as ever, with a badge. Whoever may edit the page may mark it
// either way (read-only users: 403; a page they may not see: 404).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { editorAccess } from '../../lib/guards';
import { ID } from '../../lib/schemas';

const PARAMS = { schema: { params: { type: 'object', properties: { pageId: ID } } } };

export default async function pagePublishRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  for (const [action, wip] of [
    ['publish', false],
    ['unpublish', true],
  ] as const) {
    app.put<{ Params: { pageId: string } }>(`/page/:pageId/${action}`, PARAMS, async (request) =>
      ctx.pages.setWip(editorAccess(request), request.params.pageId, wip),
    );
  }
}
