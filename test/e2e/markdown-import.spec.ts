// Markdown in from the admin screen in Chromium: a folder chosen with the folder picker (an
// Obsidian-style vault) imported under a path, the report, and the pages with their links.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn, uniquePath, urlOf } from './helpers';

test('import a folder of Markdown from the importer screen', async ({ page }) => {
  const parent = uniquePath('Vault');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-vault-'));
  const vault = path.join(dir, 'MyVault');
  fs.mkdirSync(path.join(vault, 'Projects'), { recursive: true });
  fs.mkdirSync(path.join(vault, '.obsidian'));
  fs.writeFileSync(path.join(vault, '.obsidian', 'app.json'), '{}');
  fs.writeFileSync(path.join(vault, 'Home.md'), '---\ntags: [start]\n---\nSee [[Roadmap]].');
  fs.writeFileSync(path.join(vault, 'Projects', 'Roadmap.md'), '# Roadmap\n\nShip it?');
  fs.writeFileSync(path.join(vault, 'Projects', 'Why?.md'), 'A name SPEC refuses.');

  await signIn(page);
  await page.goto(urlOf('/admin/importer'));
  const section = page.getByRole('region', { name: 'Markdown files' });
  await section.getByLabel('Import under this path').fill(parent);
  await section.getByLabel('Choose a folder…').setInputFiles(vault);
  await expect(section.getByTestId('markdown-import-chosen')).toContainText('MyVault');
  await section.getByRole('button', { name: 'Import Markdown' }).click();

  const report = section.getByTestId('markdown-import-report');
  await expect(report).toContainText(`Imported 3 pages and 0 attachments under ${parent}.`);
  await expect(report).toContainText('1 file got another path');
  await expect(report).toContainText(`MyVault/Projects/Why?.md → ${parent}/MyVault/Projects/Why_`);
  await page.screenshot({ path: 'test-results/markdown-import.png', fullPage: true });

  await page.goto(urlOf(`${parent}/MyVault/Home`));
  await page.getByRole('link', { name: 'Roadmap' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${encodeURI(`${parent}/MyVault/Projects/Roadmap`)}$`));
  await expect(page.getByText('Ship it?')).toBeVisible();
  fs.rmSync(dir, { recursive: true, force: true });
});
