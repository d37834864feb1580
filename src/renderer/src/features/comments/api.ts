// Comments calls (GROWI's older routes, `{ ok: true, … }`).
import type { Comment } from '../../../../shared/social-types';
import type { SlackNotifyFields } from '../../../../shared/api-types';
import { api } from '../../api/client';

export async function getComments(pageId: string): Promise<Comment[]> {
  return (await api.get<{ ok: true; comments: Comment[] }>(`/_api/comments.get?page_id=${pageId}`)).comments;
}

export async function addComment(input: {
  pageId: string;
  revisionId: string;
  comment: string;
  replyTo?: string;
  /** The Slack channels the author chose to tell (GROWI's slackNotificationForm). */
  slack?: SlackNotifyFields;
}): Promise<Comment> {
  const commentForm = {
    page_id: input.pageId,
    revision_id: input.revisionId,
    comment: input.comment,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
  };
  const slackNotificationForm = input.slack?.isSlackEnabled ? { slackNotificationForm: input.slack } : {};
  return (
    await api.post<{ ok: true; comment: Comment }>('/_api/comments.add', {
      commentForm,
      ...slackNotificationForm,
    })
  ).comment;
}

export async function updateComment(commentId: string, comment: string): Promise<Comment> {
  const commentForm = { comment_id: commentId, comment };
  return (await api.post<{ ok: true; comment: Comment }>('/_api/comments.update', { commentForm })).comment;
}

export async function removeComment(commentId: string): Promise<void> {
  await api.post('/_api/comments.remove', { comment_id: commentId });
}
