// What the signed-in user may change, for hiding controls (the server checks again): read-only users
// read and comment only; an invited user must complete the profile before anything else.
import { USER_STATUS } from '../../../shared/account-types';
import type { CurrentUser } from '../../../shared/api-types';

export function mayEditPages(user: CurrentUser | null): user is CurrentUser {
  return user !== null && !user.readOnly && user.status !== USER_STATUS.invited;
}
