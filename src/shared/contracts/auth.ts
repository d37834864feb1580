// Signing in and out, the first run, registration, invitations and forgotten passwords, and the
// health check: the routes a visitor meets before (or while) becoming a user.
import { Type } from '@sinclair/typebox';
import type { InstallerRequest, LoginRequest } from '../api-types';
import { CurrentUserSchema, UserSummarySchema } from './entities';
import { defineContract, Empty, Enum, Ok } from './define';
import { UserFields } from './user-fields';

const SignedIn = Type.Object({ currentUser: CurrentUserSchema });
const Username = Type.String({ minLength: 1, maxLength: 254 });
const Password = Type.String({ minLength: 1, maxLength: 1024 });

/** Quire's `{username, password}` or GROWI's `{loginForm: {username, password}}`. */
export const login = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/login',
  body: Type.Unsafe<Partial<LoginRequest> & { loginForm?: Partial<LoginRequest> }>({
    type: 'object',
    properties: {
      username: Username,
      password: Password,
      loginForm: {
        type: 'object',
        required: ['username', 'password'],
        properties: { username: Username, password: Password },
      },
    },
    anyOf: [{ required: ['loginForm'] }, { required: ['username', 'password'] }],
  }),
  /** GROWI answers where to go next; the web app also needs who is now signed in. */
  response: { 200: Type.Composite([Type.Object({ redirectTo: Type.String() }), SignedIn]) },
});

export const logout = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/logout',
  response: { 200: Empty },
});

/** Anyone may ask for a token: it is bound to their own session. */
export const csrfToken = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/csrf-token',
  response: { 200: Type.Object({ token: Type.String() }) },
});

/** GROWI's form (`registerForm`, the language under `app.globalLang`), or the same fields flat. */
export const installer = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/installer',
  body: Type.Unsafe<InstallerRequest>({
    type: 'object',
    properties: {
      ...UserFields,
      registerForm: {
        type: 'object',
        required: ['username', 'name', 'email', 'password'],
        properties: { ...UserFields, app: { type: 'object', properties: { globalLang: UserFields.lang } } },
      },
    },
    anyOf: [{ required: ['registerForm'] }, { required: ['username', 'name', 'email', 'password', 'lang'] }],
  }),
  /** GROWI answers a message (translated); the web app also needs the user now signed in. */
  response: { 201: Type.Composite([Type.Object({ message: Type.String() }), SignedIn]) },
});

/** Open mode: signed in (201). Restricted: `pending` (202), an admin must approve first. */
export const register = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/register',
  body: Type.Object({
    registerForm: Type.Object({
      name: UserFields.name,
      username: UserFields.username,
      email: UserFields.email,
      password: UserFields.password,
      lang: Type.Optional(UserFields.lang),
    }),
  }),
  response: {
    201: Type.Composite([Type.Object({ redirectTo: Type.String() }), SignedIn]),
    202: Type.Object({ redirectTo: Type.String(), pending: Type.Literal(true) }),
  },
});

/** An invited user completes their profile after the first sign-in. */
export const invited = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/invited',
  body: Type.Object({
    invitedForm: Type.Object({
      username: UserFields.username,
      name: UserFields.name,
      password: UserFields.password,
    }),
  }),
  response: { 200: Type.Composite([Type.Object({ redirectTo: Type.String() }), SignedIn]) },
});

const ResetToken = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });

/** The same answer whether the address is someone's or not. */
export const forgotPassword = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/forgot-password',
  body: Type.Object({ email: Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' }) }),
  response: { 200: Empty },
});

export const forgotPasswordCheck = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/forgot-password/check',
  body: Type.Object({ token: ResetToken }),
  response: { 200: Type.Object({ isOpen: Type.Boolean() }) },
});

/** Through a live link, once: GROWI answers the user whose password it was. */
export const forgotPasswordReset = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/forgot-password',
  body: Type.Object({
    token: ResetToken,
    newPassword: UserFields.password,
    newPasswordConfirm: Type.String({ maxLength: 1024 }),
  }),
  response: { 200: Type.Object({ userData: UserSummarySchema }) },
});

/** OK once the database and the search index answer; 503 NG otherwise. */
export const healthcheck = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/healthcheck',
  response: {
    200: Type.Object({ status: Enum(['OK'] as const, 'string') }),
    503: Type.Object({ status: Enum(['NG'] as const, 'string') }),
  },
});

/**
 * The LDAP test form (older API; admins only): signs in to the directory with the saved settings
 * and says what it found. The bind password is never echoed.
 */
export const testLdap = defineContract({
  api: 'v1',
  method: 'POST',
  path: '/login/testLdap',
  body: login.body,
  response: {
    200: Type.Object({
      ok: Ok,
      status: Enum(['success', 'warning'] as const, 'string'),
      message: Type.String(),
      err: Type.Optional(Type.Object({ message: Type.String(), code: Type.Optional(Type.String()) })),
      ldapConfiguration: Type.Optional(Type.Object({ server: Type.Record(Type.String(), Type.Unknown()) })),
      ldapAccountInfo: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    }),
  },
});
