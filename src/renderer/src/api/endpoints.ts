// Typed calls of the v3 API used by the web app.
import type {
  AppConfig,
  CurrentUser,
  CurrentUserResponse,
  InstallerRequest,
  LoginRequest,
  PageResponse,
  PersonalSettingUpdate,
  RecentPagesResponse,
} from '../../../shared/api-types';
import { api, ApiError, resetCsrfToken } from './client';

export const getAppConfig = () => api.get<AppConfig>('/_api/v3/app-config');

/** The signed-in user, or null for a guest. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return (await api.get<CurrentUserResponse>('/_api/v3/personal-setting')).currentUser;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

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

export async function updatePersonalSetting(body: PersonalSettingUpdate): Promise<CurrentUser> {
  return (await api.put<CurrentUserResponse>('/_api/v3/personal-setting', body)).currentUser;
}

export type PageTarget = { path: string } | { pageId: string };

export async function getPage(target: PageTarget) {
  const query = 'path' in target ? `path=${encodeURIComponent(target.path)}` : `pageId=${target.pageId}`;
  return (await api.get<PageResponse>(`/_api/v3/page?${query}`)).page;
}

export const createPage = async (path: string, body: string) =>
  (await api.post<PageResponse>('/_api/v3/page', { path, body })).page;

export const updatePage = async (pageId: string, revisionId: string, body: string) =>
  (await api.put<PageResponse>('/_api/v3/page', { pageId, revisionId, body })).page;

export const getRecentPages = (limit = 20, offset = 0) =>
  api.get<RecentPagesResponse>(`/_api/v3/pages/recent?limit=${limit}&offset=${offset}`);
