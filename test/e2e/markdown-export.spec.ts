// Markdown out in Chromium: from the page menu the page as .md and the page with its subpages as a
// zip (an export job), and from the admin export screen any path's subtree.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { createPage, signIn, uniquePath, urlOf } from './helpers';

test('export a page and its subtree as Markdown from the page menu', async ({ page }) => {
  const root = uniquePath('Export');
  await signIn(page);
  await createPage(page, root, 'the root page');
  await createPage(page, `${root}/Child`, 'a child page');
  await page.goto(urlOf(root));

  const [single] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export Markdown' }).click(),
  ]);
  const leaf = root.split('/').pop() ?? '';
  expect(single.suggestedFilename()).toBe(`${leaf}.md`);
  const text = fs.readFileSync((await single.path()) ?? '', 'utf8');
  expect(text).toMatch(new RegExp(`^---\\ntitle: ${leaf}\\n`));
  expect(text).toContain('the root page');

  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export with subpages (zip)' }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe(`${leaf}.zip`);
  const bytes = fs.readFileSync((await zip.path()) ?? '');
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(Buffer.from(`${leaf}/Child.md`))).toBe(true);
});

test('export a subtree as Markdown from the admin export screen', async ({ page }) => {
  const root = uniquePath('AdminExport');
  await signIn(page);
  await createPage(page, root, 'exported from the admin screen');
  await createPage(page, `${root}/Child`, 'its child');
  await page.goto(urlOf('/admin/export'));
  const section = page.getByRole('region', { name: 'Markdown files' });
  await section.getByLabel('Page path').fill(root);
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Export as Markdown (zip)' }).click(),
  ]);
  const leaf = root.split('/').pop() ?? '';
  expect(zip.suggestedFilename()).toBe(`${leaf}.zip`);
  await expect(section.getByText(`2 pages exported: ${leaf}.zip is downloading.`)).toBeVisible();
  const bytes = fs.readFileSync((await zip.path()) ?? '');
  expect(bytes.includes(Buffer.from(`${leaf}/Child.md`))).toBe(true);
});
