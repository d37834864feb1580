// HTTP for page lifecycle: rename, duplicate, delete, put back, empty trash. Validation,
// permission (signed in and not read-only via editorAccess; canEditPage / canDeletePageCompletely
// in the service), the service call, the reply.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { editorAccess } from '../../lib/guards';
import { ID, jsonBody } from '../../lib/schemas';

const NEW_PATH = { type: 'string', maxLength: 2048 } as const;

interface RenameBody {
  pageId: string;
  /** The revision the user saw: a save since is 409 `outdated`. GROWI 7's clients send none. */
  revisionId?: string;
  newPagePath: string;
  isRecursively: boolean;
  /** The user confirmed that the moved page may be more open than its new parent. */
  confirmWiderGrant?: boolean;
}
interface DuplicateBody {
  pageId: string;
  pageNameInput: string;
  isRecursively: boolean;
  confirmWiderGrant?: boolean;
}
interface DeleteBody {
  pageIdToRevisionIdMap: Record<string, string>;
  isRecursively: boolean;
  isCompletely: boolean;
}

export default async function pageLifecycleRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.put<{ Body: RenameBody }>(
    '/pages/rename',
    jsonBody(
      {
        pageId: ID,
        revisionId: ID,
        newPagePath: NEW_PATH,
        isRecursively: { type: 'boolean', default: false },
        confirmWiderGrant: { type: 'boolean' },
      },
      { required: ['pageId', 'newPagePath'] },
    ),
    async (request) => ({ page: ctx.pageLifecycle.rename(editorAccess(request), request.body) }),
  );

  app.post<{ Body: DuplicateBody }>(
    '/pages/duplicate',
    jsonBody(
      {
        pageId: ID,
        pageNameInput: NEW_PATH,
        isRecursively: { type: 'boolean', default: false },
        confirmWiderGrant: { type: 'boolean' },
      },
      { required: ['pageId', 'pageNameInput'] },
    ),
    async (request, reply) => {
      const page = ctx.pageLifecycle.duplicate(editorAccess(request), request.body);
      return reply.status(201).send({ page });
    },
  );

  app.post<{ Body: DeleteBody }>(
    '/pages/delete',
    jsonBody(
      {
        pageIdToRevisionIdMap: {
          type: 'object',
          minProperties: 1,
          maxProperties: 100,
          propertyNames: ID,
          additionalProperties: { anyOf: [ID, { type: 'string', maxLength: 0 }] },
        },
        isRecursively: { type: 'boolean', default: false },
        isCompletely: { type: 'boolean', default: false },
      },
      { required: ['pageIdToRevisionIdMap'] },
    ),
    // GROWI's answer repeats what was asked beside the paths.
    async (request) => ({
      ...ctx.pageLifecycle.delete(editorAccess(request), request.body),
      isRecursively: request.body.isRecursively,
      isCompletely: request.body.isCompletely,
    }),
  );

  app.put<{ Body: { pageId: string; isRecursively: boolean } }>(
    '/pages/revert',
    jsonBody({ pageId: ID, isRecursively: { type: 'boolean', default: false } }, { required: ['pageId'] }),
    async (request) => ({ page: ctx.pageLifecycle.revert(editorAccess(request), request.body) }),
  );

  app.put<{ Body: { pageId: string; fromPath?: string } }>(
    '/pages/unlink',
    jsonBody(
      { pageId: ID, fromPath: { type: 'string', minLength: 1, maxLength: 2048 } },
      { required: ['pageId'] },
    ),
    async (request) => ctx.pageLifecycle.unlink(editorAccess(request), request.body),
  );

  app.delete('/pages/empty-trash', async (request) => ctx.pageLifecycle.emptyTrash(editorAccess(request)));
}
