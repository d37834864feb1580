// GROWI's directives in Chromium: a page with $lsx, callouts and a CSV table, a hostile macro
// argument that does nothing, and a failing macro leaving the rest of the page readable.
import { expect, test } from '@playwright/test';
import { createPage, csrf, signIn, uniquePath, urlOf } from './helpers';

test('a page with $lsx, callouts, a CSV table and a named code block', async ({ page }) => {
  await signIn(page);
  const root = uniquePath('macros');
  for (const name of ['alpha', 'beta', 'beta/inner', 'gamma'])
    await createPage(page, `${root}/${name}`, `# ${name}`);
  const body = [
    '## Children',
    '',
    '$lsx()',
    '',
    '## Only the first level, reversed',
    '',
    '$lsx(depth=1, reverse, num=2)',
    '',
    ':::warning',
    'Mind the **gap**',
    ':::',
    '',
    '```csv-h',
    'name,age',
    '"Doe, Jane",42',
    '```',
    '',
    '```ts:src/main.ts',
    'const answer = 42;',
    '```',
  ].join('\n');
  await createPage(page, root, body);
  await page.goto(urlOf(root));
  const view = page.locator('article .markdown-body');

  const lists = view.locator('.lsx');
  await expect(lists).toHaveCount(2);
  const all = lists.nth(0);
  await expect(all.getByRole('link')).toHaveText(['alpha', 'beta', 'inner', 'gamma']);
  const firstLevel = lists.nth(1);
  await expect(firstLevel.getByRole('link')).toHaveText(['gamma', 'beta']);
  await firstLevel.getByRole('link', { name: 'gamma' }).click();
  await expect(page).toHaveURL(urlOf(`${root}/gamma`));
  await page.goBack();

  const callout = view.locator('.callout-warning');
  await expect(callout.locator('.callout-title')).toHaveText('Warning');
  await expect(callout.locator('strong')).toHaveText('gap');
  await expect(view.locator('table th')).toHaveText(['name', 'age']);
  await expect(view.locator('table td').first()).toHaveText('Doe, Jane');
  await expect(view.locator('.code-file-name')).toHaveText('src/main.ts');
  await expect(view.locator('code.language-ts')).toContainText('answer');
});

test('load more continues a long $lsx list', async ({ page }) => {
  await signIn(page);
  const root = uniquePath('many');
  for (let i = 0; i < 55; i += 1) await createPage(page, `${root}/p${String(i).padStart(2, '0')}`, 'x');
  await createPage(page, root, '$lsx()');
  await page.goto(urlOf(root));
  const list = page.locator('article .markdown-body .lsx');
  await expect(list.getByRole('link')).toHaveCount(50);
  await list.getByRole('button', { name: 'Load more (50 of 55)' }).click();
  await expect(list.getByRole('link')).toHaveCount(55);
  await expect(list.getByRole('button')).toHaveCount(0);
});

test('hostile macro arguments do nothing and a bad option is explained in place', async ({ page }) => {
  await signIn(page);
  const root = uniquePath('hostile-macro');
  const body = [
    'Before',
    '',
    '$lsx(/x, filter="<img src=x onerror=window.__pwned=1>")',
    '',
    '$lsx(/x, filter=\'" onmouseover="window.__pwned=1\')',
    '',
    '$lsx(javascript:window.__pwned=1)',
    '',
    '$lsx(depth=0)',
    '',
    '$refimg(x.png, width="1px;background:url(javascript:alert(1))")',
    '',
    'After',
  ].join('\n');
  await createPage(page, root, body);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(urlOf(root));
  const view = page.locator('article .markdown-body');
  await expect(view.getByText('After')).toBeVisible();
  await expect(view.locator('.macro-error')).toContainText("The option 'depth' is '0'");
  await expect(view.locator('[onerror], [onmouseover], script')).toHaveCount(0);
  await view.locator('.lsx').first().hover();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('$refs over a subtree, kept by a regular expression', async ({ page }) => {
  await signIn(page);
  const root = uniquePath('refs');
  const token = await csrf(page.request);
  const upload = async (pageId: string, name: string) => {
    const res = await page.request.post('/_api/v3/attachment', {
      headers: { 'x-csrf-token': token },
      multipart: {
        page_id: pageId,
        file: { name, mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') },
      },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  };
  const year = await createPage(page, `${root}/2024`, 'photos');
  await upload(year._id, 'beach.png');
  await upload(year._id, 'notes.txt');
  const month = await createPage(page, `${root}/2024/May`, 'more photos');
  await upload(month._id, 'hike.PNG');
  await createPage(page, root, `$refs(prefix=${root}, regexp=/\\.png$/i)`);
  await page.goto(urlOf(root));
  const list = page.locator('article .markdown-body .attachment-ref-list');
  await expect(list.getByRole('link')).toHaveText(['beach.png', 'hike.PNG']);
});
