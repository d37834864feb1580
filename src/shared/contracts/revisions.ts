// A page's history: its revisions, one revision, diffs, and GROWI's index of a user's edits.
import { Type } from '@sinclair/typebox';
import { DateTime, defineContract, Enum, Id, Nullable, PageNumber } from './define';
import { PageSchema, RevisionSchema, UserSummarySchema } from './entities';

export const RevisionSummarySchema = Type.Object({
  _id: Id,
  pageId: Id,
  author: Nullable(UserSummarySchema),
  createdAt: DateTime,
  /** Body length in characters. */
  size: Type.Integer({ minimum: 0 }),
  /** Who co-edited this revision beside its author (co-editing saves); usually empty. */
  coeditors: Type.Array(UserSummarySchema),
});

export const revisionsList = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/revisions/list',
  querystring: Type.Object({
    pageId: Id,
    page: PageNumber,
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  }),
  response: {
    200: Type.Object({
      revisions: Type.Array(RevisionSummarySchema),
      totalCount: Type.Integer({ minimum: 0 }),
      /** Where this page of the list starts. */
      offset: Type.Integer({ minimum: 0 }),
    }),
  },
});

const RevisionOfPage = Type.Composite([RevisionSchema, Type.Object({ pageId: Id })]);

export const revisionGet = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/revisions/{id}',
  params: Type.Object({ id: Id }),
  querystring: Type.Object({ pageId: Id }),
  response: { 200: Type.Object({ revision: RevisionOfPage }) },
});

/** One piece of a line diff (jsdiff's change objects). */
export const DiffChangeSchema = Type.Object({
  value: Type.String(),
  added: Type.Boolean(),
  removed: Type.Boolean(),
  count: Type.Integer({ minimum: 0 }),
});

/** Quire's history screen: line changes from `from` (default: the revision before) to `to`. */
export const revisionLineDiff = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/revisions/diff',
  querystring: Type.Object({ pageId: Id, to: Id, from: Type.Optional(Id) }),
  response: {
    200: Type.Object({
      from: Nullable(RevisionOfPage),
      to: RevisionOfPage,
      changes: Type.Array(DiffChangeSchema),
    }),
  },
});

/** An ISO 8601 time as typed (the route parses it, 400 naming the field). */
const TimeQuery = Type.String({ minLength: 1, maxLength: 40 });

/** GROWI's changes index: the signed-in user's runs of edits, for clients that sync them. */
export const revisionChanges = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/revisions/changes',
  querystring: Type.Object({
    since: Type.Optional(TimeQuery),
    fromDate: Type.Optional(TimeQuery),
    toDate: Type.Optional(TimeQuery),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  }),
  response: {
    200: Type.Object({
      changes: Type.Array(
        Type.Object({
          pageId: Id,
          /** Null when the page is no longer accessible. */
          path: Nullable(Type.String()),
          /** Null when the run starts with the page's creation. */
          fromRevisionId: Nullable(Id),
          toRevisionId: Id,
          authorId: Id,
          latestUpdatedAt: DateTime,
          accessible: Type.Boolean(),
          deleted: Type.Boolean(),
        }),
      ),
      /** The cursor of the next window, or null at the end. */
      next: Nullable(Type.String()),
    }),
  },
});

/** GROWI's batch diff: unified diffs of up to 20 revision pairs, each answered on its own. */
export const revisionDiffs = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/revisions/diff',
  body: Type.Object({
    pairs: Type.Array(
      Type.Object(
        { pageId: Id, toRevisionId: Id, fromRevisionId: Type.Optional(Nullable(Id)) },
        { additionalProperties: false },
      ),
      { maxItems: 20 },
    ),
    contextLines: Type.Integer({ minimum: 0, maximum: 20, default: 3 }),
  }),
  response: {
    200: Type.Object({
      results: Type.Array(
        Type.Object({
          pageId: Type.String(),
          toRevisionId: Type.String(),
          status: Enum(['ok', 'forbidden', 'invalid'] as const, 'string'),
          diff: Type.Optional(Type.String()),
        }),
      ),
    }),
  },
});

/** Quire's history screen: an old revision's body saved as the newest (a conflict is 409). */
export const revisionRestore = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/revisions/restore',
  body: Type.Object({ pageId: Id, revisionId: Id, targetRevisionId: Id }),
  response: { 200: Type.Object({ page: PageSchema }) },
});
