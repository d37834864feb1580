// A hostile page body runs nothing: no script, no handler, no javascript: link, no dialog.
import { expect, test } from '@playwright/test';
import { createPage, signIn, uniquePath, urlOf } from './helpers';

const HOSTILE = [
  '<script>window.__pwned=1</script>',
  '',
  '<img src=x onerror="window.__pwned=1">',
  '',
  '[click me](javascript:window.__pwned=1)',
  '',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
  '',
  '<svg onload="window.__pwned=1"><circle r="1"/></svg>',
  '',
  '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  '',
  '<div onclick="window.__pwned=1">click the div</div>',
  '',
  '<form action="/logout"><input type="submit" value="go"></form>',
].join('\n');

test('a hostile page body does nothing', async ({ page, browser }) => {
  await signIn(page);
  const created = await createPage(page, uniquePath('hostile'), HOSTILE);

  const guest = await browser.newContext();
  const viewer = await guest.newPage();
  const dialogs: string[] = [];
  viewer.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await viewer.goto(urlOf(created.path));
  const body = viewer.locator('article .markdown-body');
  await expect(body.getByText('window.__pwned=1').first()).toBeVisible(); // the script's text, inert
  await expect(body.locator('script, svg, form, input, iframe[srcdoc], [onerror], [onclick]')).toHaveCount(0);

  await body.getByText('click me').click();
  await body.getByText('mixed case').click();
  await body.getByText('click the div').click();
  await viewer.waitForTimeout(300);

  expect(await viewer.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(viewer).toHaveURL(urlOf(created.path));

  // The editor's live preview uses the same renderer.
  await page.goto(`${urlOf(created.path)}#edit`);
  await expect(page.getByRole('region', { name: 'Preview' }).getByText('click me')).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  await guest.close();
});
