// Comments under a page: threads of a comment and its replies (only the latest two replies while
// "show all replies" is off, SPEC §9), a form to comment, and reply / edit / delete. Guests read;
// signed-in users comment (read-only users only if the admin allows it).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import { foldComments, type Comment } from '../../../../shared/social-types';
import { errorMessages, toastError } from '../../stores/toasts';
import { useSession } from '../../stores/session';
import { addComment, getComments, removeComment, updateComment } from './api';
import { SlackNotifyChoice, useSlackChoice } from '../editor/SlackNotifyChoice';
import { CommentEditor } from './CommentEditor';
import { CommentItem } from './CommentItem';
import { useCommentCounts } from './count-store';
import { useCustomizeFunction } from '../../stores/customize';

const SHOW_ALL_KEY = 'quire:showAllReplies';

/** The reader's own choice, else the admin's default (customize functions). */
function useShowAllReplies(): [boolean, (on: boolean) => void] {
  const adminDefault = useCustomizeFunction('isAllReplyShown');
  const [chosen, setOn] = useState(() => localStorage.getItem(SHOW_ALL_KEY));
  const on = chosen === null ? adminDefault : chosen === 'true';
  const set = (next: boolean) => {
    localStorage.setItem(SHOW_ALL_KEY, String(next));
    setOn(String(next));
  };
  return [on, set];
}

export function CommentsSection({ page }: { page: Page }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const romMayComment = useSession((s) => s.config.isRomUserAllowedToComment);
  const setCount = useCommentCounts((s) => s.setCount);
  const [comments, setComments] = useState<Comment[] | null | 'failed'>(null);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [showAll, setShowAll] = useShowAllReplies();

  const load = useCallback(() => {
    getComments(page._id).then(
      (list) => {
        setComments(list);
        setCount(page._id, list.length);
      },
      () => setComments('failed'),
    );
  }, [page._id, setCount]);
  useEffect(load, [load]);

  const canComment = user !== null && (!user.readOnly || romMayComment) && page.status === 'published';
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    try {
      await action();
      load();
      return true;
    } catch (err) {
      toastError(errorMessages(err));
      return false;
    }
  };
  const [slack, setSlack, slackFields] = useSlackChoice(page.path);
  const post = (text: string, replyTo?: string) =>
    run(() =>
      addComment({
        pageId: page._id,
        revisionId: page.revision._id,
        comment: text,
        replyTo,
        slack: slackFields,
      }),
    );
  const handlers = {
    onUpdate: (c: Comment, text: string) => run(() => updateComment(c._id, text)),
    onRemove: (c: Comment) => {
      if (window.confirm(t('comments.delete_confirm'))) void run(() => removeComment(c._id));
    },
  };

  const threads = Array.isArray(comments) ? foldComments(comments, showAll) : [];
  return (
    <section className="comments" id="page-comments" aria-labelledby="comments-title">
      <div className="comments-head">
        <h2 id="comments-title">
          {t('comments.title')}
          {Array.isArray(comments) && <span className="count-badge">{comments.length}</span>}
        </h2>
        <label className="check">
          <input type="checkbox" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />
          {t('comments.show_all_replies')}
        </label>
      </div>
      {comments === null && <div className="loading small" aria-busy="true" />}
      {comments === 'failed' && <p className="alert alert-error">{t('comments.failed')}</p>}
      {Array.isArray(comments) && comments.length === 0 && <p className="muted">{t('comments.empty')}</p>}
      <ol className="comment-threads">
        {threads.map(({ comment, replies, hiddenReplies }) => (
          <li key={comment._id} className="comment-thread">
            <CommentItem
              comment={comment}
              onReply={canComment ? () => setReplyingTo(comment._id) : undefined}
              {...handlers}
            />
            {(replies.length > 0 || hiddenReplies > 0 || replyingTo === comment._id) && (
              <div className="comment-replies">
                {hiddenReplies > 0 && (
                  <button type="button" className="btn-link" onClick={() => setShowAll(true)}>
                    {t('comments.hidden_replies', { count: hiddenReplies })}
                  </button>
                )}
                {replies.map((reply) => (
                  <CommentItem key={reply._id} comment={reply} {...handlers} />
                ))}
                {replyingTo === comment._id && (
                  <CommentEditor
                    submitLabel={t('comments.reply')}
                    placeholder={t('comments.reply_placeholder')}
                    onCancel={() => setReplyingTo(null)}
                    onSubmit={async (text) => {
                      const done = await post(text, comment._id);
                      if (done) setReplyingTo(null);
                      return done;
                    }}
                  />
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
      {canComment ? (
        <>
          <SlackNotifyChoice value={slack} onChange={setSlack} />
          <CommentEditor submitLabel={t('comments.submit')} onSubmit={(text) => post(text)} />
        </>
      ) : (
        <p className="muted">
          {user === null
            ? t('comments.login_to_comment')
            : page.status === 'published'
              ? t('comments.read_only')
              : t('comments.in_trash')}
        </p>
      )}
    </section>
  );
}
