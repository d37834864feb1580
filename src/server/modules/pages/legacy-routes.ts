// GROWI's older page routes under /_api (`pages.remove`, `pages.revertRemove`, `pages.unlink`;
// contracts in shared/contracts/page-grants.ts), answering `{ ok: true, … }` and
// `{ ok: false, error }`: the same lifecycle as the v3 routes, with their permission checks
// (editorAccess here, canEditPage and the deletion authority inside).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { editorAccess } from '../../lib/guards';
import { legacyErrorHandler } from '../../http/legacy-errors';
import {
  legacyPagesRemove,
  legacyPagesRevertRemove,
  legacyPagesUnlink,
} from '../../../shared/contracts/page-grants';

export default async function pageLegacyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.setErrorHandler(legacyErrorHandler);

  contractRoute(app, legacyPagesRemove, async (request) => {
    const { page_id: pageId, revision_id: revisionId, completely, recursively } = request.body;
    const { paths } = ctx.pageLifecycle.delete(editorAccess(request), {
      pageIdToRevisionIdMap: { [pageId]: revisionId ?? '' },
      isRecursively: recursively,
      isCompletely: completely,
    });
    return { ok: true as const, path: paths[0] ?? '', isRecursively: recursively, isCompletely: completely };
  });

  contractRoute(app, legacyPagesRevertRemove, async (request) => ({
    ok: true as const,
    page: ctx.pageLifecycle.revert(editorAccess(request), {
      pageId: request.body.page_id,
      isRecursively: request.body.recursively,
    }),
  }));

  contractRoute(app, legacyPagesUnlink, async (request) => {
    const access = editorAccess(request);
    const page = ctx.pages.get(access, { path: request.body.path });
    ctx.pageLifecycle.unlink(access, { pageId: page._id });
    return { ok: true as const, path: page.path };
  });
}
