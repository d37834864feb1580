// Payload shapes of the HTTP API, shared by the server (presenters) and the renderer (api client).
import type { DiskSpace } from './disk-types';
import type { Static } from '@sinclair/typebox';
import type { RegistrationMode } from './account-types';
import type { AnswerOf, BodyOf } from './contracts/define';
import type {
  CurrentUserSchema,
  PageSchema,
  PageSummarySchema,
  RevisionSchema,
  UserSummarySchema,
} from './contracts/entities';
import type { SlackFieldsSchema, pageCreate, pageRead, pageUpdate, pagesRecent } from './contracts/pages';
import type { ExternalAuthButton } from './sign-in-types';
import type { PresentationSettings } from './presentation';
import type { CustomizeConfig } from './customize-types';

export const LANGUAGES = ['en_US', 'ja_JP', 'zh_CN'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** Page grants (SPEC §3 disclosure scopes), numbered as in GROWI. */
export const GRANT = {
  public: 1,
  restricted: 2, // anyone with the link
  specified: 3,
  owner: 4, // only me
  userGroup: 5,
} as const;
export type Grant = (typeof GRANT)[keyof typeof GRANT];

export type RestrictGuestMode = 'Deny' | 'Readonly';

// The page and the user as others see them are declared once, as the contracts' schemas.
export type UserSummary = Static<typeof UserSummarySchema>;

export type CurrentUser = Static<typeof CurrentUserSchema>;

export type Revision = Static<typeof RevisionSchema>;
export type Page = Static<typeof PageSchema>;
/** What a page read carries besides the page (issue 7); lists leave these out. */
export type PageSocialFields = Pick<Page, 'liker' | 'seenUsers' | 'commentCount' | 'tags'>;
/** A page in lists: everything but the body, the granted groups' names and the social facts. */
export type PageSummary = Static<typeof PageSummarySchema>;

export interface AppConfig {
  title: string;
  confidential: string;
  isInstalled: boolean;
  restrictGuestMode: RestrictGuestMode;
  /** Whether the login screen offers registration (not when Closed) and what it leads to. */
  registrationMode: RegistrationMode;
  isSearchServiceConfigured: boolean;
  isSearchServiceReachable: boolean;
  /** SPEC §3: comments render single line breaks as <br> (admin setting, default on). */
  isEnabledLinebreaksInComments: boolean;
  /** Read-only users may comment (admin setting). */
  isRomUserAllowedToComment: boolean;
  /** Issue 7: the admin turned link sharing off (the Share dialog says so). */
  disableLinkSharing: boolean;
  /** Issue 13: redirect sign-ins offered on the login page (each `/passport/<id>`). */
  externalAuth?: ExternalAuthButton[];
  /** Issue 13: LDAP sign-in is on but its settings cannot work (GROWI's isLdapSetupFailed). */
  isLdapSetupFailed?: boolean;
  /** Issue 30: LDAP sign-in is on and set up, so `/me` offers to link a directory account. */
  isLdapSetUp?: boolean;
  /** Issue 14: "forgot password" links by e-mail are on offer (GROWI's isPasswordResetEnabled). */
  isPasswordResetEnabled?: boolean;
  /** Issue 15: the wiki's default language (when neither account nor browser names one). */
  globalLang?: Lang;
  /** Issue 15: the admin's customizations every browser applies (/admin/customize). */
  customize?: CustomizeConfig;
  /** Issue 15: single line breaks in pages, and the editor's indent (the admin's Markdown settings). */
  markdown?: { isEnabledLinebreaks: boolean; adminPreferredIndentSize: 2 | 4; isIndentSizeForced: boolean };
  /** Issue 15: the PlantUML and blockdiag servers (SPEC §3); '' leaves those blocks as code. */
  diagramServers?: { plantumlUri: string; blockdiagUri: string };
  /** Issue 15: where presentation mode cuts a page into slides. */
  presentation?: PresentationSettings;
  /** Issue 14: Slack is set up, so the editor offers to post a save to channels (signed in only). */
  isSlackConfigured?: boolean;
  /**
   * Issue 16: the origin for links people hand to others (share links, copied page URLs): the
   * site URL, or — asked from this machine while shared — the address colleagues use; '' means
   * the browser's own origin will do.
   */
  publicOrigin?: string;
  /** Issue 30: a `/Sidebar` page exists, so the sidebar asks for it (no 404 on every page load). */
  sidebarPage?: boolean;
  /** Issue 26, administrators only: the data folder's disk, for the low-space banner. */
  disk?: DiskSpace;
}

/** `GET /_api/v3/app-config`: the configuration, and who is asking (null for a guest). */
export interface AppConfigResponse extends AppConfig {
  currentUser: CurrentUser | null;
}

/** v3 error body: `{ errors: [{ message, code }] }`. */
export interface ApiErrorItem {
  message: string;
  code: string;
  /** Extra facts for the client, e.g. the latest revision on a save conflict. */
  args?: Record<string, unknown>;
}
export interface ApiErrorBody {
  errors: ApiErrorItem[];
}

export interface InstallerFields {
  username: string;
  name: string;
  email: string;
  password: string;
  lang: Lang;
}
/** GROWI's form (what the web app sends), or the same fields flat (scripts, older Quire clients). */
export type InstallerRequest =
  | { registerForm: Omit<InstallerFields, 'lang'> & { lang?: Lang; app?: { globalLang?: Lang } } }
  | (InstallerFields & { registerForm?: undefined });
export interface LoginRequest {
  username: string;
  password: string;
}
export interface PersonalSettingUpdate {
  name: string;
  email: string;
  lang: Lang;
}

/** GROWI's user-trigger fields of a save: tell these Slack channels (comma-separated) about it. */
export type SlackNotifyFields = Static<typeof SlackFieldsSchema>;
export type PageCreateRequest = BodyOf<typeof pageCreate>;
/** Grant fields omitted: the page keeps its grant. */
export type PageUpdateRequest = BodyOf<typeof pageUpdate>;
export type PageResponse = AnswerOf<typeof pageRead>;
export type RecentPagesResponse = AnswerOf<typeof pagesRecent>;
export interface CurrentUserResponse {
  currentUser: CurrentUser;
}

/** GROWI's mongoose-paginate-v2 result, the shape of its paged lists. */
export interface PaginateResult<T> {
  docs: T[];
  totalDocs: number;
  offset: number;
  limit: number;
  totalPages: number;
  page: number;
  pagingCounter: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
  prevPage: number | null;
  nextPage: number | null;
}
