// Attachments: files uploaded to a page. Every read asks the page-access policy about the page the
// file belongs to (or, through a share link, canReadPageViaShareLink); uploading needs edit
// permission; deleting needs the uploader or an administrator who may read the page. Knows
// nothing of HTTP: the routes hand it streams.
import type { Readable } from 'node:stream';
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageRows, RowMemo, USER_NAME_ROWS } from '../../db/row-watch';
import { attachments } from '../../db/schema';
import { AppError, forbidden, notFoundOrForbidden } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import { newId } from '../../lib/ids';
import { canEditPage, canReadPage, type AccessContext, type Viewer } from '../../policies/page-access';
import { formatFileSize, type Attachment } from '../../../shared/attachment-types';
import type { ActiveStorage } from '../file-storage/registry';
import { cleanFileName, normaliseFormat } from './file-names';
import type { PagesService } from '../pages/service';
import { PAGES } from '../pages/scopes';
import { USERS, USER_SUMMARY } from '../users/scopes';

type SignedIn = AccessContext & { viewer: Viewer };
type Row = typeof attachments.$inferSelect;

/** Rows read at a time by ofPages. */
const BATCH = 500;
/** The attachments of a page kept in memory: the list's largest window, newest first. */
const FIRST_WINDOW = 100;

/** How a request reads a page: as itself, or through a share link of that page. */
export type ReadAccess =
  { kind: 'viewer'; ctx: AccessContext } | { kind: 'shareLink'; pageId: string | null };

export const attachmentNotFound = () => new AppError(404, 'attachment_not_found', 'attachments.not_found');

export interface UploadInput {
  pageId: string;
  fileName: string;
  mimeType: string;
  stream: Readable;
  isTruncated: () => boolean;
  maxFileSize: number;
}

export class AttachmentsService {
  /**
   * Issue 32, the same for every reader it is shown to (the permission check runs on each hit):
   * each attachment by id (every picture on a page asks), and each page's first window (every
   * page view asks), until their rows or an uploader's name change (db/row-watch.ts).
   */
  private readonly byId: RowMemo<{ kind: Row['kind']; attachment: Attachment }>;
  private readonly firstWindow: RowMemo<{ docs: Attachment[]; totalDocs: number }>;

  constructor(
    private readonly db: Db,
    private readonly pages: PagesService,
    events: EventBus,
    readonly storage: ActiveStorage,
    private readonly log: (err: unknown, msg: string) => void = () => {},
  ) {
    this.byId = new RowMemo(db.$client, [
      { table: 'attachments', events: ['UPDATE', 'DELETE'], key: 'id' },
      ...USER_NAME_ROWS,
    ]);
    this.firstWindow = new RowMemo(db.$client, [...pageRows('attachments'), ...USER_NAME_ROWS]);
    // Complete deletion sets the rows' page to null (FK); their files go right after the commit.
    events.on('page:deleted', () => void this.removeOrphans());
  }

  /** Every attachment's id, in id order (a storage move, a backup of bucket files). */
  allIds(): string[] {
    return this.db
      .select({ id: attachments.id })
      .from(attachments)
      .orderBy(asc(attachments.id))
      .all()
      .map((r) => r.id);
  }

  /** The bytes all attachments hold (the admin home's figure). */
  totalSize(): number {
    return this.db
      .select({ n: sql<number>`coalesce(sum(${attachments.fileSize}), 0)` })
      .from(attachments)
      .get()!.n;
  }

  private pageRow(pageId: string) {
    return this.pages.facts(pageId);
  }

  private mayRead(access: ReadAccess, pageId: string | null, kind: Row['kind'] = 'page'): boolean {
    // A profile image is seen wherever its user is: by anyone who may read the wiki.
    if (kind === 'profile')
      return (
        access.kind === 'viewer' && (access.ctx.viewer !== null || access.ctx.restrictGuestMode !== 'Deny')
      );
    if (!pageId) return false;
    if (access.kind === 'shareLink') return access.pageId === pageId;
    const page = this.pageRow(pageId);
    return !!page && !page.isEmpty && canReadPage(access.ctx, page);
  }

  private present(row: Row, creator: { id: string; username: string; name: string } | null): Attachment {
    return {
      _id: row.id,
      page: row.pageId,
      originalName: row.originalName,
      fileFormat: row.fileFormat,
      fileSize: row.fileSize,
      creator: creator && { _id: creator.id, username: creator.username, name: creator.name },
      createdAt: row.createdAt.toISOString(),
      filePathProxied: `/attachment/${row.id}`,
      downloadPathProxied: `/download/${row.id}`,
    };
  }

  private select() {
    return this.db
      .select({ row: attachments, creator: USER_SUMMARY })
      .from(attachments)
      .leftJoin(USERS, eq(USERS.id, attachments.creatorId));
  }

  /** Checks before any byte is stored: the page exists, the viewer may edit it, it is not in the trash. */
  assertMayUpload(ctx: SignedIn, pageId: string): void {
    const page = this.pageRow(pageId);
    if (!page || page.isEmpty || !canReadPage(ctx, page)) throw notFoundOrForbidden();
    if (!canEditPage(ctx, page)) throw forbidden();
    if (page.status !== 'published') throw new AppError(409, 'page_in_trash', 'attachments.page_in_trash');
  }

  async upload(ctx: SignedIn, input: UploadInput): Promise<Attachment> {
    this.assertMayUpload(ctx, input.pageId);
    const id = newId();
    const stored = await this.storage.put(id, input.stream, input.isTruncated);
    if (!stored.complete) {
      throw new AppError(413, 'file_too_large', 'attachments.too_large', {
        limit: formatFileSize(input.maxFileSize),
      });
    }
    try {
      // The page may have gone while the bytes arrived: ask again before the row is written.
      this.assertMayUpload(ctx, input.pageId);
      this.db
        .insert(attachments)
        .values({
          id,
          pageId: input.pageId,
          creatorId: ctx.viewer.id,
          originalName: cleanFileName(input.fileName),
          fileFormat: normaliseFormat(input.mimeType),
          fileSize: stored.size,
          createdAt: new Date(),
        })
        .run();
    } catch (err) {
      await this.storage.remove(id);
      throw err;
    }
    return this.get({ kind: 'viewer', ctx }, id);
  }

  /** One attachment the request may read (404 otherwise, never telling hidden from missing). */
  get(access: ReadAccess, id: string): Attachment {
    const found = this.byId.get(id, () => {
      const row = this.select().where(eq(attachments.id, id)).get();
      return row && { kind: row.row.kind, attachment: this.present(row.row, row.creator) };
    });
    if (!found || !this.mayRead(access, found.attachment.page, found.kind)) throw attachmentNotFound();
    return found.attachment;
  }

  /** The attachments of a page the request may read, newest first. */
  list(
    access: ReadAccess,
    pageId: string,
    { page, limit }: { page: number; limit: number },
  ): { docs: Attachment[]; totalDocs: number } {
    if (!this.mayRead(access, pageId)) throw notFoundOrForbidden();
    // The first window is what the page view asks for: kept, and cut to the limit asked.
    if (page === 1 && limit <= FIRST_WINDOW) {
      const first = this.firstWindow.get(pageId, () => this.window(pageId, 1, FIRST_WINDOW))!;
      return { docs: first.docs.slice(0, limit), totalDocs: first.totalDocs };
    }
    return this.window(pageId, page, limit);
  }

  private window(pageId: string, page: number, limit: number): { docs: Attachment[]; totalDocs: number } {
    const docs = this.select()
      .where(eq(attachments.pageId, pageId))
      .orderBy(desc(attachments.createdAt), desc(attachments.id))
      .limit(limit)
      .offset((page - 1) * limit)
      .all()
      .map(({ row, creator }) => this.present(row, creator));
    const total = this.db
      .select({ n: count() })
      .from(attachments)
      .where(eq(attachments.pageId, pageId))
      .get();
    return { docs, totalDocs: total?.n ?? 0 };
  }

  /**
   * Attachments of the pages `pageWhere` selects (the caller puts the permission function's
   * condition in it), in page path then upload order, those whose name `keep` accepts, at most `max`.
   * Rows are read a batch at a time: a large subtree is never loaded whole.
   */
  ofPages(pageWhere: SQL, keep: (name: string) => boolean, max: number): Attachment[] {
    const found: Attachment[] = [];
    const query = this.select()
      .innerJoin(PAGES, eq(PAGES.id, attachments.pageId))
      .where(pageWhere)
      .orderBy(asc(PAGES.path), asc(attachments.createdAt), asc(attachments.id));
    for (let offset = 0; found.length < max; offset += BATCH) {
      const rows = query.limit(BATCH).offset(offset).all();
      for (const { row, creator } of rows) {
        if (keep(row.originalName) && found.length < max) found.push(this.present(row, creator));
      }
      if (rows.length < BATCH) break;
    }
    return found;
  }

  /** The file of an attachment the request may read. */
  async open(access: ReadAccess, id: string): Promise<{ attachment: Attachment; stream: Readable }> {
    const attachment = this.get(access, id);
    const stream = await this.storage.open(id);
    if (!stream) throw attachmentNotFound();
    return { attachment, stream };
  }

  /** Deletes an attachment: its uploader or an administrator, either only while they may read the page. */
  async remove(ctx: SignedIn, id: string): Promise<Attachment> {
    const attachment = this.get({ kind: 'viewer', ctx }, id);
    const isCreator = attachment.creator?._id === ctx.viewer.id;
    if (!isCreator && !ctx.viewer.admin) throw forbidden();
    if (ctx.viewer.readOnly) throw forbidden('read_only_user', 'accounts.read_only_user');
    this.db.delete(attachments).where(eq(attachments.id, id)).run();
    await this.storage.remove(id);
    return attachment;
  }

  /**
   * Removes the rows and files of attachments whose page is gone (deleted completely), and files
   * with no row (an upload cut short by a crash). Runs after every complete deletion and at start.
   */
  async removeOrphans(): Promise<number> {
    try {
      const orphans = this.db
        .select({ id: attachments.id })
        .from(attachments)
        .where(and(isNull(attachments.pageId), eq(attachments.kind, 'page')))
        .all();
      for (const { id } of orphans) {
        await this.storage.remove(id);
        this.db
          .delete(attachments)
          .where(and(eq(attachments.id, id), isNull(attachments.pageId), eq(attachments.kind, 'page')))
          .run();
      }
      return orphans.length;
    } catch (err) {
      this.log(err, 'removing the files of deleted pages failed');
      return 0;
    }
  }

  /**
   * At start: files of pages deleted completely while the server was down (rows whose page is
   * null), files no row names and temporary files, both left by a crash mid-upload. Files written
   * after `startedAt` are never touched (an upload may be under way).
   */
  async sweep(log: { warn(obj: unknown, msg: string): void }, startedAt = new Date()): Promise<void> {
    try {
      await this.storage.removeTemporaryBefore(startedAt);
      await this.removeOrphans();
      const known = new Set(
        this.db
          .select({ id: attachments.id })
          .from(attachments)
          .all()
          .map((r) => r.id),
      );
      for (const key of await this.storage.keysBefore(startedAt)) {
        if (!known.has(key)) await this.storage.remove(key);
      }
    } catch (err) {
      log.warn({ err }, 'attachment storage sweep failed');
    }
  }
}
