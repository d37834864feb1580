// Issue 3 in the browser: rename with descendants, delete → trash → put back, the New Page dialog
// with a template, and a diff between two revisions.
import { expect, test } from '@playwright/test';
import { createPage, expectEditorText, markdownEditor, pageMenu, signIn, uniquePath, urlOf } from './helpers';

test('rename a page with its descendants; the old path redirects', async ({ page }) => {
  await signIn(page);
  const from = uniquePath('Rename');
  const to = `${from}-renamed`;
  await createPage(page, from, '# Parent');
  await createPage(page, `${from}/child`, '# Child');

  await page.goto(urlOf(from));
  await pageMenu(page, 'Move / rename');
  const dialog = page.getByRole('dialog', { name: 'Move or rename this page' });
  const input = dialog.getByRole('textbox', { name: 'New page path' });
  await input.fill('');
  await dialog.getByRole('button', { name: 'Move / rename' }).click();
  await expect(dialog.getByText('Please input the new page path')).toBeVisible();
  await input.fill(to);
  await expect(dialog.getByRole('checkbox', { name: 'Include the pages under it' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Move / rename' }).click();

  await expect(page).toHaveURL(new RegExp(`${urlOf(to)}\\?renamedFrom=`));
  await expect(page.locator('[data-notice="moved"]')).toContainText(`moved from ${from}`);
  await expect(page.getByRole('article').getByRole('link', { name: `${to}/child` })).toBeVisible(); // page list

  // The sidebar tree opens down to the page on screen, with its descendant count.
  await page.getByRole('tab', { name: 'Page tree' }).click();
  const current = page.getByRole('treeitem', { selected: true });
  await expect(current).toContainText(to.slice(to.lastIndexOf('/') + 1));
  await expect(current.locator('.tree-count')).toHaveText('1');

  // The child's old path lands on its new path with the "redirected" notice.
  await page.goto(urlOf(`${from}/child`));
  await expect(page).toHaveURL(new RegExp(`${urlOf(`${to}/child`)}\\?redirectFrom=`));
  await expect(page.locator('[data-notice="redirected"]')).toContainText(`redirected from ${from}/child`);

  // Unlinking frees the old path: it no longer leads here.
  await page.getByRole('button', { name: 'Remove this redirect' }).click();
  await expect(page.locator('[data-notice="unlinked"]')).toBeVisible();
  await page.goto(urlOf(`${from}/child`));
  await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
});

test('delete a page to the trash, find it there, and put it back', async ({ page }) => {
  await signIn(page);
  const path = uniquePath('Trash');
  await createPage(page, path, '# Going away');
  await createPage(page, `${path}/kid`, 'kid');

  await page.goto(urlOf(path));
  await pageMenu(page, 'Delete');
  const dialog = page.getByRole('dialog', { name: 'Delete this page' });
  await dialog.getByRole('button', { name: 'Move to the trash' }).click();
  await expect(page).toHaveURL(urlOf(`/trash${path}`));
  await expect(page.locator('[data-notice="in_trash"], [data-notice="trash"]')).toBeVisible();

  await page.goto('/trash');
  await expect(page.getByRole('heading', { name: 'Trash' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: `/trash${path}/kid` })).toBeVisible();
  await page.getByRole('link', { name: `/trash${path}`, exact: true }).click();

  await page.getByRole('button', { name: 'Put back' }).click();
  await expect(page).toHaveURL(urlOf(path));
  await expect(page.getByRole('heading', { name: 'Going away' })).toBeVisible();
  await expect(page.getByRole('article').getByRole('link', { name: `${path}/kid` })).toBeVisible();
  await page.getByRole('button', { name: 'Timeline' }).click();
  await expect(page.locator('.timeline-item')).toContainText('kid');
});

test('the New Page dialog creates a template, and a new child starts from it', async ({ page }) => {
  await signIn(page);
  const parent = uniquePath('Templates');
  await createPage(page, parent, '# Parent');
  await page.goto(urlOf(parent));
  await expect(page.getByRole('heading', { name: 'Parent' })).toBeVisible();

  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog', { name: 'Create a new page' });
  await expect(dialog.getByRole('textbox', { name: 'Memo name' })).toHaveValue('Memo');
  const edit = dialog.getByRole('button', { name: 'Edit', exact: true });
  await expect(edit).toBeDisabled();
  await dialog.getByRole('radio', { name: /For children/ }).check();
  await edit.click();
  await expect(page).toHaveURL(`${urlOf(`${parent}/_template`)}#edit`);
  await markdownEditor(page).fill('## Agenda\n\n- item');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(urlOf(`${parent}/_template`));

  await page.goto(`${urlOf(`${parent}/meeting`)}#edit`);
  await expectEditorText(page, '## Agenda\n\n- item');
});

test('history shows a diff between two revisions, unified and side by side', async ({ page }) => {
  await signIn(page);
  const path = uniquePath('History');
  const created = await createPage(page, path, 'alpha\nbeta\n');
  const res = await page.request.put('/_api/v3/page', {
    headers: { 'x-csrf-token': (await (await page.request.get('/_api/v3/csrf-token')).json()).token },
    data: { pageId: created._id, revisionId: created.revision._id, body: 'alpha\ngamma\n' },
  });
  expect(res.status()).toBe(200);

  await page.goto(urlOf(path));
  await page.getByRole('link', { name: 'History', exact: true }).click();
  await expect(page).toHaveURL(`${urlOf(path)}#history`);
  // It names its page and leads back to it (issue 30).
  await expect(page.getByRole('heading', { name: `History of ${path}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the page' })).toHaveAttribute('href', urlOf(path));
  const rows = page.locator('.history-table tbody tr');
  await expect(rows).toHaveCount(2);
  await rows.nth(0).getByRole('radio', { name: 'To' }).check();
  await rows.nth(1).getByRole('radio', { name: 'From' }).check();
  const unified = page.getByTestId('diff-unified');
  await expect(unified.locator('.diff-removed')).toContainText('beta');
  await expect(unified.locator('.diff-added')).toContainText('gamma');
  await page.getByRole('button', { name: 'Side by side' }).click();
  const split = page.getByTestId('diff-split');
  await expect(split.locator('td.diff-removed')).toHaveText('beta');
  await expect(split.locator('td.diff-added')).toHaveText('gamma');

  // An old version shows with its notice.
  await rows.nth(1).getByRole('link', { name: 'View' }).click();
  await expect(page.locator('[data-notice="old"]')).toBeVisible();
  await expect(page.locator('article .markdown-body')).toContainText('beta');
});

test('the tree reveals a page among hundreds of siblings and draws only the rows in view', async ({
  page,
}) => {
  await signIn(page);
  const parent = uniquePath('Siblings');
  await createPage(page, parent, '# Many');
  const names = Array.from({ length: 250 }, (_, i) => `p-${String(i).padStart(3, '0')}`);
  for (const name of names) await createPage(page, `${parent}/${name}`, name);

  await page.goto(urlOf(`${parent}/p-240`));
  await page.getByRole('tab', { name: 'Page tree' }).click();
  const current = page.getByRole('treeitem', { selected: true });
  await expect(current).toContainText('p-240');
  await expect(current).toBeInViewport();
  // Hundreds of nodes are loaded, a few dozen drawn.
  expect(await page.getByRole('treeitem').count()).toBeLessThan(60);
});

test('the New Page dialog opens while the plugins are still loading', async ({ page }) => {
  // Regression: a store selector answered a new [] while no plugin list had arrived, and React
  // re-rendered until it gave up ("Maximum update depth exceeded") — a flake whenever `c` came early.
  await signIn(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_api/v3/plugins/active', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Quire' })).toBeVisible();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a new page' });
  await expect(dialog.getByRole('textbox', { name: 'Memo name' })).toHaveValue('Memo');
  await expect(page.getByText('Error occured in')).toHaveCount(0);
  release();
});

test('mark a page as work in progress and publish it again (GROWI 7)', async ({ page }) => {
  await signIn(page);
  const path = uniquePath('Draft');
  await createPage(page, path, '# Draft');
  await page.goto(urlOf(path));
  const badge = page.getByTestId('wip-badge');
  await expect(badge).toHaveCount(0);
  await pageMenu(page, 'Mark as work in progress');
  await expect(badge).toHaveText('WIP');
  await pageMenu(page, 'Publish');
  await expect(badge).toHaveCount(0);
});
