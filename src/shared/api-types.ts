// Payload shapes of the HTTP API, shared by the server (presenters) and the renderer (api client).
import type { Static } from '@sinclair/typebox';
import type { AnswerOf, BodyOf } from './contracts/define';
import type { AppConfigSchema } from './contracts/app-config';
import type {
  CurrentUserSchema,
  PageSchema,
  PageSummarySchema,
  RevisionSchema,
  UserSummarySchema,
} from './contracts/entities';
import type { SlackFieldsSchema, pageCreate, pageRead, pageUpdate, pagesRecent } from './contracts/pages';

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

/** `GET /_api/v3/app-config`: the configuration, and who is asking (null for a guest). */
export type AppConfigResponse = Static<typeof AppConfigSchema>;
export type AppConfig = Omit<AppConfigResponse, 'currentUser'>;

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
