// SPEC §2's easter eggs: the Konami code rolls the staff credits at 200 px per second; GROWI's mirror
// sequence mirrors the app.
import { expect, test } from '@playwright/test';

const KONAMI = [
  'ArrowUp',
  'ArrowUp',
  'ArrowDown',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'ArrowLeft',
  'ArrowRight',
  'b',
  'a',
];
const MIRROR = ['x', 'x', 'b', 'b', 'a', 'y', 'a', 'y', 'ArrowDown', 'ArrowLeft'];

test('the Konami code rolls the staff credits, and Escape closes them', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Quire' })).toBeVisible();
  for (const key of KONAMI) await page.keyboard.press(key);
  const credits = page.getByRole('dialog', { name: 'Staff credits' });
  await expect(credits).toBeVisible();
  await expect(credits.getByRole('heading', { name: 'Quire' })).toBeVisible();
  // The roll travels its own height plus the window's at 200 px per second.
  const roll = credits.locator('.staff-credits-roll');
  await expect(roll).toHaveAttribute('data-seconds', /.+/);
  const { seconds, height } = await roll.evaluate((el) => ({
    seconds: Number((el as HTMLElement).dataset.seconds),
    height: (el as HTMLElement).offsetHeight,
  }));
  expect(seconds).toBeCloseTo((height + 800) / 200, 1);
  await page.keyboard.press('Escape');
  await expect(credits).toHaveCount(0);
});

test('the mirror sequence mirrors the app, and typing it again turns it back', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Quire' })).toBeVisible();
  for (const key of MIRROR) await page.keyboard.press(key);
  await expect(page.locator('body')).toHaveClass(/mirror/);
  for (const key of MIRROR) await page.keyboard.press(key);
  await expect(page.locator('body')).not.toHaveClass(/mirror/);
});
