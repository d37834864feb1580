// One comment: author, time, Markdown body, and Reply / Edit / Delete where allowed (the author
// edits; the author or an admin deletes).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comment } from '../../../../shared/social-types';
import { formatDateTime, formatRelative } from '../../i18n/format';
import { useSession } from '../../stores/session';
import { UserAvatar } from '../likes-bookmarks/UserAvatar';
import { CommentBody } from './CommentBody';
import { CommentEditor } from './CommentEditor';

interface Props {
  comment: Comment;
  onReply?: () => void;
  onUpdate: (comment: Comment, text: string) => Promise<boolean>;
  onRemove: (comment: Comment) => void;
}

export function CommentItem({ comment, onReply, onUpdate, onRemove }: Props) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [editing, setEditing] = useState(false);
  const mine = user !== null && comment.creator?._id === user._id;
  const edited = comment.updatedAt !== comment.createdAt;
  return (
    <div className="comment" data-comment-id={comment._id}>
      <UserAvatar user={comment.creator} size={32} />
      <div className="comment-main">
        <div className="comment-head">
          <strong className="comment-author">{comment.creator?.name ?? t('page.unknown_user')}</strong>
          <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)} className="muted">
            {formatRelative(comment.createdAt)}
          </time>
          {edited && (
            <span className="muted" title={formatDateTime(comment.updatedAt)}>
              {t('comments.edited')}
            </span>
          )}
        </div>
        {editing ? (
          <CommentEditor
            initial={comment.comment}
            submitLabel={t('comments.update')}
            onCancel={() => setEditing(false)}
            onSubmit={async (text) => {
              const done = await onUpdate(comment, text);
              if (done) setEditing(false);
              return done;
            }}
          />
        ) : (
          <CommentBody text={comment.comment} />
        )}
        {!editing && (
          <div className="comment-actions">
            {onReply && (
              <button type="button" className="btn-link" onClick={onReply}>
                {t('comments.reply')}
              </button>
            )}
            {mine && (
              <button type="button" className="btn-link" onClick={() => setEditing(true)}>
                {t('comments.edit')}
              </button>
            )}
            {(mine || user?.admin) && (
              <button type="button" className="btn-link danger" onClick={() => onRemove(comment)}>
                {t('comments.delete')}
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
