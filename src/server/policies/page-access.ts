// The one place that decides who may see and edit a page. Every read path — page, permalink,
// lists, recent, and every later one (tree, search, history, comments, attachments, export, live
// events) — asks here, either per page (canReadPage) or as a SQL condition for lists (listablePages).
import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import { pages } from '../db/schema';
import { GRANT, type RestrictGuestMode } from '../../shared/api-types';
import type { PageCompleteDeletionAuthority } from '../../shared/page-tree-types';

export interface Viewer {
  id: string;
  admin: boolean;
}

export interface AccessContext {
  viewer: Viewer | null;
  restrictGuestMode: RestrictGuestMode;
}

interface PageGrantFacts {
  grant: number;
  creatorId: string | null;
}

/** May the viewer open this page by its path or id? */
export function canReadPage(ctx: AccessContext, page: PageGrantFacts): boolean {
  const { viewer } = ctx;
  if (!viewer && ctx.restrictGuestMode === 'Deny') return false;
  switch (page.grant) {
    case GRANT.public:
    case GRANT.restricted: // anyone holding the link; never listed
      return true;
    case GRANT.owner:
      return viewer !== null && viewer.id === page.creatorId;
    default:
      // Specified users and groups arrive with the accounts issue; until then only the creator.
      return viewer !== null && viewer.id === page.creatorId;
  }
}

/**
 * May this page appear in a list or in search results for the viewer? The per-page form of
 * listablePages, for lists filtered in memory (the search index keeps grant and creator per page).
 */
export function canListPage(ctx: AccessContext, page: PageGrantFacts): boolean {
  return page.grant !== GRANT.restricted && canReadPage(ctx, page);
}

/** May the viewer change this page? Guests never; users where they may read (and grant allows). */
export function canEditPage(ctx: AccessContext, page: PageGrantFacts): boolean {
  return ctx.viewer !== null && canReadPage(ctx, page);
}

/** The SQL condition for pages that may appear in lists for this viewer (`restricted` never does). */
export function listablePages(ctx: AccessContext): SQL | undefined {
  const { viewer } = ctx;
  if (!viewer) {
    return ctx.restrictGuestMode === 'Deny' ? eq(pages.id, '') : eq(pages.grant, GRANT.public);
  }
  return or(
    eq(pages.grant, GRANT.public),
    and(eq(pages.creatorId, viewer.id), ne(pages.grant, GRANT.restricted)),
  );
}

/**
 * May the viewer delete this page completely (from the trash or directly)? The admin setting of
 * SPEC §4: admin only, admin and the page's author, or anyone who may edit it.
 */
export function canDeletePageCompletely(
  ctx: AccessContext,
  page: PageGrantFacts,
  authority: PageCompleteDeletionAuthority,
): boolean {
  const { viewer } = ctx;
  if (!viewer || !canEditPage(ctx, page)) return false;
  if (viewer.admin) return true;
  if (authority === 'adminAndAuthor') return viewer.id === page.creatorId;
  return authority === 'anyOne';
}
