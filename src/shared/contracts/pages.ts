// Reading pages: GROWI's page read and the lists around it.
import { Type } from '@sinclair/typebox';
import { defineContract, Id, PathQuery } from './define';
import { PageSchema } from './entities';

/**
 * What GROWI's page read says of the page for this reader (its `IPageInfoForEntity`): what they may
 * do with it, and counts its screens show.
 */
export const PageMetaSchema = Type.Object({
  isNotFound: Type.Literal(false),
  isV5Compatible: Type.Boolean(),
  isEmpty: Type.Literal(false),
  isMovable: Type.Boolean(),
  isDeletable: Type.Boolean(),
  isAbleToDeleteCompletely: Type.Boolean(),
  isRevertible: Type.Boolean(),
  bookmarkCount: Type.Integer({ minimum: 0 }),
  sumOfLikers: Type.Integer({ minimum: 0 }),
  /** The first 15. */
  likerIds: Type.Array(Id),
  sumOfSeenUsers: Type.Integer({ minimum: 0 }),
  /** The first 15. */
  seenUserIds: Type.Array(Id),
  /** Whole years since the last edit. */
  contentAge: Type.Integer({ minimum: 0 }),
  descendantCount: Type.Integer({ minimum: 0 }),
  commentCount: Type.Integer({ minimum: 0 }),
  latestRevisionId: Id,
});

/** The page read's answer without its meta (the server keeps read pages written this way). */
export const PageOnlySchema = Type.Object({ page: PageSchema });

/** The page read, the route a wiki answers most (GROWI's `GET /_api/v3/page`). */
export const pageRead = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page',
  querystring: Type.Object({ path: Type.Optional(PathQuery), pageId: Type.Optional(Id) }),
  response: {
    200: Type.Object({
      page: PageSchema,
      meta: PageMetaSchema,
      /** Set when the requested path was a moved page's old path (SPEC §2 notice "redirected"). */
      redirectFrom: Type.Optional(Type.String()),
    }),
  },
});
