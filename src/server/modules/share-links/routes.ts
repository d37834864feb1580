// HTTP for share links (contracts: shared/contracts/share-links.ts, GROWI's shapes).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { requireAdmin, userAccess } from '../../lib/guards';
import { paginateResult } from '../../lib/paginate';
import {
  securityShareLinks,
  securityShareLinksRemoveAll,
  shareLinkCreate,
  shareLinkRemove,
  shareLinksAll,
  shareLinksOfPage,
  shareLinksRemoveAll,
  shareLinksRemoveOfPage,
  sharedPage,
  sharedPageOfLink,
} from '../../../shared/contracts/share-links';

const ALL_LINKS_PAGE = 10;

export default async function shareLinkRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, shareLinkCreate, async (request, reply) => {
    // Permission: signed in, then canEditPage inside the service.
    const { relatedPage, expiredAt, description } = request.body;
    const created = ctx.shareLinks.create(userAccess(request), {
      pageId: relatedPage,
      expiredAt: expiredAt ? new Date(expiredAt) : null,
      description: description ?? '',
    });
    // GROWI answers the new link's document itself: the page by id.
    return reply.status(201).send({ ...created, relatedPage: created.relatedPage._id, __v: 0 });
  });

  // Permission: signed in, then canEditPage inside the service.
  contractRoute(app, shareLinksOfPage, async (request) => ({
    shareLinksResult: ctx.shareLinks.ofPage(userAccess(request), request.query.relatedPage),
  }));

  contractRoute(app, shareLinksAll, async (request) => {
    requireAdmin(request);
    // Permission: admins, and only links of pages canReadPage lets them read, in the service.
    return { shareLinks: ctx.shareLinks.all(userAccess(request)) };
  });

  contractRoute(app, shareLinksRemoveAll, async (request) => {
    requireAdmin(request);
    return { deletedCount: ctx.shareLinks.removeAll() };
  });

  // GROWI's security-settings twins (its admin screen calls these): ten links a page, and the
  // number removed.
  contractRoute(app, securityShareLinks, async (request) => {
    requireAdmin(request);
    const links = ctx.shareLinks.all(userAccess(request));
    const offset = (request.query.page - 1) * ALL_LINKS_PAGE;
    return {
      paginateResult: paginateResult(
        links.slice(offset, offset + ALL_LINKS_PAGE),
        links.length,
        offset,
        ALL_LINKS_PAGE,
      ),
    };
  });

  contractRoute(app, securityShareLinksRemoveAll, async (request) => {
    requireAdmin(request);
    return { removeTotal: ctx.shareLinks.removeAll() };
  });

  // Permission: signed in, then canEditPage inside the service.
  contractRoute(app, shareLinksRemoveOfPage, async (request) => ({
    deletedCount: ctx.shareLinks.removeOfPage(userAccess(request), request.query.relatedPage),
  }));

  // Permission: signed in; the link's creator (who may still edit the page) or an admin, in the service.
  contractRoute(app, shareLinkRemove, async (request) => ({
    deletedShareLink: ctx.shareLinks.remove(userAccess(request), request.params.id),
  }));

  /** The page beside GROWI's meta for a link's holder. */
  const withMeta = ({ page, shareLink }: ReturnType<AppContext['shareLinks']['sharedPage']>) => ({
    page,
    shareLink,
    meta: ctx.pageInfo.sharedMeta(page, ctx.likes.bookmarkCount(page._id)),
  });

  // Permission: anyone holding the link (guests too, SPEC §6), through canReadPageViaShareLink.
  contractRoute(app, sharedPageOfLink, async (request) =>
    withMeta(ctx.shareLinks.sharedPage(request.params.id)),
  );

  // GROWI's form of the same read: the link must open that very page. Permission: anyone holding
  // a link of that page (guests too), through canReadPageViaShareLink.
  contractRoute(app, sharedPage, async (request) =>
    withMeta(ctx.shareLinks.sharedPage(request.query.shareLinkId, request.query.pageId)),
  );
}
