// SPEC §4: past 200 px of scrolling a "back to top" button appears, and takes the reader back up.
import { expect, test } from '@playwright/test';
import { createPage, signIn, uniquePath, urlOf } from './helpers';

test('a long page offers a way back to the top after 200 px', async ({ page }) => {
  await signIn(page);
  const path = uniquePath('Long');
  await createPage(page, path, Array.from({ length: 80 }, (_, i) => `Paragraph ${i}`).join('\n\n'));
  await page.goto(urlOf(path));
  await expect(page.getByText('Paragraph 79')).toBeAttached();
  const button = page.getByRole('button', { name: 'Back to top' });
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 150));
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 600));
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toHaveCount(0);
});
