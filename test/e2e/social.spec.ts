// Tags, comments, likes and bookmarks in Chromium (issue 7).
import { expect, test } from '@playwright/test';
import { createPage, signIn, uniquePath, urlOf } from './helpers';

const shots = process.env.QUIRE_E2E_SCREENSHOTS;

test('tag a page with autocomplete, find it on /tags and through tag: search', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const tag = `tagged${stamp}`;
  await signIn(page);
  const first = await createPage(page, uniquePath('TagFirst'), 'first');
  const second = await createPage(page, uniquePath('TagSecond'), 'second');

  // Tag the first page through its dialog.
  await page.goto(urlOf(first.path));
  await page.getByRole('button', { name: 'Edit tags' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit tags' });
  const input = dialog.getByRole('combobox', { name: 'Add a tag' });
  await input.fill(tag);
  await input.press('Enter');
  await input.fill('has space');
  await input.press('Enter');
  await expect(dialog.getByText('A tag has 1 to 64 characters and no spaces.')).toBeVisible();
  await input.fill('extra');
  await input.press('Enter');
  const chips = dialog.getByRole('list', { name: 'Tags of this page' });
  await expect(chips).toContainText('extra');
  if (shots) await page.screenshot({ path: `${shots}/tags-dialog.png` });
  await dialog.getByRole('button', { name: 'Remove the tag extra' }).click();
  await expect(chips).not.toContainText('extra');
  await input.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('group', { name: 'Tags' });
  await expect(row.getByRole('link', { name: tag })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/tags-row.png` });

  // The second page's dialog suggests the existing tag.
  await page.goto(urlOf(second.path));
  await page.getByRole('button', { name: 'Edit tags' }).click();
  await page.getByRole('combobox', { name: 'Add a tag' }).fill(tag.slice(0, 8));
  await expect(page.locator(`datalist option[value="${tag}"]`)).toHaveCount(1);
  await page.keyboard.press('Escape');

  // /tags lists it with its count and leads to the search for its pages.
  await page.goto('/tags');
  const cloud = page.getByRole('list', { name: 'Tags' });
  const item = cloud.getByRole('listitem').filter({ hasText: tag });
  await expect(item).toContainText('1');
  if (shots) await page.screenshot({ path: `${shots}/tags-page.png` });
  await item.getByRole('link', { name: tag }).click();
  await expect(page).toHaveURL(/\/_search\?q=tag%3A/);
  await expect(page.getByRole('main').getByRole('link', { name: /TagFirst/ })).toBeVisible();
});

test('comment with preview, reply, edit and delete; replies fold to the latest two', async ({ page }) => {
  await signIn(page);
  const wiki = await createPage(page, uniquePath('Comments'), '# Discuss here');
  await page.goto(urlOf(wiki.path));
  const section = page.getByRole('region', { name: /Comments/ });
  await expect(section).toContainText('No comments yet.');

  // Markdown with a preview tab (line breaks on by default for comments).
  const textbox = section.getByRole('textbox', { name: 'Comment' }).last();
  await textbox.fill('**Looks good**\nsecond line');
  await section.getByRole('tab', { name: 'Preview' }).last().click();
  await expect(section.locator('.comment-preview strong')).toHaveText('Looks good');
  await expect(section.locator('.comment-preview br')).toHaveCount(1);
  await section.getByRole('tab', { name: 'Write' }).last().click();
  await section.getByRole('button', { name: 'Comment', exact: true }).click();
  const first = section.locator('.comment-thread').first();
  await expect(first.locator('.comment-body strong')).toHaveText('Looks good');
  await expect(page.getByRole('link', { name: '1 comment' })).toBeVisible();

  // Three replies: with "show all replies" off only the latest two show.
  for (const text of ['reply one', 'reply two', 'reply three']) {
    await first.getByRole('button', { name: 'Reply' }).first().click();
    await first.getByRole('textbox', { name: 'Comment' }).fill(text);
    await first.getByRole('button', { name: 'Reply' }).last().click();
    await expect(first.locator('.comment-replies')).toContainText(text);
  }
  const replies = first.locator('.comment-replies .comment');
  await expect(replies).toHaveCount(2);
  await expect(first.locator('.comment-replies')).not.toContainText('reply one');
  await first.getByRole('button', { name: 'Show 1 earlier reply' }).click();
  await expect(replies).toHaveCount(3);
  await expect(section.getByRole('checkbox', { name: 'Show all replies' })).toBeChecked();
  if (shots) await page.screenshot({ path: `${shots}/comments.png`, fullPage: true });

  // Edit and delete one's own.
  const last = replies.last();
  await last.getByRole('button', { name: 'Edit' }).click();
  await last.getByRole('textbox', { name: 'Comment' }).fill('reply three, edited');
  await last.getByRole('button', { name: 'Update' }).click();
  await expect(last).toContainText('reply three, edited');
  await expect(last).toContainText('(edited)');
  page.once('dialog', (d) => void d.accept());
  await replies.first().getByRole('button', { name: 'Delete' }).click();
  await expect(replies).toHaveCount(2);
  await expect(page.getByRole('link', { name: '3 comments' })).toBeVisible();
  await section.getByRole('checkbox', { name: 'Show all replies' }).uncheck();
});

test('like and bookmark a page; the bookmark shows in the sidebar tab, which is remembered', async ({
  page,
}) => {
  await signIn(page);
  const wiki = await createPage(page, uniquePath('Liked'), 'worth keeping');
  await page.goto(urlOf(wiki.path));

  const like = page.getByRole('button', { name: /^Like/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1');
  await page.getByRole('button', { name: '1 person likes this' }).click();
  await expect(page.getByRole('list', { name: 'People who like this page' })).toContainText('Ada Admin');
  await expect(page.locator('.seen-by img[alt="Ada Admin"]')).toBeVisible();

  await page.getByRole('button', { name: /^Bookmark/ }).click();
  await expect(page.getByRole('button', { name: /^Bookmarked/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('tab', { name: 'Bookmarks' }).click();
  const sidebarList = page.locator('.bookmarks-list');
  await expect(sidebarList.getByRole('link', { name: wiki.path })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/like-bookmark.png` });

  // The chosen tab survives a reload (sidebarContentsId).
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Bookmarks' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: /^Bookmarked/ }).click();
  await expect(sidebarList.getByRole('link', { name: wiki.path })).toBeHidden();
  await page.getByRole('tab', { name: 'Recent changes' }).click();
});

test('guests see tags, likes and comments but cannot act', async ({ browser, page }) => {
  await signIn(page);
  const wiki = await createPage(page, uniquePath('GuestView'), 'public text');
  const guest = await browser.newPage();
  await guest.goto(urlOf(wiki.path));
  await expect(guest.getByRole('button', { name: /^Like/ })).toBeDisabled();
  await expect(guest.getByRole('button', { name: /^Bookmark/ })).toBeDisabled();
  await expect(guest.getByRole('button', { name: 'Edit tags' })).toHaveCount(0);
  await expect(guest.getByText('Please login to comment.')).toBeVisible();
  await guest.close();
});

test('issue a share link, open it as a guest, and delete it from share link management', async ({
  browser,
  page,
}) => {
  await signIn(page);
  const wiki = await createPage(page, uniquePath('Shared'), 'Shared **secret** plan');
  await page.goto(urlOf(wiki.path));
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share links' });
  await expect(dialog).toContainText('No share links yet.');

  // SPEC §5: days must be a valid number.
  await dialog.getByRole('textbox', { name: 'days' }).fill('soon');
  await dialog.getByRole('button', { name: 'Issue' }).click();
  await expect(dialog.getByText('You entered invalid value')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'days' }).fill('3');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('for the auditor');
  await dialog.getByRole('button', { name: 'Issue' }).click();
  const row = dialog.getByRole('row').filter({ hasText: 'for the auditor' });
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  if (shots) await page.screenshot({ path: `${shots}/share-dialog.png` });
  const href = await row.getByRole('link').getAttribute('href');
  expect(href).toMatch(/^\/share\/[0-9a-f]{24}$/);
  // One click copies the link's full address (issue 30).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await row.getByRole('button', { name: 'Copy' }).click();
  await expect(row.getByRole('status')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`^https?://[^/]+${href!}$`),
  );
  await page.keyboard.press('Escape');

  const guest = await browser.newPage();
  await guest.goto(href!);
  await expect(guest.getByRole('main').locator('strong')).toHaveText('secret');
  await expect(guest.getByRole('main')).toContainText('through a share link, valid until');
  if (shots) await guest.screenshot({ path: `${shots}/shared-page.png` });

  await page.goto('/admin/share-links');
  const adminRow = page.getByRole('row').filter({ hasText: 'for the auditor' });
  await expect(adminRow.getByRole('link', { name: wiki.path })).toBeVisible();
  await adminRow.getByRole('button', { name: 'Delete' }).click();
  await expect(adminRow).toHaveCount(0);

  await guest.reload();
  await expect(guest.getByRole('main')).toContainText('This share link does not exist or has expired.');
  await guest.close();
});
