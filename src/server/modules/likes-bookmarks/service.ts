// Likes, bookmarks and "seen by". Each call asks the permission function first: a page the viewer
// may not read cannot be liked, bookmarked or inspected, and a bookmark list shows only pages the
// viewer may list.
import { and, desc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import { derivedId } from '../../lib/ids';
import { withoutFsync, type Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import { bookmarks, likes, pageSeenUsers } from '../../db/schema';
import { pageRows, RowMemo, USER_NAME_ROWS } from '../../db/row-watch';
import { type AccessContext } from '../../policies/page-access';
import type { UserSummary } from '../../../shared/api-types';
import type { BookmarkDoc, BookmarkInfo, BookmarkedPage, PageSocialInfo } from '../../../shared/social-types';
import { toPageSummary } from '../pages/presenter';
import { visibleCountsOf } from '../pages/visible-counts';
import { selectPageSummaries } from '../pages/queries';
import type { PagesService } from '../pages/service';
import type { CommentsService } from '../comments/service';
import { PAGES, listedPages } from '../pages/scopes';
import { USERS } from '../users/scopes';

type SignedIn = AccessContext & { viewer: { id: string } };
type PairTable = typeof likes | typeof bookmarks | typeof pageSeenUsers;

type MarkStatements = ReturnType<typeof prepareMarks>;

function prepareMarks(db: Db, table: string) {
  const sqlite = db.$client;
  return {
    add: sqlite.prepare<[string, string, number]>(
      `INSERT INTO ${table} (page_id, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    remove: sqlite.prepare<[string, string]>(`DELETE FROM ${table} WHERE page_id = ? AND user_id = ?`),
    // Two marks in one millisecond keep the order they were written in (rowid).
    users: sqlite.prepare<[string], UserSummary>(
      `SELECT u.id AS _id, u.username, u.name FROM ${table} m JOIN ${getTableName(USERS)} u
       ON u.id = m.user_id WHERE m.page_id = ? ORDER BY m.created_at, m.rowid`,
    ),
  };
}

/** Seen marks wait this long to be written together: one commit for many reads. */
export const SEEN_FLUSH_MS = 1000;
/**
 * The timer writes this many marks at a time, the rest after the requests waiting meanwhile: a
 * second of first visits at 200 users, written at once, held every request for 20–40 ms (issue 32).
 */
const SEEN_BATCH = 100;
/** Marks that could not be written (a full disk) are tried again this often, kept meanwhile. */
const SEEN_RETRY_MS = 5_000;

/** Who liked, saw and bookmarked a page: the same for every reader of it. */
interface PageSocial {
  likers: UserSummary[];
  seenUsers: UserSummary[];
  bookmarkers: UserSummary[];
}

interface SeenMark {
  pageId: string;
  userId: string;
  at: number;
}

const includesUser = (users: readonly UserSummary[], id: string | undefined) =>
  id !== undefined && users.some((u) => u._id === id);

export class LikesBookmarksService {
  private readonly insertSeen;
  private readonly countBookmarks;
  private readonly flushSeen;
  /** Seen marks not yet written, by page id, in the order they happened. */
  private readonly pendingSeen = new Map<string, SeenMark[]>();
  private flushTimer: NodeJS.Timeout | null = null;
  /**
   * Each page's likers, readers and bookmarkers (issue 32: every page view asks), until one of
   * those rows of the page or a name changes (db/row-watch.ts); the viewer's own part is worked
   * out per request.
   */
  private readonly social: RowMemo<PageSocial>;
  private readonly markStatements = new Map<PairTable, MarkStatements>();

  constructor(
    private readonly db: Db,
    private readonly pages: PagesService,
    private readonly comments: CommentsService,
    private readonly events?: EventBus,
  ) {
    this.social = new RowMemo(db.$client, [
      ...pageRows('likes', 'page_seen_users', 'bookmarks'),
      ...USER_NAME_ROWS,
    ]);
    this.countBookmarks = db.$client.prepare<[string], { n: number }>(
      'SELECT count(*) AS n FROM bookmarks WHERE page_id = ?',
    );
    // The page or user may be gone by the time the batch is written: those marks are skipped.
    this.insertSeen = db.$client.prepare<SeenMark>(
      `INSERT OR IGNORE INTO page_seen_users (page_id, user_id, created_at)
       SELECT @pageId, @userId, @at WHERE EXISTS (SELECT 1 FROM ${getTableName(PAGES)} WHERE id = @pageId)
         AND EXISTS (SELECT 1 FROM ${getTableName(USERS)} WHERE id = @userId)`,
    );
    const insertAll = db.$client.transaction((marks: SeenMark[]) => {
      for (const mark of marks) this.insertSeen.run(mark);
    });
    // Best-effort marks: a power cut may take back the last batch, as a crash takes the queue.
    this.flushSeen = (marks: SeenMark[]) => withoutFsync(db.$client, () => insertAll(marks));
  }

  private readablePage(ctx: AccessContext, pageId: string) {
    return this.pages.readable(ctx, pageId);
  }

  /** True when the row changed (a mark that was not there added, or one that was removed). */
  private toggle(table: PairTable, pageId: string, userId: string, on: boolean): boolean {
    const marks = this.marksOf(table);
    const run = on ? marks.add.run(pageId, userId, Date.now()) : marks.remove.run(pageId, userId);
    return run.changes === 1;
  }

  private usersOf(table: PairTable, pageId: string): UserSummary[] {
    return this.marksOf(table).users.all(pageId);
  }

  /**
   * A mark table's statements, prepared once: built and prepared by drizzle at every like, they
   * were a third of its time in the 200-user soak (issue 32).
   */
  private marksOf(table: PairTable): MarkStatements {
    let marks = this.markStatements.get(table);
    if (!marks) {
      marks = prepareMarks(this.db, getTableName(table));
      this.markStatements.set(table, marks);
    }
    return marks;
  }

  /** `PUT /page/likes`: like (`bool` true) or unlike; answers the likers' ids. */
  like(ctx: SignedIn, pageId: string, bool: boolean): string[] {
    const page = this.readablePage(ctx, pageId);
    // A new like tells the page's subscribers (issue 14); liking again or unliking does not.
    if (this.toggle(likes, pageId, ctx.viewer.id, bool) && bool) {
      this.events?.emit('page:liked', { pageId, path: page.path, userId: ctx.viewer.id });
    }
    return this.usersOf(likes, pageId).map((u) => u._id);
  }

  /**
   * `PUT /bookmarks`: bookmark or not. Beside the page's bookmark facts, GROWI's answer names the
   * bookmark (the page by id), or null when there was none to remove.
   */
  bookmark(ctx: SignedIn, pageId: string, bool: boolean): BookmarkInfo & { bookmark: BookmarkDoc | null } {
    this.readablePage(ctx, pageId);
    const changed = this.toggle(bookmarks, pageId, ctx.viewer.id, bool);
    const userId = ctx.viewer.id;
    const bookmark =
      bool || changed ? { _id: derivedId('bookmark', pageId, userId), page: pageId, user: userId } : null;
    return { ...this.bookmarkInfo(ctx, pageId), bookmark };
  }

  bookmarkInfo(ctx: AccessContext, pageId: string): BookmarkInfo {
    this.readablePage(ctx, pageId);
    const { bookmarkers } = this.socialOf(pageId);
    return {
      sumOfBookmarks: bookmarkers.length,
      isBookmarked: includesUser(bookmarkers, ctx.viewer?.id),
      // GROWI's answer also names the page and who bookmarked it.
      pageId,
      bookmarkedUsers: bookmarkers,
    };
  }

  private socialOf(pageId: string): PageSocial {
    return this.social.get(pageId, () => ({
      likers: this.usersOf(likes, pageId),
      seenUsers: this.usersOf(pageSeenUsers, pageId),
      bookmarkers: this.usersOf(bookmarks, pageId),
    }))!;
  }

  /** A user's bookmarks, newest first: only pages the viewer may list (never the trash). */
  bookmarksOf(ctx: AccessContext, userId: string, limit: number): BookmarkedPage[] {
    const marks = this.db
      .select({ pageId: bookmarks.pageId, createdAt: bookmarks.createdAt })
      .from(bookmarks)
      .innerJoin(PAGES, eq(PAGES.id, bookmarks.pageId))
      .where(and(eq(bookmarks.userId, userId), listedPages(ctx)))
      .orderBy(desc(bookmarks.createdAt), desc(sql`${bookmarks}.rowid`))
      .limit(limit)
      .all();
    if (marks.length === 0) return [];
    const rows = selectPageSummaries(this.db)
      .where(
        inArray(
          PAGES.id,
          marks.map((m) => m.pageId),
        ),
      )
      .all();
    const byId = new Map(rows.map((row) => [row.page.id, row]));
    return marks.flatMap((m) => {
      const row = byId.get(m.pageId);
      if (!row) return [];
      const [page] = visibleCountsOf(this.db).forReader(ctx, [toPageSummary(row)]);
      if (!page) return [];
      return [
        {
          _id: derivedId('bookmark', m.pageId, userId),
          user: userId,
          page,
          createdAt: m.createdAt.toISOString(),
        },
      ];
    });
  }

  /** How many people bookmarked the page (the caller checked the page). */
  bookmarkCount(pageId: string): number {
    // Asked on every page read (its meta): a statement prepared once, not a built query.
    return this.countBookmarks.get(pageId)!.n;
  }

  /** `GET /page/info`: likers and seen users with names, bookmark and comment counts. */
  pageInfo(ctx: AccessContext, pageId: string): PageSocialInfo {
    this.readablePage(ctx, pageId);
    this.writePage(pageId);
    const { likers, seenUsers, bookmarkers } = this.socialOf(pageId);
    const viewerId = ctx.viewer?.id;
    return {
      sumOfLikers: likers.length,
      likerIds: likers.map((u) => u._id),
      likers,
      isLiked: includesUser(likers, viewerId),
      sumOfSeenUsers: seenUsers.length,
      seenUserIds: seenUsers.map((u) => u._id),
      seenUsers,
      bookmarkCount: bookmarkers.length,
      isBookmarked: includesUser(bookmarkers, viewerId),
      commentCount: this.comments.countOn(pageId),
    };
  }

  /**
   * Records that a signed-in user opened a page they were allowed to read (the caller has read
   * it through the permission function), and answers the page's readers as this visit leaves them.
   * The read already carries the seen list, so a repeat visit costs nothing; a first visit is
   * queued and written with others within SEEN_FLUSH_MS, so page reads never wait for a commit. A
   * crash may lose the last second of marks.
   */
  markSeen(userId: string | null, pageId: string, seenUsers: readonly string[]): readonly string[] {
    if (this.alreadySeen(userId, pageId, seenUsers)) return seenUsers;
    const pending = this.pendingSeen.get(pageId);
    const list = [...seenUsers];
    for (const mark of pending ?? []) if (!list.includes(mark.userId)) list.push(mark.userId);
    if (userId && !list.includes(userId)) {
      const mark = { pageId, userId, at: Date.now() };
      if (pending) pending.push(mark);
      else this.pendingSeen.set(pageId, [mark]);
      list.push(userId);
      this.flushTimer ??= setTimeout(() => this.writeSome(), SEEN_FLUSH_MS).unref();
    }
    return list;
  }

  /** Reading this page changes nothing about who has seen it (a guest, or a reader on the list). */
  alreadySeen(userId: string | null, pageId: string, seenUsers: readonly string[]): boolean {
    return !this.pendingSeen.has(pageId) && (!userId || seenUsers.includes(userId));
  }

  /**
   * Writes every queued seen mark (at shutdown). Never throws, as the timer's writes do not: a full
   * disk (issue 26) keeps the marks queued for a later try.
   */
  flush(): void {
    this.writeSome(Infinity);
  }

  /**
   * Writes one page's queued marks, before its readers are read: every page's at once (a busy
   * second's worth) held the server's thread for tens of milliseconds.
   */
  private writePage(pageId: string): void {
    const marks = this.pendingSeen.get(pageId);
    if (marks && this.db.$client.open) this.write([pageId], marks);
  }

  /** Writes up to `limit` marks (whole pages' worth), then the rest in later turns of the loop. */
  private writeSome(limit = SEEN_BATCH): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.pendingSeen.size === 0 || !this.db.$client.open) return;
    const pageIds: string[] = [];
    const marks: SeenMark[] = [];
    for (const [pageId, pageMarks] of this.pendingSeen) {
      if (marks.length >= limit) break;
      pageIds.push(pageId);
      marks.push(...pageMarks);
    }
    if (!this.write(pageIds, marks)) return;
    if (this.pendingSeen.size > 0) this.flushTimer = setTimeout(() => this.writeSome(), 0).unref();
  }

  /** Writes these pages' marks; on failure they stay queued for a later try (false). */
  private write(pageIds: string[], marks: SeenMark[]): boolean {
    try {
      this.flushSeen(marks);
      for (const pageId of pageIds) this.pendingSeen.delete(pageId);
      return true;
    } catch (err) {
      this.events?.emit('background:failed', {
        what: '"seen by" marks kept in memory, to be written later',
        err,
      });
      if (this.flushTimer) clearTimeout(this.flushTimer);
      this.flushTimer = setTimeout(() => this.writeSome(), SEEN_RETRY_MS).unref();
      return false;
    }
  }
}
