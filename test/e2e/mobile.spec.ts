// Phones and the sidebar's drawer mode (SPEC §2, §4): the bottom bar, the drawer, and the personal
// dropdown's sidebar mode switches on a wide screen.
import { expect, test } from '@playwright/test';
import { APP_SCREENS, createPage, signIn, uniquePath, updatePage, urlOf } from './helpers';

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the bottom bar opens the sidebar drawer, the search box and the New Page dialog', async ({
    page,
  }) => {
    await signIn(page);
    const path = uniquePath('Phone');
    await createPage(page, path, '# A page read on a phone');
    await page.goto(path);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(page.getByRole('heading', { name: 'A page read on a phone' })).toBeVisible();
    await expect(sidebar).toBeHidden();

    const bar = page.getByRole('navigation', { name: 'Quick actions' });
    await bar.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('tab', { name: 'Recent changes' })).toBeVisible();
    // Leaving the page (any change) closes the drawer.
    await sidebar.getByRole('link', { name: path }).first().click();
    await expect(sidebar).toBeHidden();

    await bar.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    // Opened on purpose: it has the keys at once, so nothing typed lands in the page (issue 30).
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
    await bar.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('dialog', { name: 'Create a new page' })).toBeVisible();

    // The page never scrolls sideways, and the title is not squeezed beside its actions.
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const title = await page.locator('.page-header h1').boundingBox();
    expect(title?.width).toBeGreaterThan(200);
  });
});

test.describe('the first screen at 390 px (issue 30)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a page, its editor, history, the New Page dialog and the bell fit the phone', async ({ page }) => {
    await signIn(page);
    const path = uniquePath('A rather long page title for phones');
    const created = await createPage(page, path, '# Hello\n\nfirst');
    await updatePage(page, created, '# Hello\n\nsecond');
    const right = async (selector: ReturnType<typeof page.locator>) => {
      const box = await selector.boundingBox();
      return (box?.x ?? 0) + (box?.width ?? 0);
    };

    // The page: its actions are one row, the rest behind More; the body is on the first screen.
    await page.goto(urlOf(path));
    const toolbar = page.locator('.page-toolbar');
    await expect(toolbar.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'More' })).toBeVisible();
    const middles = await toolbar
      .locator('.btn')
      .evaluateAll((buttons) =>
        buttons.map((b) => b.getBoundingClientRect()).map((r) => r.top + r.height / 2),
      );
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(8);
    await expect(toolbar.getByRole('link', { name: 'History' })).toHaveCount(0);
    await expect(page.getByText('second')).toBeInViewport();
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    await expect(page).toHaveURL(`${urlOf(path)}#history`);
    // History: View and Restore stay on the screen.
    const restore = page.getByRole('button', { name: 'Restore this version' });
    expect(await right(restore)).toBeLessThanOrEqual(390);

    // The editor's header is one line, its path cut rather than a letter per line.
    await page.goto(`${urlOf(path)}#edit`);
    const heading = page.locator('.editor-heading');
    expect((await heading.boundingBox())?.height).toBeLessThanOrEqual(40);
    await expect(page.locator('.editor-mode')).toBeInViewport();

    // The New Page dialog's fields and the bell's list stay inside the screen.
    await page.goto(urlOf(path));
    await page
      .getByRole('navigation', { name: 'Quick actions' })
      .getByRole('button', { name: 'Create' })
      .click();
    expect(await right(page.getByLabel('Page name'))).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const list = page.locator('.notification-dropdown');
    expect((await list.boundingBox())?.x).toBeGreaterThanOrEqual(0);
    expect(await right(list)).toBeLessThanOrEqual(390);
  });
});

test.describe('every screen at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const SCREENS = [...APP_SCREENS, '/#edit'];

  test('has no horizontal scrolling', async ({ page }) => {
    await signIn(page);
    for (const screen of SCREENS) {
      await page.goto(screen);
      await expect(page.locator('.app-body')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, screen).toBeLessThanOrEqual(390);
    }
  });
});

test.describe('a page at 390 px (issue 30)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a wide formula and the social row stay on the screen, and toasts above the bottom bar', async ({
    page,
  }) => {
    await signIn(page);
    const path = uniquePath('Wide math');
    const formula = Array.from({ length: 30 }, (_, i) => `x_{${i}}`).join(' + ');
    await createPage(page, path, `$$\n${formula} = y\n$$\n\nText.`);
    await page.goto(urlOf(path));
    await expect(page.locator('.katex-display').first()).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The Save toast stands above the bottom bar.
    await page.goto(`${urlOf(path)}#edit`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const toast = page.getByTestId('toast-success').first();
    await expect(toast).toBeVisible();
    const bar = await page.getByRole('navigation', { name: 'Quick actions' }).boundingBox();
    const box = await toast.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
  });
});

test('on a wide screen the personal dropdown puts the sidebar in a drawer while viewing', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Quick actions' })).toBeHidden();
  // Docked: no Menu button (it would do nothing), and the sidebar's three tabs share one line.
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  await expect(menu).toBeHidden();
  const tabTops = await sidebar
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((t) => t.getBoundingClientRect().top));
  expect(new Set(tabTops).size).toBe(1);

  await page.getByRole('button', { name: 'Personal menu' }).click();
  await page.getByRole('switch', { name: 'Drawer While viewing' }).check();
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('preferDrawerModeByUser'))).toBe('true');
  await menu.click();
  await expect(sidebar).toBeVisible();

  await page.reload();
  await expect(sidebar).toBeHidden();
  await page.evaluate(() => localStorage.removeItem('preferDrawerModeByUser'));
  await page.reload();
  await expect(sidebar).toBeVisible();
});
