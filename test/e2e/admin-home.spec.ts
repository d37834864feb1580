// The admin home: every admin screen with its purpose, and the system information (SPEC §2).
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('the admin home shows versions, data folder, counts and the search index', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin');
  const info = page.getByRole('region', { name: 'System information' });
  await expect(info.getByText('Quire version')).toBeVisible();
  await expect(info.getByText(/^\d+\.\d+\.\d+$/).first()).toBeVisible();
  await expect(info.getByText('Data folder')).toBeVisible();
  await expect(info.getByText('SQLite version')).toBeVisible();
  await expect(info.getByText(/\d+ documents?$/)).toBeVisible();
  await expect(info.getByRole('heading', { name: 'Environment variables' })).toBeVisible();
  // The e2e server is started with QUIRE_* variables (global setup).
  await expect(info.getByRole('rowheader', { name: 'QUIRE_SEARCH_WORKER_MIN_PAGES' })).toBeVisible();
});
