// Plugins in Chromium: a template plugin installed from a zip and used from the New Page dialog,
// a theme plugin switching the look, and the plugin list on the admin screens.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { folderEntries, zipOf } from '../helpers/zip';
import { signIn, uniquePath, urlOf } from './helpers';

const EXAMPLES = path.resolve('examples/plugins');

async function installFromZip(page: Page, name: string): Promise<void> {
  const bytes = await zipOf(folderEntries(path.join(EXAMPLES, name)));
  await page.goto('/admin/plugins');
  await page
    .getByLabel('From a .zip file')
    .setInputFiles({ name: `${name}.zip`, mimeType: 'application/zip', buffer: bytes });
  await page.getByRole('button', { name: 'Install from .zip' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
}

test('a template plugin from a zip is offered in the New Page dialog', async ({ page }) => {
  await signIn(page);
  await installFromZip(page, 'meeting-notes-template');
  const row = page.getByRole('row', { name: /meeting-notes-template/ });
  await expect(row).toContainText('1.0.0');
  await expect(row).toContainText('Templates');
  await expect(row).toContainText('zip:meeting-notes-template.zip');
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'Installed plugins' })).toContainText(
    'meeting-notes-template 1.0.0',
  );

  const target = uniquePath('from-template');
  await page.goto('/');
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  const picker = dialog.getByLabel('Template', { exact: true });
  await picker.selectOption({ label: 'Meeting notes' });
  const section = dialog.locator('form', { has: page.locator('#plugin-template') });
  await section.getByLabel('Path').fill(target);
  await section.getByRole('button', { name: 'Open the editor with this template' }).click();
  await expect(page).toHaveURL(new RegExp(`${urlOf(target)}#edit$`));
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Meeting notes' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Preview' }).locator('.callout-important')).toBeVisible();
});

test('a theme plugin switches the look, and back', async ({ page }) => {
  await signIn(page);
  await installFromZip(page, 'sepia-theme');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const before = await background();
  await page
    .getByRole('row', { name: /sepia-theme/ })
    .getByRole('button', { name: 'Use Sepia' })
    .click();
  await expect.poll(background).toBe('rgb(244, 236, 216)');
  await page.goto(urlOf('/'));
  await expect.poll(background).toBe('rgb(244, 236, 216)');
  await expect
    .poll(() =>
      page.evaluate(
        () => getComputedStyle(document.querySelector('.markdown-body') ?? document.body).fontFamily,
      ),
    )
    .toContain('Georgia');
  await page.goto('/admin/plugins');
  await page
    .getByRole('row', { name: /sepia-theme/ })
    .getByRole('button', { name: 'Stop using Sepia' })
    .click();
  await expect.poll(background).toBe(before);
});
