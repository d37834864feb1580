// HTTP for comments: GROWI's older routes under /_api, answering `{ ok: true, … }`.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireReader, userAccess } from '../../lib/guards';
import { legacyErrorHandler } from '../../http/legacy-errors';
import { contractRoute } from '../../lib/contract-route';
import {
  commentsAdd,
  commentsGet,
  commentsRemove,
  commentsUpdate,
} from '../../../shared/contracts/comments-tags';

export default async function commentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.setErrorHandler(legacyErrorHandler);

  contractRoute(app, commentsAdd, async (request) => {
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
    return { ok: true as const, comment };
  });

  contractRoute(app, commentsUpdate, async (request) => {
    // Permission: signed in; the author only, on a page still readable, inside the service.
    const { comment_id: commentId, comment } = request.body.commentForm;
    return { ok: true as const, comment: ctx.comments.update(userAccess(request), { commentId, comment }) };
  });

  contractRoute(app, commentsRemove, async (request) => {
    // Permission: signed in; the author or an admin, on a page still readable, inside the service.
    ctx.comments.remove(userAccess(request), request.body.comment_id);
    return { ok: true as const };
  });
}

/** A page's comments, in the read scope (issue 32): every page view asks for them. */
export async function commentReadRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.setErrorHandler(legacyErrorHandler);

  // Permission: readers only, then canReadPage inside the service.
  contractRoute(app, commentsGet, async (request) => ({
    ok: true as const,
    comments: ctx.comments.list(requireReader(request), request.query.page_id),
  }));
}
