// The page read (GROWI's GET /_api/v3/page), the route a wiki answers most: registered in the read
// scope (app.ts), where the session is only read (plugins/session-reader.ts) and the page comes
// from memory (read-cache.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, unauthorized } from '../../lib/app-error';
import { ID } from './routes';

const JSON_UTF8 = 'application/json; charset=utf-8';

export default async function pageReadRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Querystring: { path?: string; pageId?: string } }>(
    '/page',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { path: { type: 'string', minLength: 1, maxLength: 2048 }, pageId: ID },
        },
      },
    },
    async (request, reply) => {
      const { path, pageId } = request.query;
      if (!path && !pageId) throw badRequest('required', 'errors.required', { field: 'path' });
      if (!request.user && request.access.restrictGuestMode === 'Deny') throw unauthorized();
      // Permission: canReadPage inside the service; a signed-in reader is recorded as "seen by".
      const viewerId = request.user?.id ?? null;
      const where = pageId ? { id: pageId } : { path: path ?? '' };
      const cached = ctx.pages.cachedRead(request.access, where);
      if (cached && ctx.likes.alreadySeen(viewerId, cached.pageId, cached.seenUsers)) {
        return reply.type(JSON_UTF8).send(cached.json);
      }
      const found = pageId
        ? { page: ctx.pages.get(request.access, { id: pageId }) }
        : ctx.pages.getByPathOrRedirect(request.access, path ?? '');
      return { ...found, page: ctx.likes.markSeen(viewerId, found.page) };
    },
  );
}
