// Whether pages are there (GROWI's `GET /page/exist` and `GET /page/exist-paths`): what a client
// asks before it creates a page or moves one. Readers only; the answer names only pages the asker
// may read.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireReader, userAccess } from '../../lib/guards';

const PATH = { type: 'string', minLength: 1, maxLength: 2048 } as const;

export default async function pageExistRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Querystring: { path: string } }>(
    '/page/exist',
    { schema: { querystring: { type: 'object', required: ['path'], properties: { path: PATH } } } },
    async (request) => ({ isExist: ctx.pages.existsFor(requireReader(request), request.query.path) }),
  );

  app.get<{ Querystring: { fromPath: string; toPath: string } }>(
    '/page/exist-paths',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['fromPath', 'toPath'],
          properties: { fromPath: PATH, toPath: PATH },
        },
      },
    },
    // GROWI answers the paths as a list (its spec says an object; its server and web app use a list).
    async (request) => ({
      existPaths: ctx.pages.existingPathsAfterMove(
        userAccess(request),
        request.query.fromPath,
        request.query.toPath,
      ),
    }),
  );
}
