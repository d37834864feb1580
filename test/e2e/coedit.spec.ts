// Co-editing in the browser: two people typing into one page at once end with identical text and
// an identical saved revision; an editor that goes offline merges its keystrokes when back; a draft
// survives a server restart and a closed browser; only people who may edit get in; readers are
// told when someone saves the page they are reading.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { HttpAgent, spawnServer, waitForExit, type ServerProcess } from '../helpers/process';
import { ADMIN, createPage, editorText, markdownEditor, signIn, uniquePath, urlOf } from './helpers';

async function openCoeditor(page: Page, wikiPath: string, text: string): Promise<void> {
  await page.goto(`${urlOf(wikiPath)}#hackmd`);
  await expect(page.getByText('Co-editing', { exact: true })).toBeVisible();
  await expect.poll(() => editorText(page)).toBe(text);
  await expect(page.getByTestId('coedit-connection')).toHaveAttribute('data-state', 'connected');
}

/** Puts the cursor at the end of the text. */
async function toEnd(page: Page): Promise<void> {
  await markdownEditor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
}

test('two people typing at the same time end with identical editors and saved revision', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const created = await createPage(page, uniquePath('together'), 'Start.');
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second);
  await openCoeditor(page, created.path, 'Start.');
  await openCoeditor(second, created.path, 'Start.');
  await expect(page.getByTestId('coedit-presence').getByText('Ada Admin')).toBeVisible();

  await markdownEditor(page).click();
  await page.keyboard.press('ControlOrMeta+Home');
  await toEnd(second);
  await Promise.all([
    page.keyboard.type('alpha beta gamma ', { delay: 15 }),
    second.keyboard.type(' delta epsilon zeta', { delay: 15 }),
  ]);
  const expected = 'alpha beta gamma Start. delta epsilon zeta';
  await expect.poll(() => editorText(page)).toBe(expected);
  await expect.poll(() => editorText(second)).toBe(expected);
  // The live preview follows the shared text too.
  await expect(second.getByRole('region', { name: 'Preview' })).toContainText(expected);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(urlOf(created.path));
  await expect(page.locator('article .markdown-body')).toHaveText(expected);
  const saved = await page.request.get(`/_api/v3/page?pageId=${created._id}`);
  expect(((await saved.json()) as { page: { revision: { body: string } } }).page.revision.body).toBe(
    expected,
  );
  await expect(second.getByTestId('draft-status')).toHaveAttribute('data-status', 'synced');

  // Undo takes back one's own typing only, never a colleague's (the first editor has left).
  await markdownEditor(second).press('ControlOrMeta+z');
  await expect.poll(() => editorText(second)).toBe('alpha beta gamma Start.');
  await expect(second.getByTestId('draft-status')).toHaveAttribute('data-status', 'draft');
  await other.close();
});

test('an editor that goes offline keeps typing and merges when back online', async ({ page, browser }) => {
  await signIn(page);
  const created = await createPage(page, uniquePath('offline'), 'Middle');
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second);
  await openCoeditor(page, created.path, 'Middle');
  await openCoeditor(second, created.path, 'Middle');

  await other.setOffline(true);
  await expect(second.getByTestId('coedit-connection')).toHaveAttribute('data-state', 'offline');
  await expect(second.getByText('You are offline.')).toBeVisible();
  await toEnd(second);
  await second.keyboard.type(' offline words');
  await markdownEditor(page).click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('Online ');
  // Neither side has the other's words while the network is down.
  await expect.poll(() => editorText(page)).toBe('Online Middle');
  expect(await editorText(second)).toBe('Middle offline words');

  await other.setOffline(false);
  await expect(second.getByTestId('coedit-connection')).toHaveAttribute('data-state', 'connected');
  await expect.poll(() => editorText(second)).toBe('Online Middle offline words');
  await expect.poll(() => editorText(page)).toBe('Online Middle offline words');
  await other.close();
});

test('guests are refused co-editing, in the page and at the socket', async ({ page, browser }) => {
  await signIn(page);
  const created = await createPage(page, uniquePath('guarded'), 'Read only for guests.');
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  const warnings: string[] = [];
  guestPage.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await guestPage.goto(`${urlOf(created.path)}#hackmd`);
  await expect(guestPage.getByText('Please login or signup to edit the page or use hackmd.')).toBeVisible();
  await expect.poll(() => warnings).toContain('Please login or signup to edit the page or use hackmd.');
  await expect(markdownEditor(guestPage)).toHaveCount(0);

  const outcome = await guestPage.evaluate(
    (pageId) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`ws://${location.host}/_api/v3/coedit/${pageId}`);
        socket.onopen = () => resolve('open');
        socket.onclose = () => resolve('refused');
      }),
    created._id,
  );
  expect(outcome).toBe('refused');
  await guest.close();
});

test('a reader is told who updated the page and can show the new version', async ({ page, browser }) => {
  await signIn(page);
  const created = await createPage(page, uniquePath('news'), 'First version.');
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await reader.goto(urlOf(created.path));
  await expect(reader.locator('article .markdown-body')).toHaveText('First version.');
  // The live socket opens with the app; give it a moment before the save it must hear about.
  await reader.waitForTimeout(500);

  await page.goto(`${urlOf(created.path)}#edit`);
  await expect.poll(() => editorText(page)).toBe('First version.');
  await markdownEditor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Second version.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(urlOf(created.path));

  const notice = reader.getByTestId('page-updated-notice');
  await expect(notice).toContainText('This page was updated by Ada Admin.');
  await notice.getByRole('link', { name: 'Show the latest version' }).click();
  await expect(reader.locator('article .markdown-body')).toHaveText('First version. Second version.');

  // Recent changes refresh by themselves when someone creates a page.
  const fresh = await createPage(page, uniquePath('fresh'), 'Just created.');
  await expect(reader.getByRole('complementary').getByRole('link', { name: fresh.path })).toBeVisible();
  await readerContext.close();
});

test.describe('with a server of its own', () => {
  let server: ServerProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-coedit-'));
    server = await spawnServer(
      ['--data-dir', dataDir, '--port', '0', '--log-level', 'warn'],
      {},
      'out/main/server.js',
    );
    const agent = new HttpAgent(server.url);
    await agent.call('POST', '/_api/v3/installer', { ...ADMIN, lang: 'en_US' });
  });
  test.afterAll(async () => {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a co-edited draft survives a server restart and a closed browser', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signIn(page);
    const created = await createPage(page, '/drafts/restart', 'Saved text.');
    await openCoeditor(page, created.path, 'Saved text.');
    await toEnd(page);
    await page.keyboard.type(' Draft words.');
    await expect(page.getByTestId('draft-status')).toHaveAttribute('data-status', 'draft');

    // Restart on the same port: the open editor reconnects by itself.
    const port = new URL(server.url).port;
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    await expect(page.getByTestId('coedit-connection')).not.toHaveAttribute('data-state', 'connected');
    server = await spawnServer(
      ['--data-dir', dataDir, '--port', port, '--log-level', 'warn'],
      {},
      'out/main/server.js',
    );
    await expect(page.getByTestId('coedit-connection')).toHaveAttribute('data-state', 'connected', {
      timeout: 20_000,
    });
    expect(await editorText(page)).toBe('Saved text. Draft words.');

    // The browser goes away without saving; a new one finds the draft on the server.
    await context.close();
    const later = await browser.newContext({ baseURL: server.url });
    const again = await later.newPage();
    await signIn(again);
    await again.goto(urlOf(created.path));
    await expect(again.getByTestId('draft-status')).toHaveAttribute('data-status', 'draft');
    // The plain editor points to the shared draft before anyone writes over it.
    await again.goto(`${urlOf(created.path)}#edit`);
    await expect(again.getByTestId('coedit-draft-notice')).toBeVisible();
    await openCoeditor(again, created.path, 'Saved text. Draft words.');
    await later.close();
  });
});
