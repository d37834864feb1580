// Issue 29: `![[page]]` and `![[page#heading]]` draw the page (or its section) inside another, a
// page never embeds itself, a page that is not there stays a link, and front matter an import
// kept shows in the Page properties panel.
import { expect, test } from '@playwright/test';
import { createPage, signIn, uniquePath, urlOf } from './helpers';

test('embeds draw the page or its section; the page’s own front matter shows as properties', async ({
  page,
}) => {
  await signIn(page);
  const root = uniquePath('embeds');
  await createPage(page, `${root}/B`, '# B\n\n## Part one\n\nFirst text\n\n## Part two\n\nSecond text\n');
  const body = [
    '---',
    'title: Embeds demo',
    'description: Kept from Wiki.js',
    '---',
    '',
    '# A',
    '',
    `![[${root}/B#part-two|B, part two]]`,
    '',
    `![[${root}/B|All of B]]`,
    '',
    `![[${root}|A again]]`,
    '',
    `![[${root}/missing|Gone]]`,
  ].join('\n');
  await createPage(page, root, body);
  await page.goto(urlOf(root));

  const properties = page.getByTestId('page-properties');
  await expect(properties.locator('dt')).toHaveText(['title', 'description']);
  await expect(properties.locator('dd')).toHaveText(['Embeds demo', 'Kept from Wiki.js']);

  const embeds = page.locator('article .page-embed');
  await expect(embeds).toHaveCount(2);
  await expect(embeds.nth(0)).toContainText('Second text');
  await expect(embeds.nth(0)).not.toContainText('First text');
  await expect(embeds.nth(1)).toContainText('First text');
  await expect(embeds.nth(1)).toContainText('Second text');
  // The page itself and a page that is not there stay links.
  await expect(page.locator('.page-embed-link').getByRole('link')).toHaveText(['A again', 'Gone']);
  // The embedded headings are not this page's contents.
  await expect(page.locator('.toc li')).toHaveText(['A']);

  await embeds.nth(0).getByRole('link', { name: 'B, part two' }).click();
  await expect(page).toHaveURL(urlOf(`${root}/B`) + '#part-two');
});
