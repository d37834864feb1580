// The one place that decides who may see and edit a page. Every read path — page, permalink,
// tree, lists, recent, revisions, diff, trash, templates, search, and every later one (comments,
// attachments, share links, export, live events) — asks here, either per page (canReadPage /
// canListPage) or as a SQL condition for lists (listablePages).
//
// Grants (SPEC §3, GROWI's numbers): 1 public; 2 anyone with the link (readable by URL, never
// listed or searched); 4 only me (the creator); 5 only inside the group(s). Group semantics: a
// viewer's groups are the groups they belong to directly plus every ancestor of those groups, so a
// member of a child group reads the pages of its parent groups, never the other way round. The
// creator of a page always keeps access to it. Administrators read what the grant allows like
// anyone else (an "only me" page stays private); they administer accounts, not other people's pages.
// Read-only users read like users and never edit or create.
import { and, eq, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { pages } from '../db/schema';
import { GRANT, type RestrictGuestMode } from '../../shared/api-types';
import type { PageCompleteDeletionAuthority } from '../../shared/page-tree-types';

export interface Viewer {
  id: string;
  admin: boolean;
  /** May read (and comment), never edit or create pages. */
  readOnly?: boolean;
  /** Direct groups and their ancestors (see above). */
  groupIds?: readonly string[];
}

export interface AccessContext {
  viewer: Viewer | null;
  restrictGuestMode: RestrictGuestMode;
}

export interface PageGrantFacts {
  grant: number;
  creatorId: string | null;
  /** JSON array of group ids, for grant 5 (the `granted_group_ids` column). */
  grantedGroupIds?: string | null;
}

/** The group ids of a page row's `granted_group_ids` column. */
export function parseGroupIds(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function inGrantedGroup(viewer: Viewer, page: PageGrantFacts): boolean {
  const mine = viewer.groupIds;
  if (!mine || mine.length === 0) return false;
  return parseGroupIds(page.grantedGroupIds).some((id) => mine.includes(id));
}

/** May the viewer open this page by its path or id? */
export function canReadPage(ctx: AccessContext, page: PageGrantFacts): boolean {
  const { viewer } = ctx;
  if (!viewer && ctx.restrictGuestMode === 'Deny') return false;
  switch (page.grant) {
    case GRANT.public:
    case GRANT.restricted: // anyone holding the link; never listed
      return true;
    case GRANT.userGroup:
      return viewer !== null && (viewer.id === page.creatorId || inGrantedGroup(viewer, page));
    default:
      // Only me, and "specified users" (not offered by Quire): the creator alone.
      return viewer !== null && viewer.id === page.creatorId;
  }
}

/**
 * May this page appear in a list or in search results for the viewer? The per-page form of
 * listablePages, for lists filtered in memory (the search index keeps the grant facts per page).
 */
export function canListPage(ctx: AccessContext, page: PageGrantFacts): boolean {
  return page.grant !== GRANT.restricted && canReadPage(ctx, page);
}

/** May the viewer create pages at all? Signed-in users who are not read-only. */
export function canCreatePages(ctx: AccessContext): boolean {
  return ctx.viewer !== null && !ctx.viewer.readOnly;
}

/** May the viewer change this page? Guests and read-only users never; users where they may read. */
export function canEditPage(ctx: AccessContext, page: PageGrantFacts): boolean {
  return canCreatePages(ctx) && canReadPage(ctx, page);
}

/** The grant columns of the pages table or of an alias of it. */
export interface GrantColumns {
  id: AnyColumn;
  grant: AnyColumn;
  creatorId: AnyColumn;
  grantedGroupIds: AnyColumn;
}

/** The SQL condition for pages that may appear in lists for this viewer (`restricted` never does). */
export function listablePages(ctx: AccessContext, table: GrantColumns = pages): SQL | undefined {
  const { viewer } = ctx;
  if (!viewer) {
    return ctx.restrictGuestMode === 'Deny' ? eq(table.id, '') : eq(table.grant, GRANT.public);
  }
  const groupIds = viewer.groupIds ?? [];
  const inMyGroups =
    groupIds.length === 0
      ? undefined
      : and(
          eq(table.grant, GRANT.userGroup),
          sql`EXISTS (SELECT 1 FROM json_each(${table.grantedGroupIds}) WHERE json_each.value IN (${sql.join(
            groupIds.map((id) => sql`${id}`),
            sql`, `,
          )}))`,
        );
  return or(
    eq(table.grant, GRANT.public),
    and(eq(table.creatorId, viewer.id), ne(table.grant, GRANT.restricted)),
    inMyGroups,
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

export interface GrantChoice {
  grant: number;
  groupIds: string[];
  creatorId: string | null;
}

/**
 * Would a page with `child`'s grant be readable by someone who cannot read its parent? Openness:
 * public > anyone with the link > group(s) > only me. A group child fits under a group parent when
 * each of its groups is one of the parent's groups or below one (`isWithin`); an only-me child
 * fits under anything its creator may read.
 */
export function isGrantWiderThanParent(
  child: GrantChoice,
  parent: GrantChoice,
  isWithin: (groupId: string, ancestorIds: string[]) => boolean,
): boolean {
  if (parent.grant === GRANT.public) return false;
  if (parent.grant === GRANT.restricted) return child.grant === GRANT.public;
  if (child.grant === GRANT.public || child.grant === GRANT.restricted) return true;
  if (parent.grant === GRANT.userGroup) {
    if (child.grant === GRANT.userGroup) return !child.groupIds.every((id) => isWithin(id, parent.groupIds));
    return false; // only me under a group page
  }
  // Parent readable by its creator alone: only that creator's only-me pages fit.
  return !(child.grant === GRANT.owner && child.creatorId === parent.creatorId);
}

/**
 * May someone holding this share link read its page? Anyone may (guests too, SPEC §6 "shared-page
 * visitors"), unless the admin disabled link sharing, the link expired, or the page is in the trash.
 */
export function canReadPageViaShareLink(
  link: { expiredAt: Date | null },
  page: { status: string },
  sharingEnabled: boolean,
  now: number = Date.now(),
): boolean {
  if (!sharingEnabled || page.status !== 'published') return false;
  return link.expiredAt === null || link.expiredAt.getTime() > now;
}
