// Presentation mode (issue 15): a page shown as slides cut at the page-break, moved through with
// the keyboard, left with Esc; the admin changes the page-break on /admin/markdown.
import { expect, test } from '@playwright/test';
import { createPage, pageMenu, signIn, uniquePath, urlOf } from './helpers';

test('a page as slides: keys move through them, Esc leaves; the page-break is the admin’s', async ({
  page,
}) => {
  await signIn(page);
  const path = uniquePath('slides');
  await createPage(page, path, '# First\n\nhello\n\n-----\n\n# Second\n\n-----\n\n# Third\n\n===\n\nafter');
  await page.goto(urlOf(path));
  await pageMenu(page, 'Presentation');
  const deck = page.getByTestId('presentation');
  await expect(deck.getByTestId('slide-count')).toHaveText('1 / 3');
  await expect(deck.getByRole('heading', { name: 'First' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(deck.getByRole('heading', { name: 'Second' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(deck.getByTestId('slide-count')).toHaveText('3 / 3');
  await page.keyboard.press('ArrowLeft');
  await expect(deck.getByTestId('slide-count')).toHaveText('2 / 3');
  if (process.env.QUIRE_E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.QUIRE_E2E_SCREENSHOTS}/presentation.png` });
  await page.keyboard.press('Escape');
  await expect(deck).toHaveCount(0);

  // A custom page-break: a line of equals signs.
  await page.goto('/admin/markdown');
  const form = page.getByTestId('presentation-settings');
  await form.getByLabel('A regular expression matching the separator line').check();
  await form.getByLabel('Regular expression', { exact: true }).fill('^={3,}$');
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByTestId('toast-success').last()).toContainText('Presentation');
  try {
    await page.goto(urlOf(path));
    await pageMenu(page, 'Presentation');
    await expect(page.getByTestId('slide-count')).toHaveText('1 / 2');
    await page.keyboard.press('Escape');
  } finally {
    // The shared server keeps the default for other specs.
    await page.goto('/admin/markdown');
    await form.getByLabel('Five hyphens (-----)').check();
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('Presentation');
  }
});
