// Creating, viewing, editing pages; what guests see; the not-found page.
import { expect, test } from '@playwright/test';
import { expectEditorText, markdownEditor, signIn, uniquePath, urlOf } from './helpers';

const BODY = [
  '# Release plan',
  '',
  '| Version | Date |',
  '|---|---|',
  '| 1.0 | 2024-05-01 |',
  '',
  '```js',
  'const answer = 42;',
  '```',
  '',
  '[Back to the top page](/)',
].join('\n');

test('create a page with a table and code, edit it, and read it as a guest', async ({ page, browser }) => {
  const path = uniquePath('Release plan');
  await signIn(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Quire' })).toBeVisible();

  // The New dialog (keyboard shortcut c) opens the editor at the typed path.
  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog', { name: 'Create a new page' });
  await expect(dialog.getByRole('combobox', { name: 'Page path' })).toHaveValue('/');
  await dialog.getByRole('combobox', { name: 'Page path' }).fill(path);
  await dialog.getByRole('button', { name: 'Open the editor' }).click();
  await expect(page).toHaveURL(`${urlOf(path)}#edit`);

  const editor = markdownEditor(page);
  await editor.fill(BODY);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('cell', { name: '2024-05-01' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page).toHaveURL(urlOf(path));
  await expect(page.getByTestId('toast-success')).toContainText('Saved successfully');
  const content = page.locator('article .markdown-body');
  await expect(content.getByRole('columnheader', { name: 'Version' })).toBeVisible();
  await expect(content.locator('pre code.hljs .hljs-keyword')).toHaveText('const');
  // The table of contents names the heading, without the "#" anchor the heading carries.
  const toc = page.getByRole('navigation', { name: 'Contents' });
  await expect(toc.getByRole('link')).toHaveText(['Release plan']);
  await expect(page.getByRole('complementary').getByRole('link', { name: path })).toBeVisible();

  // Edit: the editor starts from the saved text; the new version survives a reload.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expectEditorText(page, BODY);
  await editor.fill(`${BODY}\n\nShipped on time.`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(urlOf(path));
  await page.reload();
  await expect(content.getByText('Shipped on time.')).toBeVisible();
  await expect(page.getByText('Last updated by Ada Admin')).toBeVisible();

  // Links to wiki pages navigate inside the app, without reloading it.
  await page.evaluate(() => Object.assign(window, { __sameApp: true }));
  await content.getByRole('link', { name: 'Back to the top page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Quire' })).toBeVisible();
  expect(await page.evaluate(() => (window as { __sameApp?: boolean }).__sameApp)).toBe(true);

  // A guest reads it, with no Edit button, and is refused the editor.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(urlOf(path));
  await expect(guestPage.getByText('Shipped on time.')).toBeVisible();
  await expect(guestPage.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(guestPage.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await guestPage.goto(`${urlOf(path)}#edit`);
  await expect(guestPage.getByText('Please login or signup to edit the page or use hackmd.')).toBeVisible();
  await expect(guestPage.getByRole('textbox', { name: 'Markdown' })).toHaveCount(0);
  await guest.close();
});

test('a missing page offers creation to users and asks guests to sign in', async ({ page, browser }) => {
  const path = uniquePath('missing');
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(urlOf(path));
  await expect(guestPage.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await expect(guestPage.getByText('Please login or signup to create a new page.')).toBeVisible();
  await guest.close();

  await signIn(page);
  await page.goto('/bad+path');
  await expect(page.getByText('Invalid characters on path')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create this page' })).toHaveCount(0);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/bad+path#edit');
  await expect(page.getByText('This page could not edit.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Markdown' })).toHaveCount(0);
  expect(warnings).toContain('This page could not edit.');

  await page.goto(urlOf(path));
  await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await page.getByRole('link', { name: 'Create this page' }).click();
  await expect(page).toHaveURL(`${urlOf(path)}#edit`);
  await page.getByRole('textbox', { name: 'Markdown' }).fill('Now it exists.');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('toast-success')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(urlOf(path));
  await expect(page.locator('article .markdown-body')).toHaveText('Now it exists.');
});
