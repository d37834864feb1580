// Issue 30, item 12: every screen passes axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules with no
// serious or critical violation — in light and dark, at 1280 px and at 390 px on a phone.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { APP_SCREENS, createPage, signIn, uniquePath, updatePage, urlOf } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** The serious and critical violations on the screen now, one line each: rule, target, why. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} ${node.target.join(' ')}`));
}

async function audit(page: Page, screens: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const screen of screens) {
    await page.goto(screen);
    await expect(page.locator('.app-body')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const here = await violations(page);
    if (here.length > 0) found[screen] = here;
  }
  return found;
}

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`no serious axe violation on any screen, ${scheme}, ${width} px`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.emulateMedia({ colorScheme: scheme });
      // Before signing in: the screens a newcomer meets first.
      const guest = await audit(page, ['/login', '/forgot-password']);
      await signIn(page);
      const path = uniquePath('Accessible');
      const created = await createPage(
        page,
        path,
        '# Accessible\n\nA [link](/) in text, `code`, and a table:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [ ] task\n',
      );
      await updatePage(page, created, '# Accessible\n\nSecond version.\n');
      const signedIn = await audit(page, [
        ...APP_SCREENS,
        urlOf(path),
        `${urlOf(path)}#edit`,
        `${urlOf(path)}#history`,
      ]);
      expect({ ...guest, ...signedIn }).toEqual({});
    });
  }
}
