// The signed-in user's own settings (`/me`): profile, password, picture, API token and GROWI 7's
// personal access tokens.
import { Type } from '@sinclair/typebox';
import { DateTime, defineContract, Empty, Id, Nullable } from './define';
import { CurrentUserSchema } from './entities';
import { UserFields } from './user-fields';

export const PersonalSettingsSchema = Type.Composite([
  CurrentUserSchema,
  Type.Object({
    isEmailPublished: Type.Boolean(),
    /** When the current API token was made; the token itself is shown only once, when generated. */
    apiTokenCreatedAt: Nullable(DateTime),
  }),
]);
const Settings = Type.Object({ currentUser: PersonalSettingsSchema });

export const personalSettings = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/personal-setting',
  response: { 200: Settings },
});

/** GROWI answers the saved user as `updatedUser`; Quire's web app reads `currentUser`. */
export const personalSettingsUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/personal-setting',
  body: Type.Object({
    name: UserFields.name,
    email: UserFields.email,
    lang: UserFields.lang,
    isEmailPublished: Type.Optional(Type.Boolean()),
  }),
  response: { 200: Type.Composite([Settings, Type.Object({ updatedUser: PersonalSettingsSchema })]) },
});

/** A directory or provider account has no password of its own. */
export const isPasswordSet = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/personal-setting/is-password-set',
  response: {
    200: Type.Object({ isPasswordSet: Type.Boolean(), minPasswordLength: Type.Integer({ minimum: 1 }) }),
  },
});

/** GROWI answers the user as `userData`; Quire's web app reads `currentUser`. */
export const passwordChange = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/personal-setting/password',
  body: Type.Object({
    oldPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    newPassword: UserFields.password,
    newPasswordConfirm: Type.String({ maxLength: 1024 }),
  }),
  response: { 200: Type.Composite([Settings, Type.Object({ userData: PersonalSettingsSchema })]) },
});

/** The Gravatar of one's e-mail address, or the uploaded picture. */
export const imageType = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/personal-setting/image-type',
  body: Type.Object({ isGravatarEnabled: Type.Boolean() }),
  response: {
    200: Type.Object({
      userData: Type.Object({ isGravatarEnabled: Type.Boolean(), imageUrlCached: Type.String() }),
    }),
  },
});

/** Generate and regenerate: the token is in this answer only; the database keeps its sha256. */
export const apiTokenGenerate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/personal-setting/api-token',
  response: {
    200: Type.Object({ userData: Type.Object({ apiToken: Type.String(), apiTokenCreatedAt: DateTime }) }),
  },
});

export const apiTokenRevoke = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/personal-setting/api-token',
  response: { 200: Type.Object({ userData: Type.Object({ apiTokenCreatedAt: Type.Null() }) }) },
});

export const ACCESS_TOKEN_DESCRIPTION_MAX = 200;

export const AccessTokenInfoSchema = Type.Object({
  _id: Id,
  expiredAt: DateTime,
  scopes: Type.Array(Type.String()),
  description: Type.String(),
});

export const accessTokens = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/personal-setting/access-token',
  response: { 200: Type.Object({ accessTokens: Type.Array(AccessTokenInfoSchema) }) },
});

/** The token is in this answer only. */
export const accessTokenGenerate = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/personal-setting/access-token',
  body: Type.Object({
    expiredAt: DateTime,
    description: Type.Optional(Type.String({ maxLength: ACCESS_TOKEN_DESCRIPTION_MAX })),
    scopes: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 })),
  }),
  response: { 200: Type.Composite([AccessTokenInfoSchema, Type.Object({ token: Type.String() })]) },
});

export const accessTokenRemove = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/personal-setting/access-token',
  growiPath: '/personal-setting/access-token/',
  querystring: Type.Object({ tokenId: Id }),
  response: { 200: Empty },
});

export const accessTokensRemoveAll = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/personal-setting/access-token/all',
  response: { 200: Empty },
});
