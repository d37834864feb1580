// Which actions the users admin offers for a row (SPEC §5, §6): an administrator never deactivates,
// deletes or drops the admin rights of their own account from here.
import { USER_STATUS, type AdminUser } from '../../../../shared/account-types';
import type { UserAction } from '../../api/accounts';

export type UserMenuAction = UserAction | 'approve' | 'reset-password' | 'delete';

export function availableUserActions(user: AdminUser, selfId: string): UserMenuAction[] {
  const self = user._id === selfId;
  const actions: UserMenuAction[] = [];
  if (user.status === USER_STATUS.registered) actions.push('approve');
  if (user.status === USER_STATUS.suspended) actions.push('activate');
  if (user.status === USER_STATUS.active) {
    if (!self) actions.push('deactivate');
    if (!user.admin) actions.push('grant-admin');
    else if (!self) actions.push('revoke-admin');
    if (!user.admin) actions.push(user.readOnly ? 'revoke-read-only' : 'grant-read-only');
  }
  if (user.status !== USER_STATUS.registered) actions.push('reset-password');
  if (!self) actions.push('delete');
  return actions;
}

/** The API action behind a menu entry (approving is activating a registered user). */
export function apiActionOf(action: UserMenuAction): UserAction | null {
  if (action === 'approve') return 'activate';
  if (action === 'reset-password' || action === 'delete') return null;
  return action;
}

export const STATUS_KEYS: Record<number, string> = {
  [USER_STATUS.registered]: 'users_admin.status_registered',
  [USER_STATUS.active]: 'users_admin.status_active',
  [USER_STATUS.suspended]: 'users_admin.status_suspended',
  [USER_STATUS.invited]: 'users_admin.status_invited',
};

/** `a@x.org, b@x.org` or one per line → distinct trimmed addresses, in order. */
export function parseEmailList(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const email = part.trim();
    if (email) seen.add(email);
  }
  return [...seen];
}
