// HTTP for moving, copying, deleting and restoring pages (contracts: shared/contracts/page-lifecycle.ts).
// Permission: signed in and not read-only (editorAccess); canEditPage and the deletion authority
// on every page touched, inside the service.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { editorAccess } from '../../lib/guards';
import {
  pagesDelete,
  pagesDuplicate,
  pagesEmptyTrash,
  pagesRename,
  pagesRevert,
  pagesUnlink,
} from '../../../shared/contracts/page-lifecycle';

export default async function pageLifecycleRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, pagesRename, async (request) => ({
    page: ctx.pageLifecycle.rename(editorAccess(request), request.body),
  }));

  contractRoute(app, pagesDuplicate, async (request, reply) => {
    const page = ctx.pageLifecycle.duplicate(editorAccess(request), request.body);
    return reply.status(201).send({ page });
  });

  // GROWI repeats the flags it was given.
  contractRoute(app, pagesDelete, async (request) => ({
    ...ctx.pageLifecycle.delete(editorAccess(request), request.body),
    isRecursively: request.body.isRecursively,
    isCompletely: request.body.isCompletely,
  }));

  contractRoute(app, pagesRevert, async (request) => ({
    page: ctx.pageLifecycle.revert(editorAccess(request), request.body),
  }));

  // The redirects from a moved page's old paths go (SPEC §2 "unlinked").
  contractRoute(app, pagesUnlink, async (request) =>
    ctx.pageLifecycle.unlink(editorAccess(request), request.body),
  );

  contractRoute(app, pagesEmptyTrash, async (request) => ctx.pageLifecycle.emptyTrash(editorAccess(request)));
}
