// The audit log screen (issue 15): an admin finds a failed sign-in by filtering on the action and
// the user, and sees the settings.
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('an admin finds a failed sign-in in the audit log', async ({ page, browser }) => {
  const stranger = await (await browser.newContext()).newPage();
  const name = `nobody-${Date.now().toString(36)}`;
  const csrf = ((await (await stranger.request.get('/_api/v3/csrf-token')).json()) as { token: string })
    .token;
  const refused = await stranger.request.post('/_api/v3/login', {
    headers: { 'x-csrf-token': csrf },
    data: { username: name, password: 'not the password' },
  });
  expect(refused.status()).toBe(401);

  await signIn(page);
  await page.goto('/admin/audit-log');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const filters = page.getByTestId('audit-filters');
  await filters.getByLabel('Action').selectOption({ label: 'Sign-in failed' });
  await filters.getByRole('button', { name: 'Search' }).click();
  const table = page.getByTestId('audit-table');
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Sign-in failed');
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('127.0.0.1');
  await expect(table).not.toContainText('not the password');
  await expect(page.getByTestId('audit-settings').getByLabel('Keep entries for (days)')).toHaveValue('90');
  if (process.env.QUIRE_E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.QUIRE_E2E_SCREENSHOTS}/audit-log.png`, fullPage: true });
});
