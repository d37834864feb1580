// Comments and tags: GROWI's older routes under /_api, answering `{ ok: true, … }`.
import { Type } from '@sinclair/typebox';
import { SlackFieldsSchema } from './pages';
import { DateTime, defineContract, Id, Nullable, Offset, Ok, SettingsGroup } from './define';
import { UserSummarySchema } from './entities';
import { COMMENT_MAX_LENGTH, TAG_MAX_LENGTH } from '../social-types';

const Text = Type.String({ minLength: 1, maxLength: COMMENT_MAX_LENGTH });

export const CommentSchema = Type.Object({
  _id: Id,
  page: Id,
  revision: Nullable(Id),
  creator: Nullable(UserSummarySchema),
  comment: Type.String(),
  /** The top-level comment this one answers, or null. */
  replyTo: Nullable(Id),
  createdAt: DateTime,
  updatedAt: DateTime,
});

export const commentsGet = defineContract({
  api: 'v1',
  method: 'GET',
  path: '/comments.get',
  querystring: Type.Object({ page_id: Id }),
  response: { 200: Type.Object({ ok: Ok, comments: Type.Array(CommentSchema) }) },
});

export const commentsAdd = defineContract({
  api: 'v1',
  method: 'POST',
  path: '/comments.add',
  body: Type.Object({
    /** Without `revision_id` the comment is on the page's latest revision (GROWI's clients). */
    commentForm: Type.Object({
      page_id: Id,
      revision_id: Type.Optional(Id),
      comment: Text,
      replyTo: Type.Optional(Id),
    }),
    /** GROWI's user trigger: tell these Slack channels (comma-separated) about the comment. */
    slackNotificationForm: Type.Optional(SlackFieldsSchema),
  }),
  response: { 200: Type.Object({ ok: Ok, comment: CommentSchema }) },
});

export const commentsUpdate = defineContract({
  api: 'v1',
  method: 'POST',
  path: '/comments.update',
  body: Type.Object({ commentForm: Type.Object({ comment_id: Id, comment: Text }) }),
  response: { 200: Type.Object({ ok: Ok, comment: CommentSchema }) },
});

export const commentsRemove = defineContract({
  api: 'v1',
  method: 'POST',
  path: '/comments.remove',
  body: Type.Object({ comment_id: Id }),
  response: { 200: Type.Object({ ok: Ok }) },
});

const TagNames = Type.Array(Type.String());

export const tagsUpdate = defineContract({
  api: 'v1',
  method: 'POST',
  path: '/tags.update',
  body: Type.Object({
    pageId: Id,
    revisionId: Id,
    // Longer names are refused by the service with the tag named in the message.
    tags: Type.Array(Type.String({ maxLength: TAG_MAX_LENGTH * 4 }), { maxItems: 200 }),
  }),
  response: { 200: Type.Object({ ok: Ok, tags: TagNames }) },
});

export const TagCountSchema = Type.Object({ name: Type.String(), count: Type.Integer({ minimum: 0 }) });

export const tagsList = defineContract({
  api: 'v1',
  method: 'GET',
  path: '/tags.list',
  querystring: Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 500 }),
    offset: Offset,
  }),
  response: {
    200: Type.Object({ ok: Ok, data: Type.Array(TagCountSchema), totalCount: Type.Integer({ minimum: 0 }) }),
  },
});

export const tagsSearch = defineContract({
  api: 'v1',
  method: 'GET',
  path: '/tags.search',
  querystring: Type.Object({ q: Type.String({ maxLength: TAG_MAX_LENGTH }) }),
  response: { 200: Type.Object({ ok: Ok, tags: TagNames }) },
});

export const pageTags = defineContract({
  api: 'v1',
  method: 'GET',
  path: '/pages.getPageTag',
  querystring: Type.Object({ pageId: Id }),
  response: { 200: Type.Object({ ok: Ok, tags: TagNames }) },
});

/** SPEC §3's line breaks in comments, and whether read-only users may comment (admins only). */
const CommentSettingsSchema = Type.Object({
  isEnabledLinebreaksInComments: Type.Boolean(),
  isRomUserAllowedToComment: Type.Boolean(),
});
const CommentSettingsAnswer = { 200: Type.Object({ commentSettingParams: CommentSettingsSchema }) };

export const commentSettings = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/comment-setting',
  response: CommentSettingsAnswer,
});

/** Each switch may come alone; neither is ever null. */
export const commentSettingsUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/comment-setting',
  body: SettingsGroup(
    { isEnabledLinebreaksInComments: Type.Boolean(), isRomUserAllowedToComment: Type.Boolean() },
    [],
  ),
  response: CommentSettingsAnswer,
});
