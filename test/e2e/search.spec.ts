// The navbar search box, the results page and the admin search screen in Chromium.
import { expect, test } from '@playwright/test';
import { createPage, signIn, uniquePath, urlOf } from './helpers';

test('navbar search: help table, nothing sent when empty, results, empty state, scope, results page', async ({
  page,
}) => {
  const word = `quokka${Date.now().toString(36)}`;
  const root = uniquePath('Search');
  await signIn(page);
  await createPage(page, `${root}/Alpha`, `The ${word} lives in <b>Western</b> Australia & 1 < 2.`);
  await createPage(page, `${root}/Beta`, `A second ${word} page, 東京都庁の会議室.`);
  await createPage(page, uniquePath('Elsewhere'), `Another ${word}.`);

  let searches = 0;
  page.on('request', (req) => {
    if (req.url().includes('/_api/v3/search')) searches += 1;
  });
  await page.goto(urlOf(`${root}/Alpha`));
  const box = page.getByRole('searchbox', { name: 'Search' });

  // Help table of the syntax.
  await page.getByRole('button', { name: 'Search help' }).click();
  await expect(page.getByRole('table', { name: 'Search syntax' })).toContainText('prefix:/path');
  await page.getByRole('button', { name: 'Search help' }).click();

  // Nothing is sent for an empty (or blank) input.
  await box.fill('   ');
  await box.press('Enter');
  await page.waitForTimeout(400);
  expect(searches).toBe(0);
  await expect(page).toHaveURL(urlOf(`${root}/Alpha`));

  // Results while typing, with the match highlighted and the page's text, never its HTML.
  await box.fill(word);
  const dropdown = page.locator('.search-dropdown');
  await expect(dropdown.getByRole('link', { name: /Alpha/ })).toBeVisible();
  await expect(dropdown.locator('mark').first()).toHaveText(word);
  // Snippets are the text a reader sees (tags dropped), escaped: no element of the page gets in.
  await expect(dropdown).toContainText('lives in Western Australia & 1 < 2.');
  await expect(dropdown.locator('b')).toHaveCount(0);
  await expect(dropdown.getByRole('link', { name: 'Show all 3 results' })).toBeVisible();

  // As you type: half a word finds the whole one, and one hit is one result.
  await box.fill(`${word.slice(0, -3)}`);
  await expect(dropdown.locator('mark').first()).toHaveText(word);
  await box.fill(`${word.slice(0, -2)} austral`);
  await expect(dropdown.getByRole('link', { name: 'Show the 1 result' })).toBeVisible();

  // Empty state: says what was searched (not SPEC §8's "on title": the search reads whole pages).
  await box.fill(`${word} -${word}`);
  await expect(dropdown).toContainText('No page matches every word.');

  // "This tree" limits to the current page's subtree.
  await page.goto(urlOf(root));
  await page.getByRole('combobox', { name: 'Search scope' }).selectOption({ label: 'This tree' });
  await box.fill(word);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/_search\?q=/);
  const results = page.getByRole('main');
  await expect(results.getByText('2 pages found')).toBeVisible();
  await expect(results.getByRole('listitem')).toHaveCount(2);

  // CJK without spaces, and the results page's own search input.
  await results.getByRole('searchbox', { name: 'Search' }).fill('会議');
  await results.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(results.getByRole('link', { name: /Beta/ })).toBeVisible();
  await results.getByRole('link', { name: /Beta/ }).click();
  await expect(page).toHaveURL(urlOf(`${root}/Beta`));
});

test('results page: sort by last update and an error state for a bad query', async ({ page }) => {
  const word = `wombat${Date.now().toString(36)}`;
  const root = uniquePath('Sorted');
  await signIn(page);
  await createPage(page, `${root}/First`, word);
  await createPage(page, `${root}/Second`, word);
  await page.goto(`/_search?q=${word}&sort=updatedAt&order=asc`);
  const hits = page.locator('.search-hit-path');
  await expect(hits).toHaveText([`${root}/First`, `${root}/Second`]);
  await page.getByRole('combobox', { name: 'Order' }).selectOption({ label: 'Descending' });
  await expect(hits).toHaveText([`${root}/Second`, `${root}/First`]);

  // A query over the length limit is refused by the server: the error state, in SPEC §8's words.
  await page.goto(`/_search?q=${'x'.repeat(1001)}`);
  await expect(page.getByRole('alert')).toHaveText('Error on searching.');
});

test('admin search management shows the connection and index status and rebuilds', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/search');
  await expect(page.getByRole('heading', { name: 'Full-text search management' })).toBeVisible();
  await expect(page.getByTestId('search-connection')).toHaveText('Connected');
  await expect(page.getByTestId('search-index-status')).toHaveText('Up to date');
  await page.getByRole('button', { name: 'Rebuild index' }).click();
  await expect(page.getByTestId('search-index-status')).toHaveText('Up to date', { timeout: 15_000 });
});

test('guests search public pages; the admin screen is refused', async ({ browser }) => {
  const context = await browser.newContext();
  const guest = await context.newPage();
  // The admin area sends guests to sign in first (non-admins get its 403 card: accounts.spec).
  await guest.goto('/admin/search');
  await expect(guest).toHaveURL(/\/login$/);
  await expect(guest.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await context.close();
});
