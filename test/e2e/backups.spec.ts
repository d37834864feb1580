// /admin/backups in Chromium: back up now, download, and restore with a confirmation — the server
// restarts on the backup's data and the screen comes back by itself. A server of its own: a restore
// takes the whole wiki back in time, which the other specs sharing the e2e server must not see.
import { expect, test } from '@playwright/test';
import { startBuiltServer } from './global-setup';
import { ADMIN, createPage, signIn, uniquePath, urlOf } from './helpers';

test('back up now, download, and restore from the admin screen', async ({ browser }) => {
  test.setTimeout(90_000);
  const server = await startBuiltServer();
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  test.info().attach('server', { body: server.url });
  const token = (await (await page.request.get('/_api/v3/csrf-token')).json()).token as string;
  await page.request.post('/_api/v3/installer', {
    headers: { 'x-csrf-token': token },
    data: { ...ADMIN, lang: 'en_US' },
  });
  const kept = uniquePath('Backup-kept');
  const undone = uniquePath('Backup-undone');
  await signIn(page);
  await createPage(page, kept, 'written before the backup');

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Backups' }).first().click();
  await expect(page.getByRole('heading', { name: 'Backups' })).toBeVisible();
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText(/Backup quire-\d{8}-\d{9}-manual\.zip created\./)).toBeVisible({
    timeout: 20_000,
  });
  const row = page.locator('tr[data-backup$="-manual.zip"]').first();
  await expect(row).toContainText('Manual');
  const name = await row.getAttribute('data-backup');
  expect(name).toBeTruthy();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(name);

  await createPage(page, undone, 'written after the backup');
  await page.goto('/admin/backups');
  await page.locator(`tr[data-backup="${name}"]`).getByRole('button', { name: 'Restore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore from backup' });
  await expect(dialog).toContainText('Replace all pages');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByRole('status')).toContainText('the server restarts');
  // The screen reloads once the restarted server answers: the dialog is gone.
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Backups' })).toBeVisible();

  await page.goto(urlOf(kept));
  await expect(page.getByText('written before the backup')).toBeVisible();
  const gone = await page.request.get(`/_api/v3/page?path=${encodeURIComponent(undone)}`);
  expect(gone.status()).toBe(404);
  await context.close();
  await server.close();
});
