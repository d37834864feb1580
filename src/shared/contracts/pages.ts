// Pages: GROWI's page read, create and save, and the questions asked around them.
import { Type } from '@sinclair/typebox';
import { SLACK_CHANNEL_LIST_PATTERN } from '../notification-rules';
import { defineContract, Enum, Id, Nullable, Offset, PathQuery } from './define';
import { PageSchema, PageSummarySchema, RevisionSchema } from './entities';

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

/** 10 MB of Markdown: far above any real page, low enough to keep one request cheap. */
export const MAX_BODY_LENGTH = 10_000_000;
const Body = Type.String({ maxLength: MAX_BODY_LENGTH });

/** GROWI's grant fields of page create and update. */
export const GrantFieldsSchema = Type.Object({
  /** 1 public, 2 anyone with the link, 4 only me, 5 group(s). */
  grant: Type.Optional(Enum([1, 2, 4, 5] as const, 'integer')),
  grantUserGroupIds: Type.Optional(
    Type.Array(Type.Object({ type: Type.Optional(Enum(['UserGroup'] as const, 'string')), item: Id }), {
      maxItems: 50,
    }),
  ),
  /**
   * A page more open than its parent is refused with 409 `grant_wider_than_parent` unless the user
   * confirmed it; the web app asks and resends with this set.
   */
  confirmWiderGrant: Type.Optional(Type.Boolean()),
});

/** GROWI's user trigger: tell these Slack channels of the save (checked like the admin's list). */
export const SlackFieldsSchema = Type.Object({
  isSlackEnabled: Type.Optional(Type.Boolean()),
  slackChannels: Type.Optional(
    Type.String({ maxLength: 500, pattern: `^(${SLACK_CHANNEL_LIST_PATTERN.slice(1, -1)})?$` }),
  ),
});

export const pageCreate = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/page',
  body: Type.Composite([
    Type.Object({
      path: PathQuery,
      /** Omitted: the page starts from the nearest template (SPEC §2), or empty. */
      body: Type.Optional(Body),
      /** Saved as work in progress, not published yet (GROWI 7). */
      wip: Type.Optional(Type.Boolean()),
      /** Tags for the new page (instead of its template's); names are checked as tags.update does. */
      pageTags: Type.Optional(Type.Array(Type.String({ maxLength: 400 }), { maxItems: 200 })),
    }),
    GrantFieldsSchema,
    SlackFieldsSchema,
  ]),
  response: {
    201: Type.Object({ page: PageSchema, tags: Type.Array(Type.String()), revision: RevisionSchema }),
  },
});

export const pageUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/page',
  body: Type.Composite([
    Type.Object({
      pageId: Id,
      revisionId: Id,
      body: Body,
      /** GROWI 7: true keeps the page a work in progress, false publishes it; absent leaves it. */
      wip: Type.Optional(Type.Boolean()),
    }),
    /** Grant fields omitted: the page keeps its grant. */
    GrantFieldsSchema,
    SlackFieldsSchema,
  ]),
  response: { 200: Type.Object({ page: PageSchema, revision: RevisionSchema }) },
});

export const pagesRecent = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/pages/recent',
  querystring: Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    offset: Offset,
  }),
  response: {
    200: Type.Object({ pages: Type.Array(PageSummarySchema), totalCount: Type.Integer({ minimum: 0 }) }),
  },
});

/** Quire's: the template a new page at `path` starts from (SPEC §2), or null. */
export const pageTemplate = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/pages/template',
  querystring: Type.Object({ path: PathQuery }),
  response: {
    200: Type.Object({
      template: Nullable(Type.Object({ templatePath: Type.String(), body: Type.String() })),
    }),
  },
});

export const pageExists = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page/exist',
  querystring: Type.Object({ path: PathQuery }),
  response: { 200: Type.Object({ isExist: Type.Boolean() }) },
});

export const pageExistPaths = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page/exist-paths',
  querystring: Type.Object({ fromPath: PathQuery, toPath: PathQuery }),
  // GROWI answers the paths as a list (its spec says an object; its server and web app use a list).
  response: { 200: Type.Object({ existPaths: Type.Array(Type.String()) }) },
});
