// HTTP for likes, bookmarks and a page's social facts (v3, GROWI's shapes).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireReader, userAccess } from '../../lib/guards';
import type { BookmarkInfo, BookmarksResponse, PageSocialInfo } from '../../../shared/social-types';
import { ID } from '../../lib/schemas';
import { derivedId } from '../../lib/ids';

interface BookmarkDoc {
  _id: string;
  /** GROWI populates the page; its id is what a client reads. */
  page: { _id: string };
  user: string;
}

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
    const access = userAccess(request);
    ctx.likes.like(access, request.body.pageId, request.body.bool);
    // GROWI answers the page as it is now and who has seen it.
    const page = ctx.pages.get(access, { id: request.body.pageId });
    return { result: { page, seenUser: page.seenUsers } };
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
    async (request): Promise<BookmarkInfo & { bookmark: BookmarkDoc | null }> => {
      const access = userAccess(request);
      const { pageId, bool } = request.body;
      const info = ctx.likes.bookmark(access, pageId, bool);
      // GROWI answers the bookmark made (null when one was removed).
      const bookmark = bool
        ? {
            _id: derivedId('bookmark', pageId, access.viewer.id),
            page: { _id: pageId },
            user: access.viewer.id,
          }
        : null;
      return { ...info, bookmark };
    },
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
      userRootBookmarks: ctx.likes.bookmarksOf(
        requireReader(request),
        request.params.userId,
        request.query.limit,
      ),
    }),
  );
}
