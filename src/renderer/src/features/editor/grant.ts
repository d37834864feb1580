// Page grants in the editor (SPEC §3): the user's choice, what a page create/update sends for it,
// and the "more open than its parent" confirmation round trip (409 grant_wider_than_parent).
import type { GrantFields, PageGrantInfo } from '../../../../shared/account-types';
import { GRANT, type Page } from '../../../../shared/api-types';
import { ApiError } from '../../api/client';

export const GRANT_CHOICES = [GRANT.public, GRANT.restricted, GRANT.owner, GRANT.userGroup] as const;
export type GrantChoiceValue = (typeof GRANT_CHOICES)[number];

export interface GrantChoice {
  grant: GrantChoiceValue;
  /** Only for GRANT.userGroup. */
  groupIds: string[];
}

export const PUBLIC_GRANT: GrantChoice = { grant: GRANT.public, groupIds: [] };
export const WIDER_GRANT_CODE = 'grant_wider_than_parent';

export const GRANT_LABEL_KEYS: Record<GrantChoiceValue, string> = {
  [GRANT.public]: 'grant.public',
  [GRANT.restricted]: 'grant.restricted',
  [GRANT.owner]: 'grant.owner',
  [GRANT.userGroup]: 'grant.user_group',
};

export type PageWithGrant = Page & Partial<PageGrantInfo>;

/** The choice a page already has; grants the editor cannot set (specified users) count as "only me". */
export function grantOf(page: PageWithGrant | null): GrantChoice {
  if (!page) return PUBLIC_GRANT;
  const groupIds = (page.grantedGroups ?? []).map((g) => g._id);
  if (page.grant === GRANT.userGroup) return { grant: GRANT.userGroup, groupIds };
  if (page.grant === GRANT.specified) return { grant: GRANT.owner, groupIds: [] };
  return { grant: page.grant, groupIds: [] };
}

/** What create/update send for a choice. */
export function grantFields(choice: GrantChoice, confirmWiderGrant = false): GrantFields {
  const fields: GrantFields = { grant: choice.grant };
  if (choice.grant === GRANT.userGroup) {
    fields.grantUserGroupIds = choice.groupIds.map((item) => ({ type: 'UserGroup', item }));
  }
  if (confirmWiderGrant) fields.confirmWiderGrant = true;
  return fields;
}

/** The parent path of a page path (`/a/b` → `/a`, `/a` → `/`). */
export function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/** "Only inside the group(s)" needs at least one group. */
export const lacksGroups = (choice: GrantChoice): boolean =>
  choice.grant === GRANT.userGroup && choice.groupIds.length === 0;

export class GrantNotConfirmedError extends Error {
  override name = 'GrantNotConfirmedError';
}

/**
 * Runs a page change that the server may refuse once with 409 `grant_wider_than_parent` (create,
 * update, move, duplicate): the user is asked (`confirm`), and only on yes is it sent again with
 * `confirmWiderGrant`.
 */
export async function confirmingWiderGrant<T>(
  send: (confirmed: boolean) => Promise<T>,
  confirm: (serverMessage: string) => boolean,
  notConfirmedMessage: string,
): Promise<T> {
  try {
    return await send(false);
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== WIDER_GRANT_CODE) throw err;
    if (!confirm(err.message)) throw new GrantNotConfirmedError(notConfirmedMessage);
    return send(true);
  }
}

/**
 * Saves with the chosen grant. A page more open than its parent is refused once by the server; the
 * user is asked (`confirm`), and only on yes is it sent again with `confirmWiderGrant`.
 */
export async function saveWithGrant<T>(
  choice: GrantChoice,
  send: (fields: GrantFields) => Promise<T>,
  confirm: (serverMessage: string) => boolean,
  messages: { notConfirmed: string; noGroup: string },
): Promise<T> {
  if (lacksGroups(choice)) throw new Error(messages.noGroup);
  return confirmingWiderGrant(
    (confirmed) => send(grantFields(choice, confirmed)),
    confirm,
    messages.notConfirmed,
  );
}
