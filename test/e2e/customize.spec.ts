// /admin/customize in the browser (issue 15): custom CSS and header apply to every screen; a custom
// script does not run without its switch, runs with it on pages, and never on admin screens. The
// shared server is put back as it was.
import { expect, test, type Page } from '@playwright/test';
import { createPage, csrf, signIn } from './helpers';

async function reset(page: Page) {
  const headers = { 'x-csrf-token': await csrf(page.request) };
  const put = (route: string, data: object) =>
    page.request.put(`/_api/v3/customize-setting/${route}`, { headers, data });
  await put('customize-css', { customizeCss: '' });
  await put('customize-header', { customizeHeader: '' });
  await put('customize-script', { customizeScript: '', isScriptEnabled: false });
  await put('customize-title', { customizeTitle: '' });
  await put('theme', { theme: 'default' });
}

test('custom CSS, header and title apply; the custom script needs its switch and stays off admin screens', async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  try {
    await page.goto('/admin/customize');
    const theme = page.getByTestId('customize-theme');
    await theme.getByLabel('Forest (green)').check();
    await theme.getByRole('button', { name: 'Update' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-ui-theme', 'forest');
    const css = page.getByTestId('customize-css');
    await css.getByLabel('CSS').fill('.page-title { color: rgb(200, 0, 100); }');
    await css.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('Custom CSS');
    const header = page.getByTestId('customize-header');
    await header
      .getByLabel('Header HTML')
      .fill('<b>Internal wiki</b><img src=x onerror="document.title=\'pwned\'">');
    await header.getByRole('button', { name: 'Update' }).click();
    const title = page.getByTestId('customize-title');
    await title.getByLabel('Template').fill('{{sitename}} » {{pagename}}');
    await title.getByRole('button', { name: 'Update' }).click();
    const script = page.getByTestId('customize-script');
    await script.getByLabel('JavaScript').fill("document.body.dataset.customScript = 'ran';");
    await script.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('Custom script');

    await page.goto('/');
    await expect(page.getByTestId('custom-header')).toContainText('Internal wiki');
    await expect(page.locator('h1.page-title').first()).toHaveCSS('color', 'rgb(200, 0, 100)');
    await expect(page.locator('body')).not.toHaveAttribute('data-custom-script', 'ran');
    expect(await page.title()).not.toBe('pwned');

    // Switched on: it runs on pages, not on admin screens.
    await page.goto('/admin/customize');
    await script.getByLabel('Run the custom script').check();
    await script.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('Custom script');
    await page.goto('/');
    await expect(page.locator('body')).toHaveAttribute('data-custom-script', 'ran');
    await expect(page).toHaveTitle(/^Quire » /);
    await page.goto('/admin/customize');
    await expect(page.locator('body')).not.toHaveAttribute('data-custom-script', 'ran');
    await expect(page.locator('#quire-custom-script')).toHaveCount(0);
  } finally {
    await reset(page);
  }
});

test('customize functions: list sizes page the lists, and the timeline can be turned off', async ({
  page,
}) => {
  await signIn(page);
  const parent = `/FunctionsE2E-${Date.now()}`;
  await createPage(page, parent, '# Parent');
  for (const name of ['a', 'b', 'c']) await createPage(page, `${parent}/${name}`, `# ${name}`);
  const functions = () => page.getByTestId('customize-functions');
  const save = async (size: string, timeline: boolean) => {
    await page.goto('/admin/customize');
    await functions()
      .getByLabel(/lists inside a page/)
      .fill(size);
    await functions().getByLabel('Offer the timeline view of page lists').setChecked(timeline);
    await functions().getByRole('button', { name: 'Update' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('Functions');
  };
  try {
    await save('2', false);
    await page.goto(parent);
    const list = page.locator('.page-list-section');
    await expect(list.locator('.page-list li')).toHaveCount(2);
    await expect(list.getByRole('button', { name: 'Timeline' })).toHaveCount(0);
    await expect(list.locator('.pagination')).toBeVisible();
  } finally {
    await save('20', true);
  }
  await page.goto(parent);
  await expect(page.locator('.page-list-section .page-list li')).toHaveCount(3);
});
