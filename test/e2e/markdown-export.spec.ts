// Markdown out from the page menu in Chromium: the page as .md, the page with its subpages as a zip.
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
    page.getByRole('link', { name: 'Export with subpages (zip)' }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe(`${leaf}.zip`);
  const bytes = fs.readFileSync((await zip.path()) ?? '');
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(Buffer.from(`${leaf}/Child.md`))).toBe(true);
});
