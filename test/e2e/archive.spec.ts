// Export from the admin screen, download, import into a fresh server through its importer screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, createPage, signIn, uniquePath, urlOf } from './helpers';
import { startBuiltServer } from './global-setup';

/** Exports these collections from the admin screen and saves the download in a folder of its own. */
async function exportToFile(page: Page, collections: string[], name: string): Promise<string> {
  await page.goto('/admin/export');
  await page.getByRole('button', { name: 'Create new archive data' }).click();
  for (const collection of collections)
    await page.getByRole('checkbox', { name: collection, exact: true }).check();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const row = page.locator('tr[data-archive]').first();
  await expect(row).toContainText(collections[0] ?? '');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: 'Download' }).click(),
  ]);
  const zipFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-zip-')), name);
  await download.saveAs(zipFile);
  return zipFile;
}

test('an archive exported on one server imports into a fresh one through the screens', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const pathName = uniquePath('archived');
  await createPage(page, pathName, 'carried by an archive');

  await page.goto('/admin/export');
  await page.getByRole('button', { name: 'Create new archive data' }).click();
  await page.getByRole('checkbox', { name: 'Page', exact: true }).check();
  await page.getByRole('checkbox', { name: 'users', exact: true }).check();
  await expect(page.getByText('User data is selected.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'users', exact: true }).uncheck();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByTestId('progress-pages')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Zip files' })).toHaveAttribute('value', '100');
  const row = page.locator('tr[data-archive]').first();
  await expect(row).toContainText('pages, revisions');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: 'Download' }).click(),
  ]);
  const zipFile = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-zip-')),
    download.suggestedFilename(),
  );
  await download.saveAs(zipFile);
  expect(download.suggestedFilename()).toMatch(/\.growi\.zip$/);

  const fresh = await startBuiltServer();
  const context = await browser.newContext({ baseURL: fresh.url });
  try {
    const other = await context.newPage();
    const token = ((await (await other.request.get('/_api/v3/csrf-token')).json()) as { token: string })
      .token;
    const installed = await other.request.post('/_api/v3/installer', {
      headers: { 'x-csrf-token': token },
      data: { ...ADMIN, lang: 'en_US' },
    });
    expect(installed.status()).toBe(201);
    await other.goto('/admin/importer');
    await other.getByLabel('Upload an archive (.zip)').setInputFiles(zipFile);
    await expect(other.getByRole('heading', { name: download.suggestedFilename() })).toBeVisible();
    await other.getByRole('checkbox', { name: 'pages', exact: true }).check();
    await other.getByRole('checkbox', { name: 'revisions', exact: true }).check();
    await expect(other.getByLabel('Mode pages')).toHaveValue('upsert');
    await other.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(other.getByText('The import is complete.')).toBeVisible({ timeout: 20_000 });
    await expect(other.getByTestId('progress-pages')).toBeVisible();
    await expect(other.getByRole('progressbar', { name: 'pages' })).toHaveAttribute('value', '100');
    await other.goto(urlOf(pathName));
    await expect(other.getByText('carried by an archive')).toBeVisible();
  } finally {
    await context.close();
    await fresh.close();
    fs.rmSync(path.dirname(zipFile), { recursive: true, force: true });
  }
});

test('importing users shows what they would do and waits for a yes (issue 27)', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const zipFile = await exportToFile(page, ['users'], 'people.growi.zip');

  const fresh = await startBuiltServer();
  const context = await browser.newContext({ baseURL: fresh.url });
  try {
    const other = await context.newPage();
    const token = ((await (await other.request.get('/_api/v3/csrf-token')).json()) as { token: string })
      .token;
    await other.request.post('/_api/v3/installer', {
      headers: { 'x-csrf-token': token },
      data: { ...ADMIN, lang: 'en_US' },
    });
    await other.goto('/admin/importer');
    await other.getByLabel('Upload an archive (.zip)').setInputFiles(zipFile);
    await other.getByRole('checkbox', { name: 'users', exact: true }).check();
    await other.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = other.getByRole('dialog', { name: 'Import users?' });
    await expect(dialog).toBeVisible();
    // The archive's admin has the name of this server's admin: linked, not changed.
    await expect(dialog).toContainText(/\d+ accounts? will be created\./);
    await expect(dialog).toContainText('linked to it, unchanged');
    await expect(dialog).toContainText('Your own account is never changed by an import.');
    await other.screenshot({ path: path.join(os.tmpdir(), 'quire-import-people.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(other.getByText('The import is complete.')).toBeHidden();
    await other.getByRole('button', { name: 'Import', exact: true }).click();
    await other
      .getByRole('dialog', { name: 'Import users?' })
      .getByRole('button', { name: 'Import with these users' })
      .click();
    await expect(other.getByText('The import is complete.')).toBeVisible({ timeout: 20_000 });
    await expect(other.getByTestId('import-report')).toContainText('users');
  } finally {
    await context.close();
    await fresh.close();
    fs.rmSync(path.dirname(zipFile), { recursive: true, force: true });
  }
});

test('the importer checks every collection at once, and asks before replacing the settings', async ({
  page,
}) => {
  await signIn(page);
  const zipFile = await exportToFile(page, ['configs', 'tags'], 'settings.growi.zip');
  try {
    await page.goto('/admin/importer');
    await page.getByLabel('Upload an archive (.zip)').setInputFiles(zipFile);
    await page.getByRole('button', { name: 'Check all', exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'configs', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'tags', exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Uncheck all' }).click();
    await expect(page.getByRole('checkbox', { name: 'tags', exact: true })).not.toBeChecked();
    await page.getByRole('checkbox', { name: 'configs', exact: true }).check();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace the settings?' });
    await expect(dialog).toContainText("The wiki's settings will be replaced by the archive's");
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('The import is complete.')).toBeHidden();
    await page.getByRole('button', { name: 'Discard uploaded data' }).click();
  } finally {
    fs.rmSync(path.dirname(zipFile), { recursive: true, force: true });
  }
});
