// GROWI's older page routes under /_api (`pages.remove`, `pages.revertRemove`, `pages.unlink`),
// answering `{ ok: true, … }` and `{ ok: false, error }`: the same lifecycle as the v3 routes,
// with their permission checks (editorAccess here, canEditPage and the deletion authority inside).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { editorAccess } from '../../lib/guards';
import { legacyErrorHandler } from '../../http/legacy-errors';
import { ID, jsonBody } from '../../lib/schemas';

interface RemoveBody {
  page_id: string;
  revision_id?: string;
  completely?: boolean;
  recursively?: boolean;
}

export default async function pageLegacyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.setErrorHandler(legacyErrorHandler);

  app.post<{ Body: RemoveBody }>(
    '/pages.remove',
    jsonBody(
      {
        page_id: ID,
        revision_id: ID,
        completely: { type: 'boolean', default: false },
        recursively: { type: 'boolean', default: false },
      },
      { required: ['page_id'] },
    ),
    async (request) => {
      const { page_id: pageId, revision_id: revisionId, completely, recursively } = request.body;
      const access = editorAccess(request);
      const { paths } = ctx.pageLifecycle.delete(access, {
        pageIdToRevisionIdMap: { [pageId]: revisionId ?? '' },
        isRecursively: recursively === true,
        isCompletely: completely === true,
      });
      return {
        ok: true,
        path: paths[0],
        isRecursively: recursively === true,
        isCompletely: completely === true,
      };
    },
  );

  app.post<{ Body: { page_id: string; recursively?: boolean } }>(
    '/pages.revertRemove',
    jsonBody({ page_id: ID, recursively: { type: 'boolean', default: false } }, { required: ['page_id'] }),
    async (request) => ({
      ok: true,
      page: ctx.pageLifecycle.revert(editorAccess(request), {
        pageId: request.body.page_id,
        isRecursively: request.body.recursively === true,
      }),
    }),
  );

  app.post<{ Body: { path: string } }>(
    '/pages.unlink',
    jsonBody({ path: { type: 'string', minLength: 1, maxLength: 2048 } }, { required: ['path'] }),
    async (request) => {
      const access = editorAccess(request);
      const page = ctx.pages.get(access, { path: request.body.path });
      ctx.pageLifecycle.unlink(access, { pageId: page._id });
      return { ok: true, path: page.path };
    },
  );
}
