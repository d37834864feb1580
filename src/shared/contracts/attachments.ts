// Attachments (GROWI's shapes): the v3 routes, GROWI's older removal and profile picture routes.
// Uploads are multipart: the routes read their parts themselves (permission before any byte).
import { Type } from '@sinclair/typebox';
import { DateTime, defineContract, Id, Nullable, Ok, PageNumber } from './define';
import { PageSchema } from './entities';

const ShareLinkQuery = { shareLinkId: Type.Optional(Id) };

export const AttachmentSchema = Type.Object({
  _id: Id,
  page: Nullable(Id),
  originalName: Type.String(),
  /** MIME type, e.g. `image/png`. */
  fileFormat: Type.String(),
  /** Bytes. */
  fileSize: Type.Integer({ minimum: 0 }),
  creator: Nullable(Type.Object({ _id: Id, username: Type.String(), name: Type.String() })),
  createdAt: DateTime,
  /** `/attachment/{id}`: shown inline for safe images, downloaded otherwise. */
  filePathProxied: Type.String(),
  /** `/download/{id}`: always downloaded, with the original name. */
  downloadPathProxied: Type.String(),
});

/** Whether a file of this size may be uploaded now (the size limit, and room on the disk). */
export const attachmentLimit = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/attachment/limit',
  querystring: Type.Object({ fileSize: Type.Number({ minimum: 0 }) }),
  response: { 200: Type.Object({ isUploadable: Type.Boolean() }) },
});

/** Multipart: `page_id`, then `file`. GROWI answers the page and its revision's id beside the file. */
export const attachmentUpload = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/attachment',
  response: {
    200: Type.Object({ page: PageSchema, revision: Id, attachment: AttachmentSchema }),
  },
});

export const attachmentList = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/attachment/list',
  querystring: Type.Object({
    pageId: Id,
    ...ShareLinkQuery,
    page: PageNumber,
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 100 }),
  }),
  response: {
    200: Type.Object({
      paginateResult: Type.Object({
        docs: Type.Array(AttachmentSchema),
        totalDocs: Type.Integer({ minimum: 0 }),
        limit: Type.Integer({ minimum: 1 }),
        page: Type.Integer({ minimum: 1 }),
        totalPages: Type.Integer({ minimum: 0 }),
      }),
    }),
  },
});

export const attachmentGet = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/attachment/{id}',
  params: Type.Object({ id: Id }),
  querystring: Type.Object(ShareLinkQuery),
  response: { 200: Type.Object({ attachment: AttachmentSchema }) },
});

export const attachmentRemove = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/attachment/{id}',
  params: Type.Object({ id: Id }),
  response: { 200: Type.Object({ deletedAttachment: AttachmentSchema }) },
});

export const legacyAttachmentRemove = defineContract({
  api: 'v1',
  method: 'POST',
  path: '/attachments.remove',
  body: Type.Object({ attachment_id: Id }),
  response: { 200: Type.Object({ ok: Ok }) },
});

/** A profile picture as GROWI's older route answers it: its creator by id, on no page. */
export const ProfileImageSchema = Type.Composite([
  Type.Omit(AttachmentSchema, ['creator', 'page']),
  Type.Object({ id: Id, fileName: Type.String(), creator: Id, page: Type.Null() }),
]);

/** Multipart: `file` (PNG, JPEG, GIF or WebP); one's own picture only. */
export const profileImageUpload = defineContract({
  api: 'v1',
  method: 'POST',
  path: '/attachments.uploadProfileImage',
  response: { 200: Type.Object({ ok: Ok, attachment: ProfileImageSchema }) },
});

/** GROWI's form names the user; one's own picture is removed whatever it says. */
export const profileImageRemove = defineContract({
  api: 'v1',
  method: 'POST',
  path: '/attachments.removeProfileImage',
  body: Type.Object({ user: Type.Optional(Type.String({ maxLength: 200 })) }),
  response: { 200: Type.Object({ ok: Ok }) },
});
