// Personal settings switch the interface language at once; colour mode follows the dropdown.
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('changing the language on /me switches the UI', async ({ page }) => {
  await signIn(page);
  await page.goto('/me');
  await expect(page.getByRole('heading', { name: 'Personal settings' })).toBeVisible();
  await page.getByLabel('Language').selectOption('ja_JP');
  await page.getByRole('button', { name: 'Update' }).click();

  await expect(page.getByRole('heading', { name: '個人設定' })).toBeVisible();
  await expect(page.getByTestId('toast-success')).toContainText('プロフィールを更新しました');
  await expect(page.getByRole('button', { name: '作成', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');

  // Stored on the server: still Japanese after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: '個人設定' })).toBeVisible();

  await page.getByLabel('言語').selectOption('en_US');
  await page.getByRole('button', { name: '更新' }).click();
  await expect(page.getByRole('heading', { name: 'Personal settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});

test('colour mode: follow the OS, or choose dark', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page);
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\blight\b/);

  await page.getByRole('button', { name: 'Personal menu' }).click();
  const followOs = page.getByLabel('Use OS setting');
  const dark = page.getByRole('switch', { name: 'Dark mode' });
  await expect(followOs).toBeChecked();
  await expect(dark).toBeDisabled();

  // While following, the OS decides.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveClass(/\blight\b/);

  await followOs.uncheck();
  await dark.check();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).not.toHaveClass(/\blight\b/);
  expect(await page.evaluate(() => localStorage.getItem('preferDarkModeByUser'))).toBe('true');
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
});
