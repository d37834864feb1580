// Issue 26 in the browser: a save refused because the server's disk is full is said above the
// editor, in the server's words, and the text stays; the next save, once there is room, works.
// Administrators see the low-disk banner on every screen. The full disk itself is made by
// test/server/disk-full.test.ts on a real small file system; here the answers are the server's.
import { expect, test } from '@playwright/test';
import { createPage, expectEditorText, markdownEditor, signIn, uniquePath, urlOf } from './helpers';

const DISK_FULL = {
  errors: [
    {
      code: 'disk_full',
      message:
        'The disk of the computer running Quire is full, so this could not be saved. What you typed is still here: keep this page open. Whoever runs Quire needs to free space on that computer, then try again.',
    },
  ],
};

test('a save refused for a full disk keeps the text and says what to do', async ({ page }) => {
  const path = uniquePath('Disk full');
  await signIn(page);
  await createPage(page, path, 'first words');
  await page.goto(`${urlOf(path)}#edit`);
  await expectEditorText(page, 'first words');
  await markdownEditor(page).fill('words typed while the disk was full');
  await page.route('**/_api/v3/page', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 507, contentType: 'application/json', body: JSON.stringify(DISK_FULL) })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'free space on that computer' }).first(),
  ).toBeVisible();
  await expectEditorText(page, 'words typed while the disk was full');
  await page.unroute('**/_api/v3/page');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(urlOf(path));
  await expect(page.locator('article .markdown-body')).toContainText('words typed while the disk was full');
});

test('administrators see when the disk is low, on every screen', async ({ page }) => {
  await signIn(page);
  await page.route('**/_api/v3/app-config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    const disk = {
      condition: 'low',
      freeBytes: 300 * 1024 * 1024,
      totalBytes: 64 * 1024 ** 3,
      warnBytes: 0,
      floorBytes: 0,
    };
    await route.fulfill({ response, json: { ...config, disk } });
  });
  await page.goto('/');
  const banner = page.getByRole('alert').filter({ hasText: 'nearly full' });
  await expect(banner).toContainText('300');
  await banner.getByRole('link', { name: 'Details' }).click();
  await expect(page.getByTestId('disk-space')).toContainText('Data folder size');
  await page.getByTestId('disk-space').screenshot({ path: 'test-results/disk-card.png' });
});
