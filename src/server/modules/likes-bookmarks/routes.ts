// HTTP for likes, bookmarks and a page's social facts (v3, GROWI's shapes).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireReader, userAccess } from '../../lib/guards';
import type { BookmarkInfo, BookmarksResponse, PageSocialInfo } from '../../../shared/social-types';
import { ID } from '../../lib/schemas';

const TOGGLE = {
  body: {
    type: 'object',
    required: ['pageId', 'bool'],
    properties: { pageId: ID, bool: { type: 'boolean' } },
  },
} as const;
const PAGE_QUERY = {
  querystring: { type: 'object', required: ['pageId'], properties: { pageId: ID } },
} as const;

export default async function likesBookmarksRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.put<{ Body: { pageId: string; bool: boolean } }>('/page/likes', { schema: TOGGLE }, async (request) => {
    // Permission: signed in, then canReadPage inside the service.
    const liker = ctx.likes.like(userAccess(request), request.body.pageId, request.body.bool);
    return { page: { _id: request.body.pageId, liker } };
  });

  app.get<{ Querystring: { pageId: string } }>(
    '/page/info',
    { schema: PAGE_QUERY },
    // Permission: readers only, then canReadPage inside the service.
    async (request): Promise<PageSocialInfo> =>
      ctx.likes.pageInfo(requireReader(request), request.query.pageId),
  );

  app.put<{ Body: { pageId: string; bool: boolean } }>(
    '/bookmarks',
    { schema: TOGGLE },
    // Permission: signed in, then canReadPage inside the service.
    async (request): Promise<BookmarkInfo> =>
      ctx.likes.bookmark(userAccess(request), request.body.pageId, request.body.bool),
  );

  app.get<{ Querystring: { pageId: string } }>(
    '/bookmarks/info',
    { schema: PAGE_QUERY },
    // Permission: readers only, then canReadPage inside the service.
    async (request): Promise<BookmarkInfo> =>
      ctx.likes.bookmarkInfo(requireReader(request), request.query.pageId),
  );

  app.get<{ Params: { userId: string }; Querystring: { limit: number } }>(
    '/bookmarks/:userId',
    {
      schema: {
        params: { type: 'object', required: ['userId'], properties: { userId: ID } },
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
        },
      },
    },
    // Permission: readers only; only pages listablePages allows for the caller, inside the service.
    async (request): Promise<BookmarksResponse> => ({
      bookmarks: ctx.likes.bookmarksOf(requireReader(request), request.params.userId, request.query.limit),
    }),
  );
}
