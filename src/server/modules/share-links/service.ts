// Share links: a link lets anyone holding it read one page until it expires. Making and listing
// links asks the permission function about the page (making one widens who can read it, so it
// needs someone who may edit the page); reading through a link asks canReadPageViaShareLink.
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shareLinks } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import {
  canEditPage,
  canReadPage,
  canReadPageViaShareLink,
  type AccessContext,
  type Viewer,
} from '../../policies/page-access';
import type { Page } from '../../../shared/api-types';
import type { ShareLink } from '../../../shared/social-types';
import type { PagesService } from '../pages/service';
import { PAGES } from '../pages/scopes';
import { USERS, USER_SUMMARY } from '../users/scopes';

type SignedIn = AccessContext & { viewer: Viewer };

const linkNotFound = () => new AppError(404, 'share_link_not_found', 'social.share_link_not_found');

export class ShareLinksService {
  constructor(
    private readonly db: Db,
    private readonly pagesService: PagesService,
    private readonly sharingEnabled: () => boolean,
  ) {}

  private select() {
    return this.db
      .select({
        link: shareLinks,
        page: { id: PAGES.id, path: PAGES.path },
        creator: USER_SUMMARY,
      })
      .from(shareLinks)
      .innerJoin(PAGES, eq(PAGES.id, shareLinks.pageId))
      .leftJoin(USERS, eq(USERS.id, shareLinks.creatorId));
  }

  private static present(row: {
    link: typeof shareLinks.$inferSelect;
    page: { id: string; path: string };
    creator: { id: string; username: string; name: string } | null;
  }): ShareLink {
    const { link, page, creator } = row;
    return {
      _id: link.id,
      relatedPage: { _id: page.id, path: page.path },
      creator: creator && { _id: creator.id, username: creator.username, name: creator.name },
      // GROWI leaves the field out for a link that never expires.
      ...(link.expiredAt ? { expiredAt: link.expiredAt.toISOString() } : {}),
      description: link.description,
      createdAt: link.createdAt.toISOString(),
    };
  }

  private page(ctx: AccessContext, pageId: string) {
    return this.pagesService.readable(ctx, pageId);
  }

  create(ctx: SignedIn, input: { pageId: string; expiredAt: Date | null; description: string }): ShareLink {
    if (!this.sharingEnabled()) throw forbidden('link_sharing_disabled', 'social.link_sharing_disabled');
    const page = this.page(ctx, input.pageId);
    if (!canEditPage(ctx, page)) throw forbidden();
    if (page.status !== 'published') throw conflict('page_in_trash', 'social.page_in_trash');
    if (input.expiredAt && input.expiredAt.getTime() <= Date.now()) {
      throw badRequest('invalid_expiry', 'social.invalid_expiry');
    }
    const id = newId();
    this.db
      .insert(shareLinks)
      .values({
        id,
        pageId: page.id,
        creatorId: ctx.viewer.id,
        expiredAt: input.expiredAt,
        description: input.description,
        createdAt: new Date(),
      })
      .run();
    return this.get(id)!;
  }

  private get(id: string): ShareLink | null {
    const row = this.select().where(eq(shareLinks.id, id)).get();
    return row ? ShareLinksService.present(row) : null;
  }

  /** The links of a page the viewer may edit, newest first. */
  ofPage(ctx: SignedIn, pageId: string): ShareLink[] {
    const page = this.page(ctx, pageId);
    if (!canEditPage(ctx, page)) throw forbidden();
    return this.select()
      .where(eq(shareLinks.pageId, pageId))
      .orderBy(desc(shareLinks.createdAt), desc(sql`${shareLinks}.rowid`))
      .all()
      .map(ShareLinksService.present);
  }

  /**
   * Share link management (admins only: the route checks): every link of a page the admin may
   * read. Administrators administer links, not other people's private PAGES, so a link to a page
   * hidden from them is left out (deleting all links still deletes it).
   */
  all(ctx: SignedIn): ShareLink[] {
    const readable = new Set(
      this.db
        .select({
          id: PAGES.id,
          grant: PAGES.grant,
          creatorId: PAGES.creatorId,
          grantedGroupIds: PAGES.grantedGroupIds,
        })
        .from(PAGES)
        .innerJoin(shareLinks, eq(shareLinks.pageId, PAGES.id))
        .all()
        .filter((page) => canReadPage(ctx, page))
        .map((page) => page.id),
    );
    return this.select()
      .orderBy(desc(shareLinks.createdAt), desc(sql`${shareLinks}.rowid`))
      .all()
      .filter((row) => readable.has(row.page.id))
      .map(ShareLinksService.present);
  }

  /** Deletes a link: its creator while they may still edit the page, or an admin. */
  remove(ctx: SignedIn, id: string): ShareLink {
    const row = this.db.select().from(shareLinks).where(eq(shareLinks.id, id)).get();
    if (!row) throw linkNotFound();
    const link = this.get(id)!;
    if (!ctx.viewer.admin) {
      const page = this.page(ctx, row.pageId);
      if (row.creatorId !== ctx.viewer.id || !canEditPage(ctx, page)) throw forbidden();
    }
    this.db.delete(shareLinks).where(eq(shareLinks.id, id)).run();
    return link;
  }

  /** Deletes every link of a page the viewer may edit. */
  removeOfPage(ctx: SignedIn, pageId: string): number {
    const page = this.page(ctx, pageId);
    if (!canEditPage(ctx, page)) throw forbidden();
    return this.db.delete(shareLinks).where(eq(shareLinks.pageId, pageId)).run().changes;
  }

  removeAll(): number {
    return this.db.delete(shareLinks).run().changes;
  }

  /**
   * The id of the page a link lets its holder read now (attachments of a shared page are read
   * through it); null for unknown, expired or disabled links and pages in the trash.
   */
  readablePageId(id: string): string | null {
    const row = this.db.select().from(shareLinks).where(eq(shareLinks.id, id)).get();
    if (!row) return null;
    const page = this.pagesService.facts(row.pageId);
    return page && !page.isEmpty && canReadPageViaShareLink(row, page, this.sharingEnabled())
      ? page.id
      : null;
  }

  /**
   * The page behind a link, for anyone holding it; 404 for unknown, expired or disabled links, and
   * for a link of another page than `pageId` when one is named.
   */
  sharedPage(id: string, pageId?: string): { page: Page; shareLink: ShareLink } {
    const row = this.db.select().from(shareLinks).where(eq(shareLinks.id, id)).get();
    if (!row || (pageId !== undefined && row.pageId !== pageId)) throw linkNotFound();
    const page = this.pagesService.getShared(row.pageId, (p) =>
      canReadPageViaShareLink(row, p, this.sharingEnabled()),
    );
    if (!page) throw linkNotFound();
    // A link shares one page: how many pages lie below it is not the holder's to know.
    return { page: { ...page, descendantCount: 0 }, shareLink: this.get(id)! };
  }
}
