// The page read (GROWI's GET /_api/v3/page), the route a wiki answers most: registered in the read
// scope (app.ts), where the session is only read (http/session-reader.ts) and the page comes
// from memory (read-cache.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, unauthorized } from '../../lib/app-error';
import { ID } from '../../lib/schemas';
import type { Page } from '../../../shared/api-types';

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
      const read = ctx.pages.read(request.access, pageId ? { id: pageId } : { path: path ?? '' });
      if ('json' in read) {
        // The count of pages below is the reader's own (visible-counts.ts): the kept answer is
        // sent as it is only when it already says what this reader may see.
        const count = ctx.pages.counts.of(request.access, read.path, read.descendantCount);
        if (count === read.descendantCount && ctx.likes.alreadySeen(viewerId, read.pageId, read.seenUsers)) {
          return reply.type(JSON_UTF8).send(read.json);
        }
        const { page } = JSON.parse(read.json) as { page: Page };
        return { page: ctx.likes.markSeen(viewerId, { ...page, descendantCount: count }) };
      }
      const count = ctx.pages.counts.of(request.access, read.page.path, read.page.descendantCount);
      return { ...read, page: ctx.likes.markSeen(viewerId, { ...read.page, descendantCount: count }) };
    },
  );
}
