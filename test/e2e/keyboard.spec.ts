// Issue 30, item 12: every action on every screen is reachable with Tab, and whatever has the
// keyboard focus shows a visible focus ring (WCAG 2.1.1 and 2.4.7).
import { expect, test, type Page } from '@playwright/test';
import { APP_SCREENS, createPage, signIn, uniquePath, urlOf } from './helpers';

/** What a keyboard user can act on: visible, enabled, not taken out of the tab order on purpose. */
const ACTIONS =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** Numbers every action on the screen (data-kb) and answers how many there are. */
async function numberActions(page: Page): Promise<number> {
  return page.evaluate((selector) => {
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !el.closest('[inert]');
    };
    // A radio group is one stop (arrow keys move within it): its checked radio, or its first.
    const radioStop = (el: Element) => {
      if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
      const group = [...document.querySelectorAll(`input[type="radio"][name="${CSS.escape(el.name)}"]`)];
      const checked = group.find((r) => (r as HTMLInputElement).checked);
      return el === (checked ?? group[0]);
    };
    const actions = [...document.querySelectorAll(selector)].filter(
      (el) => visible(el) && (el as HTMLElement).tabIndex >= 0 && !el.closest('.cm-editor') && radioStop(el),
    );
    actions.forEach((el, i) => el.setAttribute('data-kb', String(i)));
    return actions.length;
  }, ACTIONS);
}

/** The focused element's number (or its description when it has none) and whether its ring shows. */
async function focused(page: Page): Promise<{ id: string; ring: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { id: 'body', ring: true };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
    const id = el.getAttribute('data-kb') ?? `${el.tagName.toLowerCase()}.${el.className}`;
    return { id, ring };
  });
}

/** Tabs through the screen once: the actions never reached, and those focused without a ring. */
async function tabThrough(page: Page): Promise<{ unreached: string[]; noRing: string[] }> {
  const count = await numberActions(page);
  const reached = new Set<string>();
  const noRing = new Set<string>();
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  for (let i = 0; i < count + 20; i++) {
    await page.keyboard.press('Tab');
    const { id, ring } = await focused(page);
    if (!ring) noRing.add(id);
    reached.add(id);
  }
  const describe = (n: string) =>
    page.evaluate((i) => {
      const el = document.querySelector(`[data-kb="${i}"]`);
      if (!el) return i;
      const name = (
        el.textContent ||
        el.getAttribute('aria-label') ||
        el.getAttribute('name') ||
        el.id ||
        ''
      ).trim();
      return `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${name.slice(0, 40)}"`;
    }, n);
  const unreached: string[] = [];
  for (let i = 0; i < count; i++) if (!reached.has(String(i))) unreached.push(await describe(String(i)));
  return {
    unreached,
    noRing: await Promise.all([...noRing].map((n) => (/^\d+$/.test(n) ? describe(n) : n))),
  };
}

for (const width of [1280, 390]) {
  test(`every action on every screen is reached with Tab and shows a focus ring, ${width} px`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await signIn(page);
    const path = uniquePath('Keyboard');
    await createPage(
      page,
      path,
      '# Keyboard\n\nA [link](/) and a table:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    const problems: Record<string, { unreached: string[]; noRing: string[] }> = {};
    for (const screen of [...APP_SCREENS, urlOf(path), `${urlOf(path)}#history`, `${urlOf(path)}#edit`]) {
      await page.goto(screen);
      await expect(page.locator('.app-body')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const found = await tabThrough(page);
      if (found.unreached.length + found.noRing.length > 0) problems[screen] = found;
    }
    expect(problems).toEqual({});
  });
}
