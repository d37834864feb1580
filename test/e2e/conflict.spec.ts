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

  // After looking, the second writer may deliberately overwrite.
  await second.getByRole('button', { name: 'Overwrite with my version' }).click();
  await expect(second).toHaveURL(urlOf(created.path));
  await expect(second.locator('article .markdown-body')).toHaveText('Second writer text.');
  await other.close();
});
