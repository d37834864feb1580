// GROWI's grant routes (its grant selector and its MCP server ask them): how a page's grant stands
// against its parent's, which grants a page may take, whether groups the user is not in can read
// it, and changing the grant alone (no new revision). The rules are the editor's (grants.ts).
import type Database from 'better-sqlite3';
import { AppError, badRequest } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import {
  canEditPage,
  canReadPage,
  parseGroupIds,
  type AccessContext,
  type Viewer,
} from '../../policies/page-access';
import { GRANT } from '../../../shared/api-types';
import { chosenGrant, sameGrant, type GroupDirectory, type StoredGrant } from './grants';
import type { PagesService } from './service';

type GrantStatus = 'isGranted' | 'notGranted' | 'cannotGrant';
interface GroupRef {
  id: string;
  name: string;
  type: 'UserGroup';
}

const STATUS_ORDER: Record<GrantStatus, number> = { notGranted: 0, isGranted: 1, cannotGrant: 2 };

export class PageGrantService {
  private setGrant?: Database.Statement<[number, string | null, string]>;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly pages: PagesService,
    private readonly groups: GroupDirectory,
    private readonly events: EventBus,
  ) {}

  /** The page if the viewer may read it; GROWI answers 400 `page_unreachable` otherwise. */
  private reachable(ctx: AccessContext, pageId: string) {
    try {
      return this.pages.readable(ctx, pageId);
    } catch {
      throw badRequest('page_unreachable', 'errors.notfound_or_forbidden');
    }
  }

  /** The viewer's groups against a page's granted groups (GROWI's getPageGroupGrantData). */
  private groupGrantData(ctx: AccessContext & { viewer: Viewer }, page: { path: string } & StoredGrant) {
    if (page.path === '/') return { userRelatedGroups: [], nonUserRelatedGrantedGroups: [] };
    const granted = parseGroupIds(page.grantedGroupIds);
    const mine = [...(ctx.viewer.groupIds ?? [])];
    const ref = (g: { _id: string; name: string }): GroupRef => ({
      id: g._id,
      name: g.name,
      type: 'UserGroup',
    });
    const userRelatedGroups = this.groups
      .namesOf(mine)
      .map((group) => {
        if (granted.includes(group._id)) return { ...ref(group), status: 'isGranted' as GrantStatus };
        const grant = { grant: GRANT.userGroup, grantedGroupIds: JSON.stringify([...granted, group._id]) };
        const fits = this.pages.grants.fits(page.path, grant, ctx.viewer.id);
        return { ...ref(group), status: (fits ? 'notGranted' : 'cannotGrant') as GrantStatus };
      })
      .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
    const nonUserRelatedGrantedGroups = this.groups
      .namesOf(granted.filter((id) => !mine.includes(id)))
      .map(ref);
    return { userRelatedGroups, nonUserRelatedGrantedGroups };
  }

  /** GET /page/grant-data: whether the grant fits the parent's, and both grants. */
  grantData(ctx: AccessContext & { viewer: Viewer }, pageId: string) {
    const page = this.reachable(ctx, pageId);
    const isGrantNormalized = this.pages.grants.fits(page.path, page, page.creatorId);
    const currentPageGrant = { grant: page.grant, groupGrantData: this.groupGrantData(ctx, page) };
    const parent = page.path === '/' ? undefined : this.pages.grants.parentOf(page.path);
    if (!parent)
      return {
        isGrantNormalized,
        grantData: { isForbidden: false, currentPageGrant, parentPageGrant: null },
      };
    if (!canReadPage(ctx, parent))
      return { isGrantNormalized, grantData: { isForbidden: true, currentPageGrant, parentPageGrant: null } };
    const parentPageGrant = { grant: parent.grant, groupGrantData: this.groupGrantData(ctx, parent) };
    return { isGrantNormalized, grantData: { isForbidden: false, currentPageGrant, parentPageGrant } };
  }

  /**
   * GET /page/applicable-grant: the grants the page may take under its parent, keyed by grant as
   * GROWI answers (null, or the groups that may be chosen for grant 5).
   */
  applicableGrant(ctx: AccessContext & { viewer: Viewer }, pageId: string) {
    const page = this.reachable(ctx, pageId);
    if (page.path === '/') return { [GRANT.public]: null };
    const mine = this.groups.namesOf([...(ctx.viewer.groupIds ?? [])]);
    const applicable = (groups: { _id: string; name: string }[]) => ({
      applicableGroups: groups.map((item) => ({ type: 'UserGroup' as const, item })),
    });
    const data: Record<number, null | ReturnType<typeof applicable>> = { [GRANT.restricted]: null };
    const parent = this.pages.grants.parentOf(page.path);
    if (!parent || parent.grant === GRANT.public || parent.grant === GRANT.restricted) {
      if (!parent || parent.grant === GRANT.public) data[GRANT.public] = null;
      data[GRANT.owner] = null;
      data[GRANT.userGroup] = applicable(mine);
    } else if (parent.grant === GRANT.owner) {
      if (parent.creatorId === ctx.viewer.id) data[GRANT.owner] = null;
    } else {
      const parentGroups = parseGroupIds(parent.grantedGroupIds);
      const inside = mine.filter((group) => this.groups.isWithin(group._id, parentGroups));
      if (inside.length > 0) data[GRANT.owner] = null;
      data[GRANT.userGroup] = applicable(inside);
    }
    return data;
  }

  /**
   * GET /page/non-user-related-groups-granted: is the page at `path` (or its nearest written
   * ancestor) granted to a group the user is not in? 403 when the user may not read it.
   */
  nonUserRelatedGroupsGranted(ctx: AccessContext & { viewer: Viewer }, path: string): boolean {
    const id = this.pages.idAt(path);
    const page = (id && this.pages.facts(id)) || undefined;
    const target = page && !page.isEmpty ? page : this.pages.grants.parentOf(path);
    if (!target) return false; // the top of the wiki: readable by all, granted to no group
    if (!canReadPage(ctx, target))
      throw new AppError(403, 'cannot_access_page', 'errors.notfound_or_forbidden');
    if (target.grant !== GRANT.userGroup) return false;
    const mine = ctx.viewer.groupIds ?? [];
    return parseGroupIds(target.grantedGroupIds).some((group) => !mine.includes(group));
  }

  /**
   * PUT /page/{id}/grant: the grant alone changes, checked as an editor's save checks it (a grant
   * wider than the parent's is 409 `grant_wider_than_parent`).
   */
  updateGrant(
    ctx: AccessContext & { viewer: Viewer },
    pageId: string,
    input: { grant: 1 | 2 | 4 | 5; groupIds: string[] },
  ) {
    const page = this.pages.facts(pageId);
    if (!page || page.isEmpty || page.status !== 'published' || !canEditPage(ctx, page))
      throw badRequest('page_unreachable_or_empty', 'errors.notfound_or_forbidden');
    const current: StoredGrant = { grant: page.grant, grantedGroupIds: page.grantedGroupIds };
    const grantUserGroupIds = input.groupIds.map((item) => ({ type: 'UserGroup' as const, item }));
    const grant = chosenGrant(
      ctx.viewer,
      { grant: input.grant, grantUserGroupIds },
      this.groups,
      parseGroupIds(page.grantedGroupIds),
    );
    if (!sameGrant(grant, current)) {
      this.pages.grants.assertFits(page.path, grant, page.creatorId, false);
      this.setGrant ??= this.sqlite.prepare(
        'UPDATE pages SET "grant" = ?, granted_group_ids = ? WHERE id = ?',
      );
      this.setGrant.run(grant.grant, grant.grantedGroupIds, pageId);
      this.events.emit('page:grant-changed', { pageId, path: page.path, userId: ctx.viewer.id });
    }
    return this.pages.written(ctx, pageId);
  }
}
