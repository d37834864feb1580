// Share links (SPEC §3): anyone holding one reads the page until it expires. GROWI's v3 shapes.
import { Type } from '@sinclair/typebox';
import { DateTime, defineContract, Id, Nullable, PageNumber } from './define';
import { PageSchema, UserSummarySchema } from './entities';
import { PaginateResultSchema } from './paging';
import { PageMetaSchema } from './pages';
import { SHARE_LINK_DESCRIPTION_MAX } from '../social-types';

/** A share link: `relatedPage` carries the path for the admins' list. */
export const ShareLinkSchema = Type.Object({
  _id: Id,
  relatedPage: Type.Object({ _id: Id, path: Type.String() }),
  creator: Nullable(UserSummarySchema),
  /** Left out for a link that never expires (as GROWI does). */
  expiredAt: Type.Optional(DateTime),
  description: Type.String(),
  createdAt: DateTime,
});

/** A new link as GROWI's document: the page by id. */
export const CreatedShareLinkSchema = Type.Composite([
  Type.Omit(ShareLinkSchema, ['relatedPage']),
  Type.Object({ relatedPage: Id, __v: Type.Integer() }),
]);

const RelatedPage = Type.Object({ relatedPage: Id });

export const shareLinkCreate = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/share-links',
  growiPath: '/share-links/',
  body: Type.Object({
    relatedPage: Id,
    expiredAt: Type.Optional(Nullable(DateTime)),
    description: Type.Optional(Type.String({ maxLength: SHARE_LINK_DESCRIPTION_MAX })),
  }),
  response: { 201: CreatedShareLinkSchema },
});

export const shareLinksOfPage = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/share-links',
  growiPath: '/share-links/',
  querystring: RelatedPage,
  response: { 200: Type.Object({ shareLinksResult: Type.Array(ShareLinkSchema) }) },
});

export const shareLinksAll = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/share-links/all',
  response: { 200: Type.Object({ shareLinks: Type.Array(ShareLinkSchema) }) },
});

export const shareLinksRemoveAll = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/share-links/all',
  response: { 200: Type.Object({ deletedCount: Type.Integer({ minimum: 0 }) }) },
});

/** GROWI's security-settings twin (its admin screen): ten links a page. */
export const securityShareLinks = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/security-setting/all-share-links',
  querystring: Type.Object({ page: PageNumber }),
  response: { 200: Type.Object({ paginateResult: PaginateResultSchema(ShareLinkSchema) }) },
});

export const securityShareLinksRemoveAll = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/security-setting/all-share-links',
  response: { 200: Type.Object({ removeTotal: Type.Integer({ minimum: 0 }) }) },
});

export const shareLinksRemoveOfPage = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/share-links',
  growiPath: '/share-links/',
  querystring: RelatedPage,
  response: { 200: Type.Object({ deletedCount: Type.Integer({ minimum: 0 }) }) },
});

export const shareLinkRemove = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/share-links/{id}',
  params: Type.Object({ id: Id }),
  response: { 200: Type.Object({ deletedShareLink: ShareLinkSchema }) },
});

/** The page, the link, and GROWI's meta (its holder may only read). */
const SharedPage = Type.Object({ page: PageSchema, shareLink: ShareLinkSchema, meta: PageMetaSchema });

/** Quire's read through a link (guests too). */
export const sharedPageOfLink = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/share-links/{id}/page',
  params: Type.Object({ id: Id }),
  response: { 200: SharedPage },
});

/** GROWI's form of the same read: the link must open that very page. */
export const sharedPage = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page/shared',
  querystring: Type.Object({ pageId: Id, shareLinkId: Id }),
  response: { 200: SharedPage },
});
