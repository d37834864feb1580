// The page tree and the page lists: GROWI's page-listing routes, its lists of pages below a path,
// a user's pages, and Quire's trash list.
import { Type } from '@sinclair/typebox';
import { defineContract, Id, Nullable, PageNumber, PathQuery } from './define';
import { PageSummarySchema } from './entities';

/** One row of the lazy page tree: enough to draw it, never the body. */
export const TreeNodeSchema = Type.Object({
  _id: Id,
  path: Type.String(),
  parentId: Nullable(Type.String()),
  /** A placeholder for an ancestor nobody wrote yet (creatable on click). */
  isEmpty: Type.Boolean(),
  descendantCount: Type.Integer({ minimum: 0 }),
  grant: Type.Integer({ minimum: 1, maximum: 5 }),
  updatedAt: Type.String(),
});

/** A window of a page list, as GROWI's lists name it. */
export const PageListSchema = Type.Object({
  pages: Type.Array(PageSummarySchema),
  totalCount: Type.Integer({ minimum: 0 }),
  offset: Type.Integer({ minimum: 0 }),
  limit: Type.Integer({ minimum: 1 }),
});

const Paging = {
  page: PageNumber,
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};

export const pageListingRoot = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page-listing/root',
  response: { 200: Type.Object({ rootPage: Nullable(TreeNodeSchema) }) },
});

export const pageListingChildren = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page-listing/children',
  querystring: Type.Object({
    id: Type.Optional(Id),
    path: Type.Optional(PathQuery),
    /** Quire's paging of wide folders: the children after this path. */
    after: Type.Optional(PathQuery),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  }),
  response: {
    200: Type.Object({
      children: Type.Array(TreeNodeSchema),
      /** More children follow: ask again with `after` = the last child's path. */
      hasNext: Type.Boolean(),
    }),
  },
});

export const pagesBelow = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/pages/list',
  querystring: Type.Object({ path: PathQuery, ...Paging }),
  response: { 200: PageListSchema },
});

export const pagesSubordinated = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/pages/subordinated-list',
  querystring: Type.Object({
    path: PathQuery,
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
  }),
  response: { 200: Type.Object({ subordinatedPages: Type.Array(PageSummarySchema) }) },
});

export const userRecentPages = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/users/{id}/recent',
  params: Type.Object({ id: Id }),
  querystring: Type.Object({
    type: Type.Union([Type.Literal('created'), Type.Literal('updated')], { default: 'created' }),
    ...Paging,
  }),
  response: { 200: PageListSchema },
});

export const pagesInTrash = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/pages/trash',
  querystring: Type.Object(Paging),
  response: { 200: PageListSchema },
});

/**
 * What GROWI's tree and lists ask about pages they already show: GROWI's `IPageInfoForListing`
 * for a page, `IPageInfoForEmpty` for a placeholder (`emptyPageId`, none of the counts).
 */
export const PageListingInfoSchema = Type.Object({
  isNotFound: Type.Literal(false),
  isV5Compatible: Type.Boolean(),
  isEmpty: Type.Boolean(),
  isMovable: Type.Boolean(),
  isRevertible: Type.Boolean(),
  emptyPageId: Type.Optional(Id),
  isDeletable: Type.Optional(Type.Boolean()),
  isAbleToDeleteCompletely: Type.Optional(Type.Boolean()),
  sumOfLikers: Type.Optional(Type.Integer({ minimum: 0 })),
  likerIds: Type.Optional(Type.Array(Id)),
  sumOfSeenUsers: Type.Optional(Type.Integer({ minimum: 0 })),
  seenUserIds: Type.Optional(Type.Array(Id)),
  contentAge: Type.Optional(Type.Integer({ minimum: 0 })),
  descendantCount: Type.Optional(Type.Integer({ minimum: 0 })),
  commentCount: Type.Optional(Type.Integer({ minimum: 0 })),
  latestRevisionId: Type.Optional(Id),
  /** With `attachBookmarkCount`. */
  bookmarkCount: Type.Optional(Type.Integer({ minimum: 0 })),
  /** With `attachShortBody`: the first 350 characters. */
  revisionShortBody: Type.Optional(Type.String()),
});

const PageIds = Type.Array(Id, { maxItems: 100 });

export const pageListingInfo = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page-listing/info',
  querystring: Type.Object({
    // GROWI's clients send `pageIds[]=…` (axios) or repeated `pageIds=…`.
    pageIds: Type.Optional(PageIds),
    'pageIds[]': Type.Optional(PageIds),
    path: Type.Optional(PathQuery),
    attachBookmarkCount: Type.Boolean({ default: false }),
    attachShortBody: Type.Boolean({ default: false }),
  }),
  /** Page id → its info; pages the reader may not see are left out. */
  response: { 200: Type.Record(Id, PageListingInfoSchema) },
});

/** A tree item (GROWI's `IPageForTreeItem`). */
export const pageListingItem = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page-listing/item',
  querystring: Type.Object({ id: Id }),
  response: {
    200: Type.Object({
      item: Type.Object({
        _id: Id,
        path: Type.String(),
        parent: Nullable(Type.String()),
        revision: Nullable(Type.String()),
        descendantCount: Type.Integer({ minimum: 0 }),
        grant: Type.Integer({ minimum: 1, maximum: 5 }),
        isEmpty: Type.Boolean(),
        wip: Type.Boolean(),
      }),
    }),
  },
});
