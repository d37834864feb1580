// GROWI's grant routes and its older page routes under /_api (`pages.remove`, `pages.revertRemove`,
// `pages.unlink`, answering `{ ok: true, … }`).
import { Type } from '@sinclair/typebox';
import { defineContract, Enum, Id, Nullable, Ok, PathQuery } from './define';
import { PageDocumentSchema, PageSchema } from './entities';

const PageIdQuery = Type.Object({ pageId: Id });
const GroupRef = Type.Object({ id: Id, name: Type.String(), type: Enum(['UserGroup'] as const, 'string') });
/** The viewer's groups against a page's granted groups (GROWI's getPageGroupGrantData). */
const GroupGrantData = Type.Object({
  userRelatedGroups: Type.Array(
    Type.Composite([
      GroupRef,
      Type.Object({ status: Enum(['isGranted', 'notGranted', 'cannotGrant'] as const, 'string') }),
    ]),
  ),
  nonUserRelatedGrantedGroups: Type.Array(GroupRef),
});
const PageGrant = Type.Object({
  grant: Type.Integer({ minimum: 1, maximum: 5 }),
  groupGrantData: GroupGrantData,
});

export const pageGrantData = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page/grant-data',
  querystring: PageIdQuery,
  response: {
    200: Type.Object({
      /** Whether the page's grant fits its parent's. */
      isGrantNormalized: Type.Boolean(),
      grantData: Type.Object({
        isForbidden: Type.Boolean(),
        currentPageGrant: PageGrant,
        parentPageGrant: Nullable(PageGrant),
      }),
    }),
  },
});

/** Grant number → null, or for grant 5 the groups that may be chosen (as GROWI answers). */
export const pageApplicableGrant = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page/applicable-grant',
  querystring: PageIdQuery,
  response: {
    200: Type.Record(
      Type.String({ pattern: '^[1-5]$' }),
      Nullable(
        Type.Object({
          applicableGroups: Type.Array(
            Type.Object({
              type: Enum(['UserGroup'] as const, 'string'),
              item: Type.Object({ _id: Id, name: Type.String() }),
            }),
          ),
        }),
      ),
    ),
  },
});

export const pageNonUserRelatedGroupsGranted = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page/non-user-related-groups-granted',
  querystring: Type.Object({ path: PathQuery }),
  response: { 200: Type.Object({ isNonUserRelatedGroupsGranted: Type.Boolean() }) },
});

export const pageGrantUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/page/{pageId}/grant',
  growiPath: '/{pageId}/grant',
  params: Type.Object({ pageId: Id }),
  body: Type.Object({
    grant: Enum([1, 2, 4, 5] as const, 'integer'),
    /** GROWI's web app sends `{ item, type }`; its spec says plain ids. Both are read. */
    userRelatedGrantedGroups: Type.Optional(
      Type.Array(
        Type.Union([Id, Type.Object({ item: Id, type: Type.Optional(Type.String({ maxLength: 40 })) })]),
        { maxItems: 100 },
      ),
    ),
  }),
  response: { 200: PageDocumentSchema },
});

export const legacyPagesRemove = defineContract({
  api: 'v1',
  method: 'POST',
  path: '/pages.remove',
  body: Type.Object({
    page_id: Id,
    revision_id: Type.Optional(Id),
    completely: Type.Boolean({ default: false }),
    recursively: Type.Boolean({ default: false }),
  }),
  response: {
    200: Type.Object({
      ok: Ok,
      path: Type.String(),
      isRecursively: Type.Boolean(),
      isCompletely: Type.Boolean(),
    }),
  },
});

export const legacyPagesRevertRemove = defineContract({
  api: 'v1',
  method: 'POST',
  path: '/pages.revertRemove',
  body: Type.Object({ page_id: Id, recursively: Type.Boolean({ default: false }) }),
  response: { 200: Type.Object({ ok: Ok, page: PageSchema }) },
});

export const legacyPagesUnlink = defineContract({
  api: 'v1',
  method: 'POST',
  path: '/pages.unlink',
  body: Type.Object({ path: PathQuery }),
  response: { 200: Type.Object({ ok: Ok, path: Type.String() }) },
});
