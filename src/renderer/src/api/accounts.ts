// Typed calls of the accounts issue (issue 4): registration, invitations, personal settings, the
// users and groups admin, security settings and page grants. Shapes: src/shared/account-types.ts.
import type {
  AdminUserResponse,
  ApiTokenResponse,
  ExternalAccountsResponse,
  GeneralSettingUpdate,
  GroupDeleteAction,
  InviteResponse,
  InvitedRequest,
  LocalSettingUpdate,
  MyGroupsResponse,
  PasswordChangeRequest,
  PersonalSettingsResponse,
  ProfileUpdate,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordResponse,
  SecurityParamsResponse,
  ShareLinkSettingUpdate,
  FileUploadSettingUpdate,
  UserGroupMembersResponse,
  UserGroupRequest,
  UserGroupResponse,
  UserGroupsResponse,
  UsersListResponse,
} from '../../../shared/account-types';
import type { CurrentUser, CurrentUserResponse } from '../../../shared/api-types';
import { api, resetCsrfToken } from './client';

const V3 = '/_api/v3';

export async function register(form: RegisterRequest['registerForm']): Promise<RegisterResponse> {
  const reply = await api.post<RegisterResponse>(`${V3}/register`, { registerForm: form });
  if (!reply.pending) resetCsrfToken(); // signed in: a new session
  return reply;
}

export async function completeInvitation(form: InvitedRequest['invitedForm']): Promise<CurrentUser> {
  const { currentUser } = await api.post<CurrentUserResponse>(`${V3}/invited`, { invitedForm: form });
  resetCsrfToken(); // the server gives the completed account a fresh session
  return currentUser;
}

// Personal settings (/me)
export const getPersonalSettings = async () =>
  (await api.get<PersonalSettingsResponse>(`${V3}/personal-setting`)).currentUser;
export const updateProfile = async (body: ProfileUpdate) =>
  (await api.put<PersonalSettingsResponse>(`${V3}/personal-setting`, body)).currentUser;
export const changePassword = (body: PasswordChangeRequest) =>
  api.put<unknown>(`${V3}/personal-setting/password`, body);
export const generateApiToken = async () =>
  (await api.put<ApiTokenResponse>(`${V3}/personal-setting/api-token`)).userData;
export const revokeApiToken = () => api.delete<unknown>(`${V3}/personal-setting/api-token`);

/** GROWI 7's personal access tokens (scoped, with an expiry). */
export interface AccessToken {
  _id: string;
  expiredAt: string;
  scopes: string[];
  description: string;
}
export const getAccessTokens = async () =>
  (await api.get<{ accessTokens: AccessToken[] }>(`${V3}/personal-setting/access-token`)).accessTokens;
export const createAccessToken = (body: { expiredAt: string; description: string; scopes: string[] }) =>
  api.post<AccessToken & { token: string }>(`${V3}/personal-setting/access-token`, body);
export const deleteAccessToken = (tokenId: string) =>
  api.delete<unknown>(`${V3}/personal-setting/access-token?tokenId=${encodeURIComponent(tokenId)}`);
export const getExternalAccounts = async () =>
  (await api.get<ExternalAccountsResponse>(`${V3}/personal-setting/external-accounts`)).externalAccounts;

// Users admin (/admin/users)
export interface UsersQuery {
  page: number;
  limit: number;
  searchText: string;
  /** Empty: every status. */
  statuses: number[];
}
export function usersListUrl(query: UsersQuery): string {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.searchText.trim()) params.set('searchText', query.searchText.trim());
  for (const status of query.statuses) params.append('selectedStatusList', String(status));
  return `${V3}/users?${params.toString()}`;
}
export const listUsers = async (query: UsersQuery) =>
  (await api.get<UsersListResponse>(usersListUrl(query))).paginateResult;
export const inviteUsers = (emails: string[]) =>
  api.post<InviteResponse>(`${V3}/users/invite`, { shapedEmailList: emails, sendEmail: false });
export const resetUserPassword = (id: string) =>
  api.put<ResetPasswordResponse>(`${V3}/users/reset-password`, { id });

/** The one-word user actions, each `PUT /_api/v3/users/{id}/{action}`. */
export const USER_ACTIONS = [
  'activate',
  'deactivate',
  'grant-admin',
  'revoke-admin',
  'grant-read-only',
  'revoke-read-only',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];
export const runUserAction = async (id: string, action: UserAction) =>
  (await api.put<AdminUserResponse>(`${V3}/users/${encodeURIComponent(id)}/${action}`)).userData;
export const deleteUser = (id: string) => api.delete<unknown>(`${V3}/users/${encodeURIComponent(id)}/remove`);

// Groups (/admin/user-groups)
export const listGroups = async () =>
  (await api.get<UserGroupsResponse>(`${V3}/user-groups?page=1&limit=1000`)).userGroups;
export const listMyGroups = async () =>
  (await api.get<MyGroupsResponse>(`${V3}/user-groups/mine`)).userGroups;
export const getGroup = async (id: string) =>
  (await api.get<UserGroupResponse>(`${V3}/user-groups/${encodeURIComponent(id)}`)).userGroup;
export const createGroup = async (body: UserGroupRequest) =>
  (await api.post<UserGroupResponse>(`${V3}/user-groups`, body)).userGroup;
export const updateGroup = async (id: string, body: UserGroupRequest) =>
  (await api.put<UserGroupResponse>(`${V3}/user-groups/${encodeURIComponent(id)}`, body)).userGroup;
export function deleteGroup(id: string, action: GroupDeleteAction, transferTo: string | null) {
  const params = new URLSearchParams({ actionName: action });
  if (action === 'transfer' && transferTo) params.set('transferToUserGroupId', transferTo);
  return api.delete<unknown>(`${V3}/user-groups/${encodeURIComponent(id)}?${params.toString()}`);
}
export const getGroupMembers = async (id: string) =>
  (await api.get<UserGroupMembersResponse>(`${V3}/user-groups/${encodeURIComponent(id)}/users`)).users;
export const addGroupMember = (id: string, username: string) =>
  api.post<unknown>(`${V3}/user-groups/${encodeURIComponent(id)}/users/${encodeURIComponent(username)}`);
export const removeGroupMember = (id: string, username: string) =>
  api.delete<unknown>(`${V3}/user-groups/${encodeURIComponent(id)}/users/${encodeURIComponent(username)}`);

// Security settings (/admin/security)
export const getSecurityParams = async () =>
  (await api.get<SecurityParamsResponse>(`${V3}/security-setting`)).securityParams;
export const updateGeneralSecurity = (body: GeneralSettingUpdate) =>
  api.put<unknown>(`${V3}/security-setting/general-setting`, body);
export const updateLocalSecurity = (body: LocalSettingUpdate) =>
  api.put<unknown>(`${V3}/security-setting/local-setting`, body);
export const updateShareLinkSetting = (body: ShareLinkSettingUpdate) =>
  api.put<unknown>(`${V3}/security-setting/share-link-setting`, body);
export const updateFileUploadSetting = (body: FileUploadSettingUpdate) =>
  api.put<unknown>(`${V3}/security-setting/file-upload-setting`, body);

/** Profile pictures: an uploaded image (GROWI's older API), or the Gravatar of one's address. */
export async function uploadProfileImage(file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file);
  await api.postForm<unknown>('/_api/attachments.uploadProfileImage', form);
}
export const removeProfileImage = () => api.post<unknown>('/_api/attachments.removeProfileImage', {});
export const setGravatar = async (isGravatarEnabled: boolean) =>
  (
    await api.put<{ userData: { isGravatarEnabled: boolean; imageUrlCached: string } }>(
      `${V3}/personal-setting/image-type`,
      { isGravatarEnabled },
    )
  ).userData;
