// The CodeMirror editor: toolbar and shortcuts, Ctrl/⌘+S, the indent setting, the /Sidebar style,
// and a 1 MB page that stays editable.
import { expect, test } from '@playwright/test';
import {
  createPage,
  csrf,
  editorText,
  expectEditorText,
  markdownEditor,
  signIn,
  uniquePath,
  urlOf,
} from './helpers';

test('toolbar, shortcuts and Ctrl/⌘+S', async ({ page }) => {
  await signIn(page);
  const created = await createPage(page, uniquePath('toolbar'), 'word');
  await page.goto(`${urlOf(created.path)}#edit`);
  await expectEditorText(page, 'word');

  await markdownEditor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.getByRole('button', { name: 'Bold' }).click();
  await expectEditorText(page, '**word**');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('ControlOrMeta+i');
  await expectEditorText(page, '***word***');
  await page.keyboard.press('ControlOrMeta+End');
  await page.getByRole('button', { name: 'Task list' }).click();
  await expectEditorText(page, '- [ ] ***word***');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('strong em, em strong')).toHaveText('word');
  await expect(preview.locator('.task-list-checkbox')).toHaveCount(1);

  // Ctrl/⌘+S saves and keeps editing.
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByTestId('toast-success')).toContainText('Saved successfully');
  await expect(page).toHaveURL(`${urlOf(created.path)}#edit`);
  const saved = await page.request.get(`/_api/v3/page?pageId=${created._id}`);
  expect(((await saved.json()) as { page: { revision: { body: string } } }).page.revision.body).toBe(
    '- [ ] ***word***',
  );

  // Enter continues the task list; Tab indents by the indent setting, which this browser remembers.
  await page.getByLabel('Indent').selectOption('2');
  await page.keyboard.press('ControlOrMeta+End');
  await markdownEditor(page).press('Enter');
  await markdownEditor(page).press('Tab');
  await page.keyboard.type('x');
  await expect.poll(() => editorText(page)).toBe('- [ ] ***word***\n  - [ ] x');
  await page.reload();
  await expect(page.getByLabel('Indent')).toHaveValue('2');
});

test('the /Sidebar page is edited at sidebar width', async ({ page }) => {
  await signIn(page);
  await page.goto('/Sidebar#edit');
  await expect(markdownEditor(page)).toBeVisible();
  await expect(page.locator('.editor.editor-sidebar')).toHaveCount(1);
  // Saved, it becomes the sidebar's own tab at once (the sidebar asks for it only once it exists).
  await markdownEditor(page).fill('Team links');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('tab')).toHaveCount(4);
  // Other specs see a wiki without a /Sidebar page again.
  const { page: saved } = (await (await page.request.get('/_api/v3/page?path=%2FSidebar')).json()) as {
    page: { _id: string; revision: { _id: string } };
  };
  const deleted = await page.request.post('/_api/v3/pages/delete', {
    headers: { 'x-csrf-token': await csrf(page.request) },
    data: { pageIdToRevisionIdMap: { [saved._id]: saved.revision._id }, isCompletely: true },
  });
  expect(deleted.status()).toBe(200);
});

test('a 1 MB page opens in the editor and takes keystrokes', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const line = 'A line of a very long page, with enough words to look like prose.\n';
  const body = line.repeat(Math.ceil(1_000_000 / line.length));
  const created = await createPage(page, uniquePath('huge'), body);
  await page.goto(`${urlOf(created.path)}#edit`);
  await expect(markdownEditor(page)).toBeVisible({ timeout: 30_000 });
  await markdownEditor(page).click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('Hello huge page. ');
  await expect
    .poll(() => editorText(page).then((text) => text.slice(0, 40)))
    .toBe(`Hello huge page. ${line}`.slice(0, 40));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(urlOf(created.path), { timeout: 30_000 });
  const saved = await page.request.get(`/_api/v3/page?pageId=${created._id}`);
  const savedBody = ((await saved.json()) as { page: { revision: { body: string } } }).page.revision.body;
  expect(savedBody).toBe(`Hello huge page. ${body}`);
});
