// Markdown settings in the browser (issue 15): line breaks in pages switch on and off, a forced
// indent fixes the editor's indent, and the XSS section lists the allowlist.
import { expect, test } from '@playwright/test';
import { createPage, signIn, uniquePath, urlOf } from './helpers';

test('line breaks and a forced indent apply to pages and the editor', async ({ page }) => {
  await signIn(page);
  const path = uniquePath('breaks');
  await createPage(page, path, 'first line\nsecond line');
  await page.goto('/admin/markdown');
  await expect(page.getByTestId('markdown-xss')).toContainText('blockquote');
  const breaks = page.getByTestId('markdown-linebreaks').getByRole('checkbox');
  try {
    await breaks.click();
    await expect(breaks).toBeChecked();
    const indent = page.getByTestId('markdown-indent');
    await indent.getByLabel('Indent of the editor').selectOption('2');
    await expect(page.getByTestId('toast-success').last()).toContainText('Indent');
    await indent.getByRole('checkbox').click();
    await expect(indent.getByRole('checkbox')).toBeChecked();

    await page.goto(urlOf(path));
    await expect(page.locator('article .markdown-body br')).toHaveCount(1);
    await page.goto(`${urlOf(path)}#edit`);
    await expect(page.locator('.md-indent select')).toBeDisabled();
    await expect(page.locator('.md-indent select')).toHaveValue('2');
  } finally {
    await page.goto('/admin/markdown');
    if (await breaks.isChecked()) await breaks.click();
    await expect(breaks).not.toBeChecked();
    const indent = page.getByTestId('markdown-indent');
    if (await indent.getByRole('checkbox').isChecked()) await indent.getByRole('checkbox').click();
    await indent.getByLabel('Indent of the editor').selectOption('4');
  }
  await page.goto(urlOf(path));
  await expect(page.locator('article .markdown-body br')).toHaveCount(0);
});
