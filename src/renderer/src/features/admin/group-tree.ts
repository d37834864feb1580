// Groups as a tree for the admin screens: parents before children, each with its depth.
import type { UserGroup } from '../../../../shared/account-types';

export interface GroupRow {
  group: UserGroup;
  depth: number;
}

/** Depth-first order, siblings by name; a group whose parent is missing is shown as a root. */
export function groupRows(groups: UserGroup[]): GroupRow[] {
  const ids = new Set(groups.map((g) => g._id));
  const children = new Map<string | null, UserGroup[]>();
  for (const group of groups) {
    const parent = group.parent && ids.has(group.parent) ? group.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), group]);
  }
  const rows: GroupRow[] = [];
  const visit = (parent: string | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const group of list) {
      rows.push({ group, depth });
      visit(group._id, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
}

/** The group and every group nested below it. */
export function subtreeIds(groups: UserGroup[], rootId: string): Set<string> {
  const found = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of groups) {
      if (group.parent && found.has(group.parent) && !found.has(group._id)) {
        found.add(group._id);
        grew = true;
      }
    }
  }
  return found;
}

/** Groups that may become `groupId`'s parent (or receive its pages): never itself or a descendant. */
export function groupsOutside(groups: UserGroup[], groupId: string): GroupRow[] {
  const excluded = subtreeIds(groups, groupId);
  return groupRows(groups).filter((row) => !excluded.has(row.group._id));
}

/** Indents an option label by depth (select options cannot be styled with padding everywhere). */
export const indentLabel = (row: GroupRow): string => `${'\u00a0\u00a0'.repeat(row.depth)}${row.group.name}`;
