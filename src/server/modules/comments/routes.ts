// HTTP for comments: GROWI's older routes under /_api, answering `{ ok: true, … }`.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireReader, userAccess } from '../../lib/guards';
import { legacyErrorHandler } from '../../http/legacy-errors';
import { SlackFieldsSchema } from '../../../shared/contracts/pages';
import {
  COMMENT_MAX_LENGTH,
  type CommentAddRequest,
  type CommentUpdateRequest,
} from '../../../shared/social-types';
import { ID, jsonBody } from '../../lib/schemas';

const TEXT = { type: 'string', minLength: 1, maxLength: COMMENT_MAX_LENGTH } as const;

export default async function commentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.setErrorHandler(legacyErrorHandler);

  app.get<{ Querystring: { page_id: string } }>(
    '/comments.get',
    { schema: { querystring: { type: 'object', required: ['page_id'], properties: { page_id: ID } } } },
    // Permission: readers only, then canReadPage inside the service.
    async (request) => ({
      ok: true,
      comments: ctx.comments.list(requireReader(request), request.query.page_id),
    }),
  );

  app.post<{ Body: CommentAddRequest }>(
    '/comments.add',
    jsonBody(
      {
        commentForm: {
          type: 'object',
          required: ['page_id', 'comment'],
          properties: { page_id: ID, revision_id: ID, comment: TEXT, replyTo: ID },
        },
        slackNotificationForm: SlackFieldsSchema,
      },
      { required: ['commentForm'] },
    ),
    async (request) => {
      // Permission: signed in; canReadPage and the read-only rule inside the service.
      const access = userAccess(request);
      const form = request.body.commentForm;
      const comment = ctx.comments.add(
        access,
        {
          readOnly: access.viewer.readOnly === true,
          romMayComment: () => ctx.settings.get('security:isRomUserAllowedToComment'),
        },
        { pageId: form.page_id, revisionId: form.revision_id, comment: form.comment, replyTo: form.replyTo },
      );
      const slack = request.body.slackNotificationForm;
      if (slack?.isSlackEnabled && slack.slackChannels) {
        ctx.notifications.enqueueUserTrigger({
          kind: 'comment',
          pageId: form.page_id,
          commentId: comment._id,
          actorId: access.viewer.id,
          slackChannels: slack.slackChannels,
        });
      }
      return { ok: true, comment };
    },
  );

  app.post<{ Body: CommentUpdateRequest }>(
    '/comments.update',
    jsonBody(
      {
        commentForm: {
          type: 'object',
          required: ['comment_id', 'comment'],
          properties: { comment_id: ID, comment: TEXT },
        },
      },
      { required: ['commentForm'] },
    ),
    async (request) => {
      // Permission: signed in; the author only, on a page still readable, inside the service.
      const { comment_id: commentId, comment } = request.body.commentForm;
      return { ok: true, comment: ctx.comments.update(userAccess(request), { commentId, comment }) };
    },
  );

  app.post<{ Body: { comment_id: string } }>(
    '/comments.remove',
    { schema: { body: { type: 'object', required: ['comment_id'], properties: { comment_id: ID } } } },
    async (request) => {
      // Permission: signed in; the author or an admin, on a page still readable, inside the service.
      ctx.comments.remove(userAccess(request), request.body.comment_id);
      return { ok: true };
    },
  );
}
