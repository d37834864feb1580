// In-app notifications in the browser (issue 14): a reader subscribes to a page, someone comments,
// the reader's bell counts it without a reload, and opening it leads to the page.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { InviteResponse } from '../../src/shared/account-types';
import { ADMIN, createPage, signIn, uniquePath, urlOf } from './helpers';

const run = Date.now().toString(36);

async function csrf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/_api/v3/csrf-token')).json()) as { token: string }).token;
}

async function send(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { headers: { 'x-csrf-token': await csrf(request) }, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return res.json() as Promise<unknown>;
}

/** Set-up (not under test): a second user, invited by the admin, profile completed by API. */
async function member(admin: Page, browser: Browser): Promise<Page> {
  const invite = (await send(admin.request, '/_api/v3/users/invite', {
    shapedEmailList: [`bea-${run}@example.com`],
    sendEmail: false,
  })) as InviteResponse;
  const page = await (await browser.newContext()).newPage();
  await send(page.request, '/_api/v3/login', {
    username: `bea-${run}@example.com`,
    password: invite.createdUserList[0]!.password,
  });
  await send(page.request, '/_api/v3/invited', {
    invitedForm: { username: `bea${run}`, name: 'Bea', password: 'member password' },
  });
  return page;
}

test('a subscriber’s bell counts a new comment live and leads to the page', async ({ page, browser }) => {
  // Two signed-in browsers plus an invitation: slow on a loaded machine.
  test.slow();
  await signIn(page);
  const path = uniquePath('notify');
  const wikiPage = await createPage(page, path, 'Plans');
  const bea = await member(page, browser);

  await bea.goto(urlOf(path));
  await bea.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(bea.getByRole('button', { name: 'Subscribed' })).toHaveAttribute('aria-pressed', 'true');
  await expect(bea.getByTestId('bell-count')).toHaveCount(0);
  // Bea goes elsewhere; the admin comments on the page.
  await bea.goto('/');
  await send(page.request, '/_api/comments.add', {
    commentForm: { page_id: wikiPage._id, revision_id: wikiPage.revision._id, comment: 'Shall we ship?' },
  });

  // No reload: the count arrives over the websocket.
  await expect(bea.getByTestId('bell-count')).toHaveText('1');
  await bea.getByRole('button', { name: /^Notifications/ }).click();
  const item = bea.getByTestId('notification-item').first();
  // By the name people chose, and the date as the rest of the app writes it (issue 30).
  await expect(item).toContainText(`${ADMIN.name} commented on ${path}`);
  const year = String(new Date().getFullYear());
  await expect(item.locator('time')).toHaveText(
    new RegExp(`^[A-Z][a-z]{2} \\d{1,2}, ${year}, \\d{1,2}:\\d{2}\\s?[AP]M$`),
  );
  if (process.env.QUIRE_E2E_SCREENSHOTS)
    await bea.screenshot({ path: `${process.env.QUIRE_E2E_SCREENSHOTS}/bell.png` });
  await item.click();
  await expect(bea).toHaveURL(new RegExp(`${urlOf(path)}$`));
  await expect(bea.getByTestId('bell-count')).toHaveCount(0);

  // The full list shows it, opened.
  await bea.goto('/me/all-in-app-notifications');
  await expect(bea.getByTestId('notification-item')).toHaveCount(1);
  await bea.getByRole('tab', { name: 'Unopened' }).click();
  await expect(bea.getByText('No notifications.')).toBeVisible();
});

test('the admin saves SMTP settings at /admin/app; the password is never shown again', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/app');
  const section = page.getByTestId('mail-settings');
  await section.getByLabel('From address').fill('wiki@example.com');
  await section.getByLabel('SMTP host').fill('127.0.0.1');
  await section.getByLabel('SMTP port').fill('2525');
  await section.getByLabel('SMTP user').fill('wiki');
  await section.getByLabel('SMTP password').fill('e2e-secret-password');
  await section.getByRole('button', { name: 'Update' }).click();
  await expect(section.getByText('A value is stored; leave this empty to keep it.')).toBeVisible();
  await page.reload();
  await expect(section.getByLabel('SMTP host')).toHaveValue('127.0.0.1');
  await expect(section.getByLabel('SMTP password')).toHaveValue('');
  expect(await page.content()).not.toContain('e2e-secret-password');
  if (process.env.QUIRE_E2E_SCREENSHOTS) {
    await page.screenshot({
      path: `${process.env.QUIRE_E2E_SCREENSHOTS}/admin-app-mail.png`,
      fullPage: true,
    });
  }
});
