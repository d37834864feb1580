// Moving, copying, deleting and restoring pages, and GROWI 7's publish / unpublish.
import { Type } from '@sinclair/typebox';
import { defineContract, Enum, Id } from './define';
import { PageDocumentSchema, PageSchema } from './entities';

/** A target path as typed (the page rules check it further; empty is refused there, translated). */
const NewPath = Type.String({ maxLength: 2048 });
const Page = Type.Object({ page: PageSchema });

export const pagesRename = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/pages/rename',
  body: Type.Object({
    pageId: Id,
    /** The revision the user saw: a save since is 409 `outdated`. GROWI 7's clients send none. */
    revisionId: Type.Optional(Id),
    newPagePath: NewPath,
    isRecursively: Type.Boolean({ default: false }),
    /** The user confirmed that the moved page may be more open than its new parent. */
    confirmWiderGrant: Type.Optional(Type.Boolean()),
  }),
  response: { 200: Page },
});

export const pagesDuplicate = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/pages/duplicate',
  body: Type.Object({
    pageId: Id,
    pageNameInput: NewPath,
    isRecursively: Type.Boolean({ default: false }),
    confirmWiderGrant: Type.Optional(Type.Boolean()),
  }),
  response: { 201: Page },
});

export const pagesDelete = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/pages/delete',
  body: Type.Object({
    /** Each page and the revision the user saw ('' for none: GROWI's tree sends it so). */
    pageIdToRevisionIdMap: Type.Unsafe<Record<string, string>>({
      type: 'object',
      minProperties: 1,
      maxProperties: 100,
      // Refused whole when a key is not an id (a pattern key would only be dropped).
      propertyNames: Id,
      additionalProperties: { anyOf: [Id, { type: 'string', maxLength: 0 }] },
    }),
    isRecursively: Type.Boolean({ default: false }),
    isCompletely: Type.Boolean({ default: false }),
  }),
  response: {
    200: Type.Object({
      paths: Type.Array(Type.String()),
      isRecursively: Type.Boolean(),
      isCompletely: Type.Boolean(),
    }),
  },
});

export const pagesRevert = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/pages/revert',
  body: Type.Object({ pageId: Id, isRecursively: Type.Boolean({ default: false }) }),
  response: { 200: Page },
});

export const pagesUnlink = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/pages/unlink',
  body: Type.Object({ pageId: Id, fromPath: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })) }),
  response: { 200: Type.Object({ unlinkedCount: Type.Integer({ minimum: 0 }) }) },
});

const DeletedPageSchema = Type.Object({
  _id: Id,
  path: Type.String(),
  status: Enum(['deleted'] as const, 'string'),
  grant: Type.Integer({ minimum: 1, maximum: 5 }),
});

export const pagesEmptyTrash = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/pages/empty-trash',
  response: {
    200: Type.Object({
      deletablePages: Type.Array(DeletedPageSchema),
      deletedCount: Type.Integer({ minimum: 0 }),
    }),
  },
});

const publishing = (action: 'publish' | 'unpublish') =>
  defineContract({
    api: 'v3',
    method: 'PUT',
    path: `/page/{pageId}/${action}`,
    params: Type.Object({ pageId: Id }),
    response: { 200: PageDocumentSchema },
  });

export const pagePublish = publishing('publish');
export const pageUnpublish = publishing('unpublish');
