// Comments on pages: add (or reply), list, edit one's own, delete one's own (admins any). Every
// call first asks the permission function whether the viewer may read the page: a hidden page's
// comments do not exist for them.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments } from '../../db/schema';
import { pageRows, RowMemo, USER_NAME_ROWS } from '../../db/row-watch';
import { badRequest, conflict, forbidden, notFoundOrForbidden } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../../policies/page-access';
import type { Comment } from '../../../shared/social-types';
import type { PagesService } from '../pages/service';
import { USERS, USER_SUMMARY } from '../users/scopes';
import { REVISIONS } from '../pages/scopes';

type SignedIn = AccessContext & { viewer: { id: string; admin: boolean } };
type CommentRow = typeof comments.$inferSelect;
type UserRef = { id: string; username: string; name: string } | null;

function toComment(row: CommentRow, creator: UserRef): Comment {
  return {
    _id: row.id,
    page: row.pageId,
    revision: row.revisionId,
    creator: creator ? { _id: creator.id, username: creator.username, name: creator.name } : null,
    comment: row.comment,
    replyTo: row.replyTo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function assertText(comment: string): void {
  if (comment.trim() === '') throw badRequest('comment_empty', 'social.comment_empty');
}

function prepareStatements(db: Db) {
  return {
    byId: db
      .select({ comment: comments, creator: USER_SUMMARY })
      .from(comments)
      .leftJoin(USERS, eq(USERS.id, comments.creatorId))
      .where(eq(comments.id, sql.placeholder('id')))
      .prepare(),
    revision: db
      .select({ pageId: REVISIONS.pageId })
      .from(REVISIONS)
      .where(eq(REVISIONS.id, sql.placeholder('id')))
      .prepare(),
    insert: db.$client.prepare<{
      id: string;
      pageId: string;
      revisionId: string;
      creatorId: string;
      replyTo: string | null;
      comment: string;
      now: number;
    }>(
      `INSERT INTO comments (id, page_id, revision_id, creator_id, reply_to, comment, created_at, updated_at)
       VALUES (@id, @pageId, @revisionId, @creatorId, @replyTo, @comment, @now, @now)`,
    ),
  };
}

export interface CommentPermissions {
  /** Whether this signed-in user is read-only (issue 4) and whether read-only users may comment. */
  readOnly: boolean;
  romMayComment: () => boolean;
}

export class CommentsService {
  /**
   * Each page's comments, as every reader of the page sees them (issue 32: asked by every page
   * view), until a comment of the page or a commenter's name changes (db/row-watch.ts).
   */
  private readonly byPage: RowMemo<Comment[]>;
  /**
   * Adding a comment's statements, prepared once: built and prepared by drizzle at every comment,
   * they were two thirds of its time in the 200-user soak (issue 32).
   */
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(
    private readonly db: Db,
    private readonly pages: PagesService,
    private readonly events: EventBus,
  ) {
    this.byPage = new RowMemo(db.$client, [...pageRows('comments'), ...USER_NAME_ROWS]);
    this.statements = prepareStatements(db);
  }

  private readablePage(ctx: AccessContext, pageId: string) {
    return this.pages.readable(ctx, pageId);
  }

  private byId(id: string) {
    const row = this.statements.byId.get({ id });
    return row && { row: row.comment, comment: toComment(row.comment, row.creator) };
  }

  /** How many comments a page has (the page info's count; the caller checked the page). */
  countOn(pageId: string): number {
    return this.ofPage(pageId).length;
  }

  /**
   * Comments of a readable page, oldest first (replies included; the client folds them). Shared
   * and frozen: a caller copies before changing.
   */
  list(ctx: AccessContext, pageId: string): Comment[] {
    this.readablePage(ctx, pageId);
    return this.ofPage(pageId);
  }

  private ofPage(pageId: string): Comment[] {
    return this.byPage.get(pageId, () =>
      this.db
        .select({ comment: comments, creator: USER_SUMMARY })
        .from(comments)
        .leftJoin(USERS, eq(USERS.id, comments.creatorId))
        .where(eq(comments.pageId, pageId))
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .all()
        .map((r) => toComment(r.comment, r.creator)),
    )!;
  }

  add(
    ctx: SignedIn,
    perms: CommentPermissions,
    input: { pageId: string; revisionId?: string; comment: string; replyTo?: string },
  ): Comment {
    assertText(input.comment);
    const page = this.readablePage(ctx, input.pageId);
    // GROWI's clients may leave the revision out: the comment is on the page as it is now.
    const revisionId = input.revisionId ?? page.revisionId ?? '';
    if (perms.readOnly && !perms.romMayComment())
      throw forbidden('rom_user_cannot_comment', 'social.rom_cannot_comment');
    if (page.status !== 'published') throw conflict('page_in_trash', 'social.page_in_trash');
    const revision = this.statements.revision.get({ id: revisionId });
    if (revision?.pageId !== page.id) throw badRequest('invalid_revision', 'social.invalid_revision');
    let replyTo: string | null = null;
    if (input.replyTo) {
      const parent = this.statements.byId.get({ id: input.replyTo })?.comment;
      if (!parent || parent.pageId !== page.id) throw badRequest('invalid_reply', 'social.invalid_reply');
      // Replies are one level deep: answering a reply answers its thread.
      replyTo = parent.replyTo ?? parent.id;
    }
    const id = newId();
    const now = Date.now();
    this.statements.insert.run({
      id,
      pageId: page.id,
      revisionId,
      creatorId: ctx.viewer.id,
      replyTo,
      comment: input.comment,
      now,
    });
    this.events.emit('comment:created', {
      commentId: id,
      pageId: page.id,
      path: page.path,
      userId: ctx.viewer.id,
    });
    return this.byId(id)!.comment;
  }

  /** The comment if the viewer may still read its page; 404 otherwise. */
  private own(ctx: SignedIn, commentId: string, allowAdmin: boolean) {
    const found = this.byId(commentId);
    if (!found) throw notFoundOrForbidden();
    this.readablePage(ctx, found.row.pageId);
    const mine = found.row.creatorId === ctx.viewer.id;
    if (!mine && !(allowAdmin && ctx.viewer.admin)) throw forbidden();
    return found;
  }

  /** Only the author edits a comment (an admin may delete it, not put words in its author's mouth). */
  update(ctx: SignedIn, input: { commentId: string; comment: string }): Comment {
    assertText(input.comment);
    this.own(ctx, input.commentId, false);
    this.db
      .update(comments)
      .set({ comment: input.comment, updatedAt: new Date() })
      .where(eq(comments.id, input.commentId))
      .run();
    return this.byId(input.commentId)!.comment;
  }

  /** Deletes a comment and its replies (foreign key cascade). */
  remove(ctx: SignedIn, commentId: string): void {
    this.own(ctx, commentId, true);
    this.db.delete(comments).where(eq(comments.id, commentId)).run();
  }
}
