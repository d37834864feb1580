// Signing out through the personal dropdown and back in, back to where the user was.
import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './helpers';

test('sign out and sign in again', async ({ page }) => {
  await signIn(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Personal menu' }).click();
  await expect(page.getByText(`@${ADMIN.username}`)).toBeVisible();
  await expect(page.getByText(ADMIN.email)).toBeVisible();
  await page.getByRole('link', { name: 'Sign out' }).click();

  // A guest: a Login link, no New button.
  const login = page.getByRole('banner').getByRole('link', { name: 'Login' });
  await expect(login).toBeVisible();
  await expect(page.getByRole('button', { name: 'New' })).toHaveCount(0);

  await page.goto('/team/handbook');
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('User ID or e-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Sign in failure.');

  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/team\/handbook$/);
  await expect(page.getByRole('button', { name: 'New' })).toBeVisible();
});

test('personal settings are for signed-in users only', async ({ page }) => {
  await page.goto('/me');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
