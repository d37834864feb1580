// Texts a notification quotes, read at delivery time: a revision with the one before it, a comment
// (through the owners' queries).
import type { Db } from '../../db/client';
import { prepareCommentQueries } from '../comments/queries';
import { prepareRevisionQueries } from '../pages/revision-queries';

export class NotificationLookups {
  private readonly revisions;
  private readonly comments;

  constructor(db: Db) {
    this.revisions = prepareRevisionQueries(db.$client);
    this.comments = prepareCommentQueries(db.$client);
  }

  /** A revision's body and the body before it ('' for a page's first revision). */
  revisionWithPrevious(revisionId: string): { body: string; previous: string } | undefined {
    return this.revisions.bodyWithPrevious(revisionId);
  }

  commentText(commentId: string): string | undefined {
    return this.comments.textOf(commentId);
  }
}
