// Choosing a page's grant (SPEC §3): what the editor sent, checked against the user's groups and
// the parent page. A page may not be more open than its nearest written ancestor unless the user
// confirmed it (409 `grant_wider_than_parent` first, so the web app can ask).
import type Database from 'better-sqlite3';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error';
import {
  isGrantWiderThanParent,
  parseGroupIds,
  type GrantChoice,
  type Viewer,
} from '../../policies/page-access';
import { GRANT } from '../../../shared/api-types';
import type { GrantFields } from '../../../shared/account-types';
import { ancestorPaths } from './tree-store';

/** What the pages module needs to know of groups. */
export interface GroupDirectory {
  exists(id: string): boolean;
  isWithin(groupId: string, ancestorIds: string[]): boolean;
  namesOf(ids: string[]): { _id: string; name: string }[];
}

export interface StoredGrant {
  grant: number;
  /** JSON array for grant 5, else null (the `granted_group_ids` column). */
  grantedGroupIds: string | null;
}

const GRANTS: number[] = [GRANT.public, GRANT.restricted, GRANT.owner, GRANT.userGroup];

/**
 * The grant the user asked for, validated: groups exist and the user is in each of them (or, when
 * saving, the page is already granted to it: leaving a group does not stop one keeping a grant).
 */
export function chosenGrant(
  viewer: Viewer,
  input: GrantFields,
  groups: GroupDirectory,
  alreadyGranted: string[] = [],
): StoredGrant {
  const grant = input.grant ?? GRANT.public;
  if (!GRANTS.includes(grant)) throw badRequest('invalid', 'errors.syntax_invalid', { field: 'grant' });
  if (grant !== GRANT.userGroup) return { grant, grantedGroupIds: null };
  const ids = [...new Set((input.grantUserGroupIds ?? []).map((g) => g.item))];
  if (ids.length === 0) throw badRequest('group_required', 'grants.group_required');
  if (!ids.every((id) => groups.exists(id))) throw new AppError(404, 'group_not_found', 'groups.not_found');
  const mine = viewer.groupIds ?? [];
  if (!ids.every((id) => mine.includes(id) || alreadyGranted.includes(id))) {
    throw forbidden('not_group_member', 'grants.not_group_member');
  }
  return { grant, grantedGroupIds: JSON.stringify(ids) };
}

interface AncestorRow {
  path: string;
  grant: number;
  creatorId: string | null;
  grantedGroupIds: string | null;
}

/** Same grant and same groups (in any order)? */
export function sameGrant(a: StoredGrant, b: StoredGrant): boolean {
  const groupsOf = (g: StoredGrant) => [...parseGroupIds(g.grantedGroupIds)].sort().join(',');
  return a.grant === b.grant && groupsOf(a) === groupsOf(b);
}

export function prepareGrantChecks(sqlite: Database.Database, groups: GroupDirectory) {
  const nearestWritten = sqlite.prepare<[string], AncestorRow>(
    `SELECT path, "grant", creator_id AS creatorId, granted_group_ids AS grantedGroupIds
     FROM pages WHERE path IN (SELECT value FROM json_each(?)) AND is_empty = 0
     ORDER BY length(path) DESC LIMIT 1`,
  );

  /** The nearest ancestor that is a written page (placeholders have no grant of their own). */
  function parentOf(path: string): AncestorRow | undefined {
    return nearestWritten.get(JSON.stringify(ancestorPaths(path)));
  }

  return {
    /** The nearest written ancestor of `path` with its grant, or undefined at the top. */
    parentOf,

    /** What a new page inherits when the editor sends no grant: its parent's grant. */
    inherited(path: string): StoredGrant {
      const parent = parentOf(path);
      return parent
        ? { grant: parent.grant, grantedGroupIds: parent.grantedGroupIds }
        : { grant: GRANT.public, grantedGroupIds: null };
    },

    /** Is the page at `path` no more open than its parent (GROWI's "grant normalized")? */
    fits(path: string, grant: StoredGrant, creatorId: string | null): boolean {
      const parent = parentOf(path);
      if (!parent) return true;
      const child: GrantChoice = { ...grant, groupIds: parseGroupIds(grant.grantedGroupIds), creatorId };
      const above: GrantChoice = { ...parent, groupIds: parseGroupIds(parent.grantedGroupIds) };
      return !isGrantWiderThanParent(child, above, (id, ancestors) => groups.isWithin(id, ancestors));
    },

    /** 409 `grant_wider_than_parent` when the page at `path` would be more open than its parent. */
    assertFits(path: string, grant: StoredGrant, creatorId: string | null, confirmed: boolean): void {
      if (confirmed || this.fits(path, grant, creatorId)) return;
      throw conflict('grant_wider_than_parent', 'grants.wider_than_parent', {
        parent: parentOf(path)?.path ?? '/',
      });
    },
  };
}
export type GrantChecks = ReturnType<typeof prepareGrantChecks>;
