// What every browser needs before anyone signs in (`GET /app-config`, public): the wiki's name,
// its switches, the sign-ins on offer, the admin's customizations, and who is asking. Also the
// staff credits (SPEC §7) and a user's public profile.
import { Type } from '@sinclair/typebox';
import { LANGUAGES } from '../api-types';
import { REGISTRATION_MODES } from '../account-types';
import { defineContract, Enum, Nullable } from './define';
import { CurrentUserSchema } from './entities';
import { CustomizeParamsSchema } from './customize';
import { DiagramServersSchema, MarkdownConfigSchema, PresentationSchema } from './markdown';
import { DiskSpaceSchema } from './admin';

export const AppConfigSchema = Type.Object({
  title: Type.String(),
  confidential: Type.String(),
  isInstalled: Type.Boolean(),
  restrictGuestMode: Enum(['Deny', 'Readonly'] as const, 'string'),
  /** Whether the login screen offers registration (not when Closed) and what it leads to. */
  registrationMode: Enum(REGISTRATION_MODES, 'string'),
  isSearchServiceConfigured: Type.Boolean(),
  isSearchServiceReachable: Type.Boolean(),
  isEnabledLinebreaksInComments: Type.Boolean(),
  isRomUserAllowedToComment: Type.Boolean(),
  disableLinkSharing: Type.Boolean(),
  /** Redirect sign-ins offered on the login page (each `/passport/<id>`). */
  externalAuth: Type.Optional(
    Type.Array(
      Type.Object({
        id: Enum(['oidc', 'saml', 'github', 'google'] as const, 'string'),
        /** The admin's provider name, or '' for the default label. */
        label: Type.String(),
      }),
    ),
  ),
  /** LDAP sign-in is on but its settings cannot work (GROWI's isLdapSetupFailed). */
  isLdapSetupFailed: Type.Optional(Type.Boolean()),
  /** LDAP sign-in is on and set up, so `/me` offers to link a directory account. */
  isLdapSetUp: Type.Optional(Type.Boolean()),
  isPasswordResetEnabled: Type.Optional(Type.Boolean()),
  /** The wiki's default language (when neither account nor browser names one). */
  globalLang: Type.Optional(Enum(LANGUAGES, 'string')),
  /** The admin's customizations every browser applies (not the custom CSS and script: own routes). */
  customize: Type.Optional(
    Type.Omit(CustomizeParamsSchema, ['customizeCss', 'customizeScript', 'isScriptEnabled']),
  ),
  markdown: Type.Optional(MarkdownConfigSchema),
  diagramServers: Type.Optional(DiagramServersSchema),
  presentation: Type.Optional(PresentationSchema),
  /** Slack is set up, so the editor offers to post a save to channels (signed in only). */
  isSlackConfigured: Type.Optional(Type.Boolean()),
  /**
   * The origin for links people hand to others (share links, copied page URLs): the site URL, or
   * — asked from this machine while shared — the address colleagues use; '' for the browser's own.
   */
  publicOrigin: Type.Optional(Type.String()),
  /** A `/Sidebar` page exists, so the sidebar asks for it. */
  sidebarPage: Type.Optional(Type.Boolean()),
  /** Administrators only: the data folder's disk, for the low-space banner. */
  disk: Type.Optional(DiskSpaceSchema),
  /** Who is asking (null for a guest). */
  currentUser: Nullable(CurrentUserSchema),
});

export const appConfig = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/app-config',
  response: { 200: AppConfigSchema },
});

const Member = Type.Object({ name: Type.String(), position: Type.Optional(Type.String()) });

export const staffs = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/staffs',
  response: {
    200: Type.Object({
      data: Type.Object({
        contributors: Type.Array(
          Type.Object({
            sectionName: Type.String(),
            memberGroups: Type.Array(Type.Object({ members: Type.Array(Member) })),
          }),
        ),
      }),
    }),
  },
});

/** What anyone who reads the wiki may know of an active user: the e-mail only when disclosed. */
export const userProfile = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/users/profile/{username}',
  params: Type.Object({ username: Type.String({ minLength: 1, maxLength: 128 }) }),
  response: {
    200: Type.Object({
      user: Type.Object({
        _id: Type.String(),
        username: Type.String(),
        name: Type.String(),
        email: Nullable(Type.String()),
        createdAt: Type.String(),
      }),
    }),
  },
});
