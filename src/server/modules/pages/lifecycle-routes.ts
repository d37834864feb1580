// HTTP for page lifecycle: rename, duplicate, delete, put back, empty trash. Validation,
// permission (signed in and not read-only via editorAccess; canEditPage / canDeletePageCompletely
// in the service), the service call, the reply.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { editorAccess } from '../../lib/guards';
import { ID } from '../../lib/schemas';

const NEW_PATH = { type: 'string', maxLength: 2048 } as const;

interface RenameBody {
  pageId: string;
  revisionId: string;
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
    {
      schema: {
        body: {
          type: 'object',
          required: ['pageId', 'revisionId', 'newPagePath'],
          properties: {
            pageId: ID,
            revisionId: ID,
            newPagePath: NEW_PATH,
            isRecursively: { type: 'boolean', default: false },
            confirmWiderGrant: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => ({ page: ctx.pageLifecycle.rename(editorAccess(request), request.body) }),
  );

  app.post<{ Body: DuplicateBody }>(
    '/pages/duplicate',
    {
      schema: {
        body: {
          type: 'object',
          required: ['pageId', 'pageNameInput'],
          properties: {
            pageId: ID,
            pageNameInput: NEW_PATH,
            isRecursively: { type: 'boolean', default: false },
            confirmWiderGrant: { type: 'boolean' },
          },
        },
      },
    },
    async (request, reply) => {
      const page = ctx.pageLifecycle.duplicate(editorAccess(request), request.body);
      return reply.status(201).send({ page });
    },
  );

  app.post<{ Body: DeleteBody }>(
    '/pages/delete',
    {
      schema: {
        body: {
          type: 'object',
          required: ['pageIdToRevisionIdMap'],
          properties: {
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
        },
      },
    },
    async (request) => ctx.pageLifecycle.delete(editorAccess(request), request.body),
  );

  app.put<{ Body: { pageId: string; isRecursively: boolean } }>(
    '/pages/revert',
    {
      schema: {
        body: {
          type: 'object',
          required: ['pageId'],
          properties: { pageId: ID, isRecursively: { type: 'boolean', default: false } },
        },
      },
    },
    async (request) => ({ page: ctx.pageLifecycle.revert(editorAccess(request), request.body) }),
  );

  app.put<{ Body: { pageId: string; fromPath?: string } }>(
    '/pages/unlink',
    {
      schema: {
        body: {
          type: 'object',
          required: ['pageId'],
          properties: { pageId: ID, fromPath: { type: 'string', minLength: 1, maxLength: 2048 } },
        },
      },
    },
    async (request) => ctx.pageLifecycle.unlink(editorAccess(request), request.body),
  );

  app.delete('/pages/empty-trash', async (request) => ctx.pageLifecycle.emptyTrash(editorAccess(request)));
}
