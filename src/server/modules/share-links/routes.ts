// HTTP for share links (v3, GROWI's shapes).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin, userAccess } from '../../lib/guards';
import {
  SHARE_LINK_DESCRIPTION_MAX,
  type CreatedShareLink,
  type ShareLinkCreateRequest,
} from '../../../shared/social-types';
import { ID, jsonBody } from '../../lib/schemas';
import { paginateResult } from '../../lib/paginate';

const ALL_LINKS_PAGE = 10;

export default async function shareLinkRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post<{ Body: ShareLinkCreateRequest }>(
    '/share-links',
    jsonBody(
      {
        relatedPage: ID,
        expiredAt: { type: ['string', 'null'], format: 'date-time' },
        description: { type: 'string', maxLength: SHARE_LINK_DESCRIPTION_MAX },
      },
      { required: ['relatedPage'] },
    ),
    async (request, reply) => {
      // Permission: signed in, then canEditPage inside the service.
      const { relatedPage, expiredAt, description } = request.body;
      const created = ctx.shareLinks.create(userAccess(request), {
        pageId: relatedPage,
        expiredAt: expiredAt ? new Date(expiredAt) : null,
        description: description ?? '',
      });
      // GROWI answers the new link's document itself: the page by id, no expiry field when none.
      const { relatedPage: page, expiredAt: expiry, ...rest } = created;
      const answer: CreatedShareLink = {
        ...rest,
        relatedPage: page._id,
        ...(expiry ? { expiredAt: expiry } : {}),
        __v: 0,
      };
      return reply.status(201).send(answer);
    },
  );

  app.get<{ Querystring: { relatedPage: string } }>(
    '/share-links',
    {
      schema: { querystring: { type: 'object', required: ['relatedPage'], properties: { relatedPage: ID } } },
    },
    // Permission: signed in, then canEditPage inside the service.
    async (request) => ({
      shareLinksResult: ctx.shareLinks.ofPage(userAccess(request), request.query.relatedPage),
    }),
  );

  app.get('/share-links/all', async (request) => {
    requireAdmin(request);
    // Permission: admins, and only links of pages canReadPage lets them read, in the service.
    return { shareLinks: ctx.shareLinks.all(userAccess(request)) };
  });

  app.delete('/share-links/all', async (request) => {
    requireAdmin(request);
    return { deletedCount: ctx.shareLinks.removeAll() };
  });

  // GROWI's security-settings twins (its admin screen calls these): ten links a page, and the
  // number removed.
  app.get<{ Querystring: { page: number } }>(
    '/security-setting/all-share-links',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { page: { type: 'integer', minimum: 1, maximum: 10_000_000, default: 1 } },
        },
      },
    },
    async (request) => {
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
    },
  );

  app.delete('/security-setting/all-share-links', async (request) => {
    requireAdmin(request);
    return { removeTotal: ctx.shareLinks.removeAll() };
  });

  app.delete<{ Querystring: { relatedPage: string } }>(
    '/share-links',
    {
      schema: { querystring: { type: 'object', required: ['relatedPage'], properties: { relatedPage: ID } } },
    },
    // Permission: signed in, then canEditPage inside the service.
    async (request) => ({
      deletedCount: ctx.shareLinks.removeOfPage(userAccess(request), request.query.relatedPage),
    }),
  );

  app.delete<{ Params: { id: string } }>(
    '/share-links/:id',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: ID } } } },
    // Permission: signed in; the link's creator (who may still edit the page) or an admin, in the service.
    async (request) => ({ deletedShareLink: ctx.shareLinks.remove(userAccess(request), request.params.id) }),
  );

  app.get<{ Params: { id: string } }>(
    '/share-links/:id/page',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: ID } } } },
    // Permission: anyone holding the link (guests too, SPEC §6), through canReadPageViaShareLink.
    async (request) => ctx.shareLinks.sharedPage(request.params.id),
  );

  // GROWI's form of the same read: the link must open that very page.
  app.get<{ Querystring: { pageId: string; shareLinkId: string } }>(
    '/page/shared',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['pageId', 'shareLinkId'],
          properties: { pageId: ID, shareLinkId: ID },
        },
      },
    },
    // Permission: anyone holding a link of that page (guests too), through canReadPageViaShareLink.
    async (request) => ctx.shareLinks.sharedPage(request.query.shareLinkId, request.query.pageId),
  );
}
