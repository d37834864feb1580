// Whether pages are there (GROWI's `GET /page/exist` and `GET /page/exist-paths`): what a client
// asks before it creates a page or moves one. Readers only; the answer names only pages the asker
// may read.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { requireReader, userAccess } from '../../lib/guards';
import { pageExistPaths, pageExists } from '../../../shared/contracts/pages';

export default async function pageExistRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, pageExists, async (request) => ({
    isExist: ctx.pages.existsFor(requireReader(request), request.query.path),
  }));

  contractRoute(app, pageExistPaths, async (request) => ({
    existPaths: ctx.pages.existingPathsAfterMove(
      userAccess(request),
      request.query.fromPath,
      request.query.toPath,
    ),
  }));
}
