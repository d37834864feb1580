// GROWI's grant routes (`/page/grant-data`, `/page/applicable-grant`,
// `/page/non-user-related-groups-granted`, `PUT /page/{pageId}/grant`; contracts in
// shared/contracts/page-grants.ts): signed-in users; changing a grant needs a user who may edit the
// page (read-only users: 403). Rules in grant-service.ts.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { editorAccess, userAccess } from '../../lib/guards';
import {
  pageApplicableGrant,
  pageGrantData,
  pageGrantUpdate,
  pageNonUserRelatedGroupsGranted,
} from '../../../shared/contracts/page-grants';
import { toPageDocument } from './presenter';

export default async function pageGrantRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, pageGrantData, async (request) =>
    ctx.pageGrants.grantData(userAccess(request), request.query.pageId),
  );

  contractRoute(app, pageApplicableGrant, async (request) =>
    ctx.pageGrants.applicableGrant(userAccess(request), request.query.pageId),
  );

  contractRoute(app, pageNonUserRelatedGroupsGranted, async (request) => ({
    isNonUserRelatedGroupsGranted: ctx.pageGrants.nonUserRelatedGroupsGranted(
      userAccess(request),
      request.query.path,
    ),
  }));

  contractRoute(app, pageGrantUpdate, async (request) => {
    const groupIds = (request.body.userRelatedGrantedGroups ?? []).map((group) =>
      typeof group === 'string' ? group : group.item,
    );
    const page = ctx.pageGrants.updateGrant(editorAccess(request), request.params.pageId, {
      grant: request.body.grant,
      groupIds,
    });
    return toPageDocument(page);
  });
}
