// Payload shapes of accounts, groups, grants and security settings (issue 4), shared by the server
// (presenters, route schemas) and the web app. The request shapes are GROWI's, kept so that its
// users' scripts work; replies follow GROWI where it has one.
import type { Static } from '@sinclair/typebox';
import type { GrantFieldsSchema } from './contracts/pages';
import type { AnswerOf, BodyOf } from './contracts/define';
import type { SecurityParamsSchema } from './contracts/security';
import type {
  AdminUserSchema,
  userRemove,
  userResetPassword,
  usersInvite,
  usersList,
} from './contracts/users';
import type {
  PersonalSettingsSchema,
  apiTokenGenerate,
  passwordChange,
  personalSettings,
  personalSettingsUpdate,
} from './contracts/personal-settings';
import type { ExternalAccountSchema, myExternalAccounts } from './contracts/external-accounts';
import type {
  UserGroupSchema,
  myUserGroups,
  userGroupCreate,
  userGroupGet,
  userGroupMembers,
  userGroupsList,
} from './contracts/user-groups';
import type { CurrentUser, Lang } from './api-types';

/** GROWI's user status numbers: registered = awaiting approval, invited = must complete the profile. */
export const USER_STATUS = { registered: 1, active: 2, suspended: 3, invited: 5 } as const;
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];

export const REGISTRATION_MODES = ['Open', 'Restricted', 'Closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** A user as the users admin screen sees them. */
export type AdminUser = Static<typeof AdminUserSchema>;

/** `GET /_api/v3/users?page=&limit=&searchText=&selectedStatusList=` (GROWI's paginate shape). */
export type UsersListResponse = AnswerOf<typeof usersList>;
export type AdminUserResponse = AnswerOf<typeof userRemove>;

/** `POST /_api/v3/users/invite` `{ shapedEmailList, sendEmail }`. */
export type InviteRequest = BodyOf<typeof usersInvite>;
export type InviteResponse = AnswerOf<typeof usersInvite>;
/** `PUT /_api/v3/users/reset-password` `{ id }` → the new temporary password, shown once. */
export type ResetPasswordResponse = AnswerOf<typeof userResetPassword>;

/** `POST /_api/v3/register`. */
export interface RegisterRequest {
  registerForm: { name: string; username: string; email: string; password: string; lang?: Lang };
}
/** Open mode: signed in (201). Restricted: `pending` (202), an admin must approve first. */
export type RegisterResponse = { currentUser: CurrentUser; pending?: false } | { pending: true };

/** `POST /_api/v3/invited`: an invited user completes their profile after the first sign-in. */
export interface InvitedRequest {
  invitedForm: { username: string; name: string; password: string };
}

/** The signed-in user's own settings (`GET /_api/v3/personal-setting`). */
export type PersonalSettings = Static<typeof PersonalSettingsSchema>;
export type PersonalSettingsResponse = AnswerOf<typeof personalSettings>;
/** `PUT /_api/v3/personal-setting`. */
export type ProfileUpdate = BodyOf<typeof personalSettingsUpdate>;
/** `PUT /_api/v3/personal-setting/password`. */
export type PasswordChangeRequest = BodyOf<typeof passwordChange>;
/**
 * `PUT /_api/v3/personal-setting/api-token` → the new token, once. Revoke: `DELETE` same path
 * (→ `{ userData: { apiTokenCreatedAt: null } }`).
 */
export type ApiTokenResponse = AnswerOf<typeof apiTokenGenerate>;
/** `GET /_api/v3/personal-setting/external-accounts`: links to LDAP / OIDC / GitHub accounts (issue 13). */
export type ExternalAccount = Static<typeof ExternalAccountSchema>;
export type ExternalAccountsResponse = AnswerOf<typeof myExternalAccounts>;

export type UserGroup = Static<typeof UserGroupSchema>;
/** `GET /_api/v3/user-groups?page=&limit=` (every group, parents before children). */
export type UserGroupsResponse = AnswerOf<typeof userGroupsList>;
/** `POST /_api/v3/user-groups` → 201; `GET`/`PUT /_api/v3/user-groups/{id}` `{ name, description, parentId }`. */
export type UserGroupRequest = BodyOf<typeof userGroupCreate>;
export type UserGroupResponse = AnswerOf<typeof userGroupGet>;
/** `GET /_api/v3/user-groups/{id}/users`: direct members. */
export type UserGroupMembersResponse = AnswerOf<typeof userGroupMembers>;
/** `DELETE /_api/v3/user-groups/{id}?actionName=&transferToUserGroupId=` (SPEC §4). */
export const GROUP_DELETE_ACTIONS = ['public', 'delete', 'transfer'] as const;
export type GroupDeleteAction = (typeof GROUP_DELETE_ACTIONS)[number];
/** `GET /_api/v3/user-groups/mine`: the groups the signed-in user belongs to (the editor's grant choice). */
export type MyGroupsResponse = AnswerOf<typeof myUserGroups>;

/** Page create/update accept these besides path/body (GROWI's shape). */
/** GROWI's grant fields of page create and update (the page contracts declare them). */
export type GrantFields = Static<typeof GrantFieldsSchema>;
/**
 * What a page reply carries about its grant besides `grant`: `page.grantedGroups` in every reply
 * with a full page (`Page` in api-types; lists leave it out). `PUT /pages/rename` and
 * `POST /pages/duplicate` also accept `confirmWiderGrant` (a moved or copied page keeps its grant
 * and may not be more open than its new parent without it). A page created without `grant` takes
 * its parent's grant.
 */
export interface PageGrantInfo {
  grantedGroups: { _id: string; name: string }[];
}

/** `GET /_api/v3/security-setting/` (admin): every part of the security screen. */
export type SecurityParams = Static<typeof SecurityParamsSchema>;
export interface SecurityParamsResponse {
  securityParams: SecurityParams;
}
/** `PUT /_api/v3/security-setting/general-setting`: any subset of the general settings. */
export type GeneralSettingUpdate = Partial<SecurityParams['generalSetting']>;
/** `PUT /_api/v3/security-setting/local-setting`: any subset of the local settings. */
export type LocalSettingUpdate = Partial<SecurityParams['localSetting']>;
/** `PUT /_api/v3/security-setting/share-link-setting`. */
export type ShareLinkSettingUpdate = SecurityParams['shareLinkSetting'];
/** `PUT /_api/v3/security-setting/file-upload-setting`. */
export interface FileUploadSettingUpdate {
  maxFileSize: number;
}
/** The largest upload limit an admin may set (10 GB). */
export const MAX_FILE_SIZE_CEILING = 10 * 1024 * 1024 * 1024;

/** `GET /_api/v3/users/profile/{username}`: what anyone who reads the wiki may know of a user. */
export interface UserProfileResponse {
  user: { _id: string; username: string; name: string; email: string | null; createdAt: string };
}
