// Plugins in Chromium: a template plugin installed from a zip and used from the New Page dialog,
// a theme plugin switching the look, the plugin list on the admin screens, and a renderer extension
// (script) that needs consent, changes pages, and cannot break them when it throws.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { folderEntries, zipOf } from '../helpers/zip';
import { createPage, signIn, uniquePath, urlOf } from './helpers';

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

test('a renderer extension needs consent, then changes how pages look; a throwing one leaves pages readable', async ({
  page,
}) => {
  await signIn(page);
  const emoji = await zipOf(folderEntries(path.join(EXAMPLES, 'emoji-shortcodes')));
  await page.goto('/admin/plugins');
  const zipInput = page.getByLabel('From a .zip file');
  await zipInput.setInputFiles({ name: 'emoji.zip', mimeType: 'application/zip', buffer: emoji });
  await page.getByRole('button', { name: 'Install from .zip' }).click();
  await expect(page.getByText('This plugin runs its own JavaScript')).toBeVisible();
  await expect(page.getByRole('row', { name: /emoji-shortcodes/ })).toHaveCount(0);

  await page.getByLabel('Allow plugins that run scripts (renderer extensions)').check();
  await expect(page.getByRole('note')).toContainText('runs in the browser of everyone');
  await page.getByRole('button', { name: 'Install from .zip' }).click();
  const row = page.getByRole('row', { name: /emoji-shortcodes/ });
  await expect(row).toContainText('Renderer extension');
  await expect(row).toContainText('runs script');

  // A second extension that throws on every page.
  const broken = await zipOf([
    {
      name: 'quire-plugin.json',
      data: JSON.stringify({ name: 'always-throws', version: '1.0.0', kind: 'renderer', script: 'index.js' }),
    },
    {
      name: 'index.js',
      data: "export default { remarkPlugins: [() => () => { throw new Error('broken plugin'); }] };",
    },
  ]);
  await zipInput.setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: broken });
  await page.getByRole('button', { name: 'Install from .zip' }).click();
  await expect(page.getByRole('row', { name: /always-throws/ })).toBeVisible();

  const target = uniquePath('emoji');
  await createPage(page, target, '# Release\n\nShipped :shipit: and `:shipit:` stays code.');
  await page.goto(urlOf(target));
  const body = page.locator('article .markdown-body');
  await expect(body).toContainText('Shipped 🐿️ and');
  await expect(body.locator('code')).toHaveText(':shipit:');
  await expect(body.getByRole('heading', { name: 'Release' })).toBeVisible();

  // Disabled, the page is Quire's own again after a reload.
  await page.goto('/admin/plugins');
  for (const name of [/emoji-shortcodes/, /always-throws/])
    await page.getByRole('row', { name }).getByRole('button', { name: 'Disable' }).click();
  await page.goto(urlOf(target));
  await expect(page.locator('article .markdown-body')).toContainText('Shipped :shipit: and');
});

test('the plugin loading switch is in the app settings too, the same setting', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/app');
  const section = page.getByRole('region', { name: 'Plugins' });
  const appSwitch = section.getByLabel('Load plugins (plugin loading)');
  await expect(appSwitch).toBeChecked();
  // The switch shows the change at once; the next screen reads what the server saved.
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/_api/v3/plugins/settings') && response.request().method() === 'PUT',
  );
  await appSwitch.uncheck();
  await expect(appSwitch).not.toBeChecked();
  expect((await saved).status()).toBe(200);
  await page.goto('/admin/plugins');
  const pluginsSwitch = page.getByLabel('Load plugins (plugin loading)');
  await expect(pluginsSwitch).not.toBeChecked();
  await pluginsSwitch.click();
  await expect(pluginsSwitch).toBeChecked();
});
