// The group tree as GROWI's admin screens walk it (`/user-groups/ancestors`, `/children`,
// `/selectable-parent-groups`, `/selectable-child-groups`): pure functions over the list of groups.
import type { UserGroup } from '../../../shared/account-types';
import { groupNotFound } from './errors';

/** The group, then its parent, up to the top. */
export function ancestorsOf(groups: UserGroup[], groupId: string): UserGroup[] {
  const byId = new Map(groups.map((group) => [group._id, group]));
  const chain: UserGroup[] = [];
  for (let group = byId.get(groupId); group && !chain.includes(group);) {
    chain.push(group);
    group = group.parent ? byId.get(group.parent) : undefined;
  }
  if (chain.length === 0) throw groupNotFound();
  return chain;
}

/** The group and every group below it. */
export function subtreeOf(groups: UserGroup[], groupId: string): Set<string> {
  const ids = new Set([groupId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const group of groups)
      if (group.parent && ids.has(group.parent) && !ids.has(group._id)) {
        ids.add(group._id);
        grew = true;
      }
  }
  return ids;
}

/** The groups whose parent is one of these, and (asked) theirs. */
export function childrenOf(groups: UserGroup[], parentIds: string[], withGrandChildren: boolean) {
  const children = groups.filter((group) => group.parent !== null && parentIds.includes(group.parent));
  const childIds = children.map((group) => group._id);
  const grandChildren = withGrandChildren
    ? groups.filter((group) => group.parent !== null && childIds.includes(group.parent))
    : [];
  return { childUserGroups: children, grandChildUserGroups: grandChildren };
}

/** Groups that may become this group's parent: not itself, not below it. */
export function selectableParentsOf(groups: UserGroup[], groupId: string): UserGroup[] {
  ancestorsOf(groups, groupId);
  const below = subtreeOf(groups, groupId);
  return groups.filter((group) => !below.has(group._id));
}

/** Groups that may move under this group: not itself, not above it, not below it already. */
export function selectableChildrenOf(groups: UserGroup[], groupId: string): UserGroup[] {
  const taken = subtreeOf(groups, groupId);
  for (const group of ancestorsOf(groups, groupId)) taken.add(group._id);
  return groups.filter((group) => !taken.has(group._id));
}
