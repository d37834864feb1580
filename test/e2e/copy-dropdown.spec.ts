// SPEC §2's copy-to-clipboard dropdown: path, URL, permanent link and Markdown link; "Copied" for 1 s.
import { expect, test } from '@playwright/test';
import { createPage, signIn, uniquePath, urlOf } from './helpers';

test('the copy dropdown copies the page path, URL, permanent link and a Markdown link', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  const path = uniquePath('Copy me');
  const created = await createPage(page, path, 'copy');
  await page.goto(urlOf(path));
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  const expected = {
    'Page path': path,
    'Page URL': `${baseURL}${urlOf(path)}`,
    'Permanent link': `${baseURL}/${created._id}`,
    'Markdown link': `[${path}](${baseURL}${urlOf(path)})`,
  };
  for (const [item, text] of Object.entries(expected)) {
    await page.getByRole('button', { name: 'Copy to clipboard' }).click();
    await page.getByRole('menuitem', { name: new RegExp(`^${item}`) }).click();
    await expect.poll(clipboard).toBe(text);
  }
  const tooltip = page.getByRole('status').filter({ hasText: 'Copied' });
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toBeHidden({ timeout: 2500 });
});
