// Markdown extensions in the browser (issue 15): math drawn by KaTeX, a Mermaid diagram (strict:
// a hostile label stays text), emoji shortcodes, [[wiki links]] and relative links resolved
// against the page — each fetched on demand.
import { expect, test } from '@playwright/test';
import { createPage, signIn, uniquePath, urlOf } from './helpers';

test('math, diagrams, emoji and wiki links render, and hostile input stays inert', async ({ page }) => {
  test.slow();
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page);
  const path = uniquePath('extensions');
  const body = [
    'Euler: $$e^{i\\pi} + 1 = 0$$',
    '',
    '```mermaid',
    'graph TD',
    '  A["<img src=x onerror=alert(1)>"] --> B[Done]',
    '  click A "javascript:alert(2)"',
    '```',
    '',
    'Ship it :rocket:',
    '',
    'See [[Roadmap|the roadmap]] and [a child](child).',
  ].join('\n');
  await createPage(page, path, body);
  await page.goto(urlOf(path));
  const content = page.locator('.markdown-body').first();
  await expect(content.locator('.katex').first()).toBeVisible({ timeout: 15_000 });
  const diagram = content.getByTestId('mermaid-diagram');
  await expect(diagram.locator('svg')).toBeVisible({ timeout: 15_000 });
  await expect(diagram).toContainText('Done');
  // Strict mode, labels as SVG text: no markup and no handlers from the author.
  await expect(diagram.locator('img, script, [onerror], [onclick], foreignObject')).toHaveCount(0);
  await expect(content).toContainText('Ship it 🚀');
  await expect(content.getByRole('link', { name: 'the roadmap' })).toHaveAttribute('href', '/Roadmap');
  await expect(content.getByRole('link', { name: 'a child' })).toHaveAttribute(
    'href',
    `${urlOf(path)}/child`,
  );
  if (process.env.QUIRE_E2E_SCREENSHOTS)
    await page.screenshot({
      path: `${process.env.QUIRE_E2E_SCREENSHOTS}/markdown-extensions.png`,
      fullPage: true,
    });
  await diagram.locator('svg').click();
  expect(alerts).toEqual([]);
});
