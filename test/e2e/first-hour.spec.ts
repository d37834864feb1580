// Issue 30, the first hour: keys typed on a page go where the user meant them. A single-key
// shortcut never fires while a menu is open; the editor `e` opens starts with the cursor after
// the text, so keys typed as it opens never change what is there.
import { expect, test } from '@playwright/test';
import { createPage, editorText, markdownEditor, signIn, uniquePath, urlOf } from './helpers';

test('stray keys never edit a page', async ({ page }) => {
  const path = uniquePath('Stray keys');
  await signIn(page);
  await createPage(page, path, '# Beta\n\nThe plan.');
  await page.goto(urlOf(path));
  await expect(page.getByRole('heading', { name: 'Beta' })).toBeVisible();

  // A menu is open: `e` belongs to it, not to the page.
  await page.getByRole('button', { name: 'More' }).click();
  await page.keyboard.press('e');
  await expect(page).toHaveURL(urlOf(path));
  await page.keyboard.press('Escape');
  await page.locator('article').click({ position: { x: 5, y: 5 } });

  // "release notes" typed on the page: `e` opens the editor; what follows lands after the text.
  await page.keyboard.type('release notes');
  await expect(page).toHaveURL(`${urlOf(path)}#edit`);
  const text = await editorText(page);
  expect(text.startsWith('# Beta\n\nThe plan.')).toBe(true);
});

test('heading links and footnotes land where they point', async ({ page, browser }) => {
  const path = uniquePath('Handbook');
  await signIn(page);
  const filler = Array.from({ length: 80 }, (_, i) => `Line ${i} of the handbook.`).join('\n\n');
  await createPage(
    page,
    path,
    `# Handbook\n\nSee the note.[^1]\n\n${filler}\n\n## CSV\n\nThe end.\n\n[^1]: The note.\n`,
  );

  // Opened in a new tab (a fresh load) with the heading's anchor: the heading is on screen.
  const tab = await page.context().newPage();
  await tab.goto(`${urlOf(path)}#csv`);
  await expect(tab.getByRole('heading', { name: 'CSV' })).toBeInViewport();
  await tab.close();

  // The footnote mark leads to its note.
  await page.goto(urlOf(path));
  await page.locator('article sup a').first().click();
  await expect(page.locator('li[id="user-content-fn-1"]')).toBeInViewport();
  expect(browser.isConnected()).toBe(true);
});

test('a folder in the tree opens its not-found page listing what is below it, not the editor', async ({
  page,
}) => {
  const folder = uniquePath('Folder');
  await signIn(page);
  await createPage(page, `${folder}/Child one`, 'first child');
  await page.goto(urlOf(`${folder}/Child one`));
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('tab', { name: 'Page tree' }).click();
  const tree = sidebar;
  const folderLink = tree.getByRole('link', { name: folder.slice(1).split('/').pop()!, exact: true });
  await expect(folderLink).toHaveAttribute('href', urlOf(folder));
  await folderLink.click();
  await expect(page).toHaveURL(urlOf(folder));
  await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await expect(page.getByRole('link', { name: `${folder}/Child one` })).toBeVisible();
});

test('a page with math loads without an error in the console', async ({ page }) => {
  const path = uniquePath('Quiet console');
  await signIn(page);
  await createPage(page, path, 'Euler: $$e^{i\\pi} + 1 = 0$$');
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(urlOf(path));
  await expect(page.locator('.katex').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Neither a 404 for a /Sidebar page nobody wrote, nor a font the CSP refused.
  expect(errors).toEqual([]);
});

test('/me does not offer to link a directory account while directory sign-in is off', async ({ page }) => {
  await signIn(page);
  await page.goto('/me');
  await expect(page.getByRole('heading', { name: 'External accounts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Link an LDAP account' })).toHaveCount(0);
});

test('the brand link is named by what it shows, and links in text are underlined', async ({ page }) => {
  const path = uniquePath('Links');
  await signIn(page);
  await createPage(page, path, 'Read [the guide](/guide) first.');
  await page.goto(urlOf(path));
  const title = await page.locator('.navbar-title').innerText();
  await expect(page.getByRole('banner').getByRole('link', { name: title, exact: true })).toBeVisible();
  const link = page.locator('article .markdown-body').getByRole('link', { name: 'the guide' });
  expect(await link.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('underline');
});

test('a Mermaid diagram follows dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const path = uniquePath('Diagram');
  await signIn(page);
  await createPage(page, path, '```mermaid\ngraph TD\n  A[Start] --> B[Done]\n```');
  await page.goto(urlOf(path));
  const svg = page.getByTestId('mermaid-diagram').locator('svg');
  await expect(svg).toBeVisible({ timeout: 15_000 });
  const light = await svg.innerHTML();
  // The OS turns dark while the page is open: the diagram is drawn again in dark colours.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect.poll(() => svg.innerHTML(), { timeout: 10_000 }).not.toBe(light);
});

test('the trash and the admin screens for plugins and delivery have the layout padding of others', async ({
  page,
}) => {
  await signIn(page);
  for (const url of ['/trash', '/admin/plugins', '/admin/notification-outbox', '/admin/backups']) {
    await page.goto(url);
    const main = page.locator('main.content').first();
    await expect(main).toBeVisible();
    const padding = await main.evaluate((el) => parseFloat(getComputedStyle(el).paddingTop));
    expect(padding, url).toBeGreaterThanOrEqual(24);
  }
});

test('the table of contents is opaque over the headings it floats beside', async ({ page }) => {
  const path = uniquePath('Contents');
  await signIn(page);
  await createPage(page, path, '# One\n\nText.\n\n## Two\n\nMore.\n\n## Three\n\nEnd.');
  await page.goto(urlOf(path));
  const toc = page.getByRole('navigation', { name: 'Contents' });
  await expect(toc).toBeVisible();
  const background = await toc.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
});

test('a new page saved with Ctrl+S says Editing from then on', async ({ page }) => {
  const path = uniquePath('Badge');
  await signIn(page);
  await page.goto(`${urlOf(path)}#edit`);
  const mode = page.locator('.editor-mode');
  await expect(mode).toHaveText('New page');
  await markdownEditor(page).click();
  await page.keyboard.type('First words');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByTestId('toast-success')).toContainText('Saved successfully');
  await expect(mode).toHaveText('Editing');
});

test('inline math with one dollar is drawn; prices and code stay as written', async ({ page }) => {
  const path = uniquePath('Inline math');
  await signIn(page);
  await createPage(page, path, 'Pythagoras: $a^2+b^2=c^2$.\n\nIt costs $5 and $10; run `$lsx()` here.');
  await page.goto(urlOf(path));
  const article = page.locator('article');
  await expect(article.locator('.katex')).toHaveCount(1);
  await expect(article).toContainText('It costs $5 and $10');
  await expect(article.locator('code')).toHaveText('$lsx()');
});

test('Security folds the settings of sign-in providers that are off', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/security');
  const github = page.locator('section', { has: page.getByRole('heading', { name: 'GitHub', exact: true }) });
  const show = github.getByRole('button', { name: 'Show settings' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await expect(github.getByLabel('Client ID')).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('security-folded.png'), fullPage: true });
  await show.click();
  await expect(github.getByLabel('Client ID')).toBeVisible();
  await expect(github.getByRole('button', { name: 'Hide settings' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});
