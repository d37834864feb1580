// Users as the admin manages them (`/admin/users`) and as lists name them (GROWI's v3 shapes).
import { Type } from '@sinclair/typebox';
import { DateTime, defineContract, Empty, Enum, Id, Offset, PageNumber } from './define';
import { UserSummarySchema } from './entities';

/** GROWI's status numbers Quire uses: registered (awaiting approval), active, suspended, invited. */
const UserStatus = Enum([1, 2, 3, 5] as const, 'integer');
const IdParams = Type.Object({ id: Id });
/** The names GROWI's clients filter the list by. */
export const STATUS_NAMES = ['registered', 'active', 'suspended', 'invited', 'deleted', 'all'] as const;

export const AdminUserSchema = Type.Composite([
  UserSummarySchema,
  Type.Object({
    email: Type.String(),
    admin: Type.Boolean(),
    /** May read and comment, never edit. */
    readOnly: Type.Boolean(),
    status: UserStatus,
    isEmailPublished: Type.Boolean(),
    createdAt: DateTime,
    /** Left out for a user who never signed in (as GROWI does). */
    lastLoginAt: Type.Optional(DateTime),
  }),
]);

export const usersList = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/users',
  querystring: Type.Object({
    page: PageNumber,
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
    searchText: Type.Optional(Type.String({ maxLength: 256 })),
    /** GROWI's status names (or `all`); Quire's web app sends the numbers. */
    selectedStatusList: Type.Optional(
      Type.Array(Type.Union([Enum(STATUS_NAMES, 'string'), Enum([1, 2, 3, 5] as const, 'integer')]), {
        maxItems: 6,
      }),
    ),
  }),
  response: {
    200: Type.Object({
      paginateResult: Type.Object({
        docs: Type.Array(AdminUserSchema),
        totalDocs: Type.Integer({ minimum: 0 }),
        page: Type.Integer({ minimum: 1 }),
        limit: Type.Integer({ minimum: 1 }),
        totalPages: Type.Integer({ minimum: 0 }),
      }),
    }),
  },
});

export const usersInvite = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/users/invite',
  body: Type.Object({
    shapedEmailList: Type.Array(Type.String({ maxLength: 254 }), { minItems: 1, maxItems: 100 }),
    /** Each invitee gets their temporary password by mail. */
    sendEmail: Type.Boolean({ default: false }),
  }),
  response: {
    201: Type.Object({
      createdUserList: Type.Array(
        Type.Object({
          email: Type.String(),
          password: Type.String(),
          user: Type.Object({ _id: Id, username: Type.String() }),
        }),
      ),
      existingEmailList: Type.Array(Type.String()),
      /** Translated reasons. */
      failedEmailList: Type.Array(Type.Object({ email: Type.String(), reason: Type.String() })),
    }),
  },
});

const UserData = Type.Object({ userData: AdminUserSchema });

const toggle = (action: string) =>
  defineContract({
    api: 'v3',
    method: 'PUT',
    path: `/users/{id}/${action}`,
    params: IdParams,
    response: { 200: UserData },
  });

export const userGrantAdmin = toggle('grant-admin');
export const userRevokeAdmin = toggle('revoke-admin');
export const userGrantReadOnly = toggle('grant-read-only');
export const userRevokeReadOnly = toggle('revoke-read-only');
export const userActivate = toggle('activate');
export const userDeactivate = toggle('deactivate');

/** A new temporary password, shown once. */
export const userResetPassword = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/users/reset-password',
  body: Type.Object({ id: Id }),
  response: { 200: Type.Object({ newPassword: Type.String(), user: UserSummarySchema }) },
});

/** GROWI answers the user removed as `user`; Quire's web app reads `userData`. */
export const userRemove = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/users/{id}/remove',
  params: IdParams,
  response: { 200: Type.Object({ user: AdminUserSchema, userData: AdminUserSchema }) },
});

const UsernameList = Type.Object({
  usernames: Type.Array(Type.String()),
  totalCount: Type.Integer({ minimum: 0 }),
});

/** Usernames starting with `q`, by kind (the audit log's filter asks for all kinds). */
export const usersUsernames = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/users/usernames',
  querystring: Type.Object({
    q: Type.String({ maxLength: 256, default: '' }),
    offset: Offset,
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
    /** JSON of GROWI's options (isIncludeActiveUser, …). */
    options: Type.Optional(Type.String({ maxLength: 1024 })),
  }),
  response: {
    200: Type.Object({
      activeUser: Type.Optional(UsernameList),
      inactiveUser: Type.Optional(UsernameList),
      activitySnapshotUser: Type.Optional(UsernameList),
      mixedUsernames: Type.Optional(Type.Array(Type.String())),
    }),
  },
});

/** GROWI's user object for lists, with the e-mail address only when published. */
export const ListedUserSchema = Type.Composite([
  UserSummarySchema,
  Type.Object({
    email: Type.Optional(Type.String()),
    isEmailPublished: Type.Boolean(),
    lang: Type.String(),
    status: Type.Integer({ minimum: 1, maximum: 5 }),
    admin: Type.Boolean(),
    readOnly: Type.Boolean(),
    createdAt: DateTime,
    lastLoginAt: Type.Optional(DateTime),
  }),
]);

export const usersByIds = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/users/list',
  /** Comma-separated ids; none: every user. */
  querystring: Type.Object({ userIds: Type.Optional(Type.String({ maxLength: 25 * 500 })) }),
  response: { 200: Type.Object({ users: Type.Array(ListedUserSchema) }) },
});

/** Pictures' addresses are worked out on each read: nothing is cached to refresh. */
export const usersUpdateImageUrlCache = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/users/update.imageUrlCache',
  body: Type.Object({ userIds: Type.Array(Id, { maxItems: 1000 }) }),
  response: { 200: Empty },
});

export const userSendInvitationEmail = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/users/send-invitation-email',
  body: Type.Object({ id: Id }),
  response: { 200: Empty },
});

/** Mails the user the temporary password just shown to the admin (checked against it). */
export const userResetPasswordEmail = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/users/reset-password-email',
  body: Type.Object({ id: Id, newPassword: Type.String({ minLength: 1, maxLength: 1024 }) }),
  response: { 200: Empty },
});
