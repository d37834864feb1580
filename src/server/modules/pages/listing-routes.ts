// HTTP for the page tree and lists, recent changes and templates: validation, permission
// (requireReader + listablePages in the service), the service call, the reply. GET only: the read
// scope serves them (issue 32), where the session is read and never written. The contracts
// (shared/contracts/page-listing.ts) write the answers with compiled serializers: the tree asks for
// hundreds of nodes at a time.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, unauthorized } from '../../lib/app-error';
import { contractRoute } from '../../lib/contract-route';
import { requireReader } from '../../lib/guards';
import { normalizePath } from '../../../shared/page-path';
import {
  pageListingChildren,
  pageListingRoot,
  pagesBelow,
  pagesInTrash,
  pagesSubordinated,
  userRecentPages,
} from '../../../shared/contracts/page-listing';
import { pageTemplate, pagesRecent } from '../../../shared/contracts/pages';

export default async function pageListingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, pageListingRoot, async (request) => ({
    rootPage: ctx.pageListing.root(requireReader(request)),
  }));

  contractRoute(app, pageListingChildren, async (request) => {
    const access = requireReader(request);
    const { id, path, after, limit } = request.query;
    if (!id && !path) throw badRequest('required', 'errors.required', { field: 'id' });
    return ctx.pageListing.children(access, id ? { id } : { path: path ?? '/' }, limit, after);
  });

  contractRoute(app, pagesBelow, async (request) => {
    const { path, page, limit } = request.query;
    return ctx.pageListing.descendants(requireReader(request), path, page, limit);
  });

  contractRoute(app, pagesSubordinated, async (request) => {
    const path = normalizePath(request.query.path);
    return {
      subordinatedPages: ctx.pageListing.subordinated(requireReader(request), path, request.query.limit),
    };
  });

  // Permission: readers; only pages listablePages allows for the caller, inside the service.
  contractRoute(app, userRecentPages, async (request) => {
    const { type, page, limit } = request.query;
    return ctx.pageListing.byUser(requireReader(request), request.params.id, type, page, limit);
  });

  contractRoute(app, pagesInTrash, async (request) => {
    const { page, limit } = request.query;
    return ctx.pageListing.trash(requireReader(request), page, limit);
  });

  // Permission: requireReader here, canReadPage on each template inside the service.
  contractRoute(app, pageTemplate, async (request) => ({
    template: ctx.pages.template(requireReader(request), request.query.path),
  }));

  contractRoute(app, pagesRecent, async (request) => {
    if (!request.user && request.access.restrictGuestMode === 'Deny') throw unauthorized();
    // Permission: listablePages inside the service.
    return ctx.pages.recent(request.access, request.query.limit, request.query.offset);
  });
}
