// A user's home (/user/{name}): their profile and the pages they created or last saved.
import type { UserProfileResponse } from '../../../../shared/account-types';
import type { PageListResponse } from '../../../../shared/page-tree-types';
import { api } from '../../api/client';

export const getUserProfile = async (username: string) =>
  (await api.get<UserProfileResponse>(`/_api/v3/users/profile/${encodeURIComponent(username)}`)).user;

export const getUserRecentPages = (
  userId: string,
  type: 'created' | 'updated',
  page: number,
  limit: number,
) => api.get<PageListResponse>(`/_api/v3/users/${userId}/recent?type=${type}&page=${page}&limit=${limit}`);
