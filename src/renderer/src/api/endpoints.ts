// Typed calls of the v3 API used by the web app.
import type {
  SlackNotifyFields,
  AppConfigResponse,
  CurrentUser,
  CurrentUserResponse,
  InstallerRequest,
  LoginRequest,
  PageResponse,
  RecentPagesResponse,
} from '../../../shared/api-types';
import type { GrantFields } from '../../../shared/account-types';
import { api, resetCsrfToken } from './client';

/** The app's configuration and the signed-in user (null for a guest), in one call at start. */
export const getAppConfig = () => api.get<AppConfigResponse>('/_api/v3/app-config');

export async function install(body: InstallerRequest): Promise<CurrentUser> {
  const { currentUser } = await api.post<CurrentUserResponse>('/_api/v3/installer', body);
  resetCsrfToken();
  return currentUser;
}

export async function login(body: LoginRequest): Promise<CurrentUser> {
  const { currentUser } = await api.post<CurrentUserResponse>('/_api/v3/login', body);
  resetCsrfToken();
  return currentUser;
}

export type PageTarget = { path: string } | { pageId: string };

export async function getPage(target: PageTarget) {
  const query = 'path' in target ? `path=${encodeURIComponent(target.path)}` : `pageId=${target.pageId}`;
  return (await api.get<PageResponse>(`/_api/v3/page?${query}`)).page;
}

/**
 * `fields`: the scope of disclosure chosen in the editor (omitted: the server's default), and the
 * Slack channels the author chose to tell.
 */
export const createPage = async (path: string, body: string, fields: GrantFields & SlackNotifyFields = {}) =>
  (await api.post<PageResponse>('/_api/v3/page', { path, body, ...fields })).page;

export const updatePage = async (
  pageId: string,
  revisionId: string,
  body: string,
  fields: GrantFields & SlackNotifyFields = {},
) => (await api.put<PageResponse>('/_api/v3/page', { pageId, revisionId, body, ...fields })).page;

/** GROWI's `pages.updatePost`: the Slack channels of the user-trigger patterns matching a path. */
export const slackChannelsFor = async (path: string) =>
  (await api.get<{ updatePost: string[] }>(`/_api/pages.updatePost?path=${encodeURIComponent(path)}`))
    .updatePost;

export const getRecentPages = (limit = 20, offset = 0) =>
  api.get<RecentPagesResponse>(`/_api/v3/pages/recent?limit=${limit}&offset=${offset}`);
