// GROWI's grant routes (`/page/grant-data`, `/page/applicable-grant`,
// `/page/non-user-related-groups-granted`, `PUT /page/{pageId}/grant`): signed-in users; changing
// a grant needs a user who may edit the page (read-only users: 403). Rules in grant-service.ts.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { editorAccess, userAccess } from '../../lib/guards';
import { ID, jsonBody } from '../../lib/schemas';

const PAGE_ID_QUERY = {
  schema: { querystring: { type: 'object', required: ['pageId'], properties: { pageId: ID } } },
};

/** GROWI's web app sends granted groups as `{ item, type }`; its spec says plain ids. Both are read. */
type GrantedGroup = string | { item: string; type?: string };

export default async function pageGrantRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Querystring: { pageId: string } }>('/page/grant-data', PAGE_ID_QUERY, async (request) =>
    ctx.pageGrants.grantData(userAccess(request), request.query.pageId),
  );

  app.get<{ Querystring: { pageId: string } }>('/page/applicable-grant', PAGE_ID_QUERY, async (request) =>
    ctx.pageGrants.applicableGrant(userAccess(request), request.query.pageId),
  );

  app.get<{ Querystring: { path: string } }>(
    '/page/non-user-related-groups-granted',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['path'],
          properties: { path: { type: 'string', minLength: 1, maxLength: 2048 } },
        },
      },
    },
    async (request) => ({
      isNonUserRelatedGroupsGranted: ctx.pageGrants.nonUserRelatedGroupsGranted(
        userAccess(request),
        request.query.path,
      ),
    }),
  );

  app.put<{
    Params: { pageId: string };
    Body: { grant: 1 | 2 | 4 | 5; userRelatedGrantedGroups?: GrantedGroup[] };
  }>(
    '/page/:pageId/grant',
    {
      schema: {
        params: { type: 'object', properties: { pageId: ID } },
        ...jsonBody(
          {
            grant: { type: 'integer', enum: [1, 2, 4, 5] },
            userRelatedGrantedGroups: {
              type: 'array',
              maxItems: 100,
              items: {
                anyOf: [
                  ID,
                  {
                    type: 'object',
                    required: ['item'],
                    properties: { item: ID, type: { type: 'string', maxLength: 40 } },
                  },
                ],
              },
            },
          },
          { required: ['grant'] },
        ).schema,
      },
    },
    async (request) => {
      const groupIds = (request.body.userRelatedGrantedGroups ?? []).map((group) =>
        typeof group === 'string' ? group : group.item,
      );
      return ctx.pageGrants.updateGrant(editorAccess(request), request.params.pageId, {
        grant: request.body.grant,
        groupIds,
      });
    },
  );
}
