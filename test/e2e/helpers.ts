// Shared facts and shortcuts of the e2e tests. UI flows are tested in the browser; set-up steps that
// are not under test (signing in, seeding a page) go straight to the API with the page's cookies.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Page as WikiPage } from '../../src/shared/api-types';

export const ADMIN = {
  username: 'admin',
  name: 'Ada Admin',
  email: 'ada@example.com',
  password: 'correct horse',
};

export async function csrf(request: APIRequestContext): Promise<string> {
  const res = await request.get('/_api/v3/csrf-token');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** Signs the browser context of `page` in as the admin. */
export async function signIn(page: Page): Promise<void> {
  const res = await page.request.post('/_api/v3/login', {
    headers: { 'x-csrf-token': await csrf(page.request) },
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(res.status()).toBe(200);
}

/** Creates a page through the API (the context must be signed in). */
export async function createPage(page: Page, path: string, body: string): Promise<WikiPage> {
  const res = await page.request.post('/_api/v3/page', {
    headers: { 'x-csrf-token': await csrf(page.request) },
    data: { path, body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { page: WikiPage }).page;
}

/** Saves a new revision of a page through the API (the context must be signed in). */
export async function updatePage(page: Page, current: WikiPage, body: string): Promise<WikiPage> {
  const res = await page.request.put('/_api/v3/page', {
    headers: { 'x-csrf-token': await csrf(page.request) },
    data: { pageId: current._id, revisionId: current.revision._id, body },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { page: WikiPage }).page;
}

/** A path unique to this run, so specs can be re-run against one server. */
export function uniquePath(name: string): string {
  return `/e2e/${name}-${Date.now().toString(36)}`;
}

export const urlOf = (path: string): string =>
  path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');

/** The Markdown editor (CodeMirror's content element, a textbox named "Markdown"). */
export const markdownEditor = (page: Page) => page.getByRole('textbox', { name: 'Markdown' });

/**
 * The editor's whole text, read from CodeMirror's state (the DOM shows only the lines on screen,
 * plus widgets such as colleagues' cursor names).
 */
export function editorText(page: Page): Promise<string> {
  return page.locator('.cm-content').evaluate((element) => {
    type Tile = { root?: { view?: { state: { doc: { toString(): string } } } } };
    const tile = (element as Element & { cmTile?: Tile }).cmTile;
    const text = tile?.root?.view?.state.doc.toString();
    if (text === undefined) throw new Error('no CodeMirror view on .cm-content');
    return text;
  });
}

/** Waits until the editor holds exactly `text`. */
export async function expectEditorText(page: Page, text: string): Promise<void> {
  await expect.poll(() => editorText(page)).toBe(text);
}

/** Runs one of the page's actions in its "More" menu (presentation, move / rename, duplicate, delete). */
export async function pageMenu(page: Page, action: string): Promise<void> {
  await page.locator('.page-actions').getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** A sign-in provider's card on /admin/security: its settings unfolded (folded while it is off). */
export async function unfoldProvider(section: Locator): Promise<void> {
  const toggle = section.getByRole('button', { name: /^(Show|Hide) settings$/ });
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/** Every screen of the app a signed-in admin reaches without a page of their own. */
export const APP_SCREENS = [
  '/',
  '/admin',
  '/admin/users',
  '/admin/users/external-accounts',
  '/admin/user-groups',
  '/admin/security',
  '/admin/search',
  '/admin/markdown',
  '/admin/share-links',
  '/admin/app',
  '/admin/customize',
  '/admin/notification',
  '/admin/notification-outbox',
  '/admin/audit-log',
  '/admin/plugins',
  '/admin/backups',
  '/admin/export',
  '/admin/importer',
  '/admin/sharing',
  '/me',
  '/me/all-in-app-notifications',
  '/trash',
  '/tags',
  '/_search?q=welcome',
  '/user/admin',
  '/no/such/page',
];
