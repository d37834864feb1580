// Likes, bookmarks and a page's social facts (GROWI's v3 shapes).
import { Type } from '@sinclair/typebox';
import { DateTime, defineContract, Id, Nullable } from './define';
import { PageSchema, PageSummarySchema, UserSummarySchema } from './entities';

const Toggle = Type.Object({ pageId: Id, bool: Type.Boolean() });
const PageQuery = Type.Object({ pageId: Id });
const Count = Type.Integer({ minimum: 0 });

export const pageLikes = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/page/likes',
  body: Toggle,
  /** GROWI answers the page as it is now and who has seen it. */
  response: { 200: Type.Object({ result: Type.Object({ page: PageSchema, seenUser: Type.Array(Id) }) }) },
});

/** The social facts of a page with the users spelled out. */
export const PageSocialInfoSchema = Type.Object({
  sumOfLikers: Count,
  likerIds: Type.Array(Id),
  likers: Type.Array(UserSummarySchema),
  isLiked: Type.Boolean(),
  sumOfSeenUsers: Count,
  seenUserIds: Type.Array(Id),
  seenUsers: Type.Array(UserSummarySchema),
  bookmarkCount: Count,
  isBookmarked: Type.Boolean(),
  commentCount: Count,
});

export const pageSocialInfo = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page/info',
  querystring: PageQuery,
  response: { 200: PageSocialInfoSchema },
});

export const BookmarkInfoSchema = Type.Object({
  sumOfBookmarks: Count,
  isBookmarked: Type.Boolean(),
  pageId: Id,
  bookmarkedUsers: Type.Array(UserSummarySchema),
});

export const BookmarkDocSchema = Type.Object({ _id: Id, page: Id, user: Id });

export const bookmarkToggle = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/bookmarks',
  body: Toggle,
  response: {
    200: Type.Composite([
      BookmarkInfoSchema,
      Type.Object({
        /** The bookmark, the page by id (null when there was none to remove). */
        bookmark: Nullable(BookmarkDocSchema),
      }),
    ]),
  },
});

export const bookmarkInfo = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/bookmarks/info',
  querystring: PageQuery,
  response: { 200: BookmarkInfoSchema },
});

/** A bookmark as GROWI lists them: an id for the pair, the user who bookmarked, the page. */
export const BookmarkedPageSchema = Type.Object({
  _id: Id,
  user: Id,
  page: PageSummarySchema,
  createdAt: DateTime,
});

/** GROWI's `GET /bookmarks/{userId}` (its folders' root: every bookmark, as folders are not kept). */
export const userBookmarks = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/bookmarks/{userId}',
  params: Type.Object({ userId: Id }),
  querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }) }),
  response: { 200: Type.Object({ userRootBookmarks: Type.Array(BookmarkedPageSchema) }) },
});
