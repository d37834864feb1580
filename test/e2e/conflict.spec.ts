// Two people edit the same page: the second save is refused, and nothing they typed is lost.
import { expect, test } from '@playwright/test';
import { createPage, expectEditorText, markdownEditor, signIn, uniquePath, urlOf } from './helpers';

test('a save conflict keeps the text and offers the latest version', async ({ page, browser }) => {
  await signIn(page);
  const created = await createPage(page, uniquePath('shared'), 'Original text.');
  const url = `${urlOf(created.path)}#edit`;

  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second);

  await page.goto(url);
  await second.goto(url);
  const firstEditor = markdownEditor(page);
  const secondEditor = markdownEditor(second);
  await expectEditorText(page, 'Original text.');
  await expectEditorText(second, 'Original text.');

  await firstEditor.fill('First writer wins.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(urlOf(created.path));

  await secondEditor.fill('Second writer text.');
  await second.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(second.getByTestId('toast-error')).toContainText('someone else was editing');
  await expect(second.getByTestId('toast-error')).toContainText('Error');
  await expectEditorText(second, 'Second writer text.');
  await expect(second).toHaveURL(url);

  const latest = second.getByRole('link', { name: 'View the latest version' });
  await expect(latest).toHaveAttribute('href', `/${created._id}`);
  await expect(latest).toHaveAttribute('target', '_blank');
  const draft = await second.evaluate((key) => localStorage.getItem(key), `quire:draft:${created.path}`);
  expect(JSON.parse(draft ?? '{}')).toMatchObject({ body: 'Second writer text.' });

  // Error toasts stay until closed.
  await second.getByTestId('toast-error').getByRole('button', { name: 'Close' }).click();
  await expect(second.getByTestId('toast-error')).toHaveCount(0);

  // The other person's edit is shown against this text before it can be replaced (issue 30).
  const diff = second.getByTestId('conflict-diff');
  await expect(diff).toContainText('First writer wins.');
  await expect(diff).toContainText('Second writer text.');

  // After looking, the second writer may deliberately overwrite.
  await second.getByRole('button', { name: 'Overwrite with my version' }).click();
  await expect(second).toHaveURL(urlOf(created.path));
  await expect(second.locator('article .markdown-body')).toHaveText('Second writer text.');
  await other.close();
});

test('a draft written before someone saved the page shows what changed since', async ({ page }) => {
  await signIn(page);
  const created = await createPage(page, uniquePath('stale draft'), 'Version one.');
  // This browser kept a draft based on the first version…
  await page.goto(urlOf(created.path));
  await page.evaluate(
    ([key, draft]) => localStorage.setItem(key!, draft!),
    [
      `quire:draft:${created.path}`,
      JSON.stringify({
        body: 'My old draft.',
        pageId: created._id,
        revisionId: created.revision._id,
        savedAt: new Date().toISOString(),
      }),
    ],
  );
  // …then someone saved the page.
  const token = (await (await page.request.get('/_api/v3/csrf-token')).json()) as { token: string };
  const saved = await page.request.put('/_api/v3/page', {
    headers: { 'x-csrf-token': token.token },
    data: { pageId: created._id, revisionId: created.revision._id, body: 'Version two by a colleague.' },
  });
  expect(saved.status()).toBe(200);

  await page.goto(`${urlOf(created.path)}#edit`);
  await expectEditorText(page, 'My old draft.');
  const stale = page.getByTestId('stale-draft');
  await expect(stale).toContainText('has been saved by someone since you wrote this draft');
  await expect(stale).toContainText('Version two by a colleague.');
  await expect(stale).toContainText('My old draft.');
});
