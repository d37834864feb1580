// First run in the browser: every page leads to the installer, client-side checks speak SPEC §5's
// messages, and installing signs the administrator in on the top page.
import { expect, test } from '@playwright/test';
import { ADMIN } from './helpers';

test('the installer creates the administrator and signs them in', async ({ page }) => {
  await page.goto('/some/page');
  await expect(page).toHaveURL(/\/installer$/);
  await expect(page.getByRole('heading', { name: 'Set up Quire' })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Create administrator and start' });
  await submit.click();
  await expect(page.getByText('User ID is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('User ID').fill(ADMIN.username);
  await page.getByLabel('Name').fill(ADMIN.name);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill('short');
  await submit.click();
  await expect(page.locator('.field-error')).toHaveText('Password must be at least 6 characters');

  await page.getByLabel('Password').fill(ADMIN.password);
  await expect(page.getByLabel('Language')).toHaveValue('en_US');
  await submit.click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Quire' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
});
