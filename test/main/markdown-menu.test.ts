// File ▸ Export Markdown…, Import Markdown… and Restore from Backup… with Electron mocked: native
// dialogs, the wiki's own routes called with the window's session (a real server on loopback), the
// page the window shows as the place to export or import, the taskbar progress and the notices;
// non-admins refused by the API before anything is chosen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { desktopTranslator } from '../../src/main/i18n';
import { createMarkdownActions, folderFiles, shownPagePath } from '../../src/main/markdown-menu';
import { createRestoreAction } from '../../src/main/restore-menu';
import { defaultConfig } from '../../src/server/config';
import { ServerRunner } from '../../src/server/runner';
import { createPage, startListening, type ListeningServer } from '../helpers/coedit-server';
import { readZip } from '../helpers/archive';
import { install, makeDataDir } from '../helpers/server';
import { createFakeElectron, FakeBrowserWindow } from './fakes';

const t = desktopTranslator('en-US');
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-menu-md-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A window showing `shown`, whose session is signed in with `cookie`. */
function windowAt(serverUrl: string, cookie: string, shown: string) {
  const electron = createFakeElectron();
  const window = new FakeBrowserWindow({});
  window.webContents.url = `${serverUrl}${shown}`;
  window.webContents.session.fetch = vi.fn((url: string, init?: RequestInit) =>
    fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } }),
  );
  const openScreen = vi.fn();
  const deps = { dialog: electron.ports.dialog, window: () => window, serverUrl, t, openScreen, pollMs: 20 };
  return { dialog: electron.ports.dialog, window, openScreen, deps };
}

describe('File ▸ Export Markdown… and Import Markdown…', () => {
  let s: ListeningServer;
  beforeEach(async () => {
    s = await startListening();
  });
  afterEach(async () => {
    await s.server.cleanup();
  });

  it('takes the page the window shows, or the top page where it shows none', () => {
    const { window } = windowAt(s.url, '', '/team/Hand%20book');
    expect(shownPagePath(window, s.url)).toBe('/team/Hand book');
    for (const other of ['/admin/users', '/me', '/trash/x', 'https://elsewhere.example/team']) {
      window.webContents.url = other.startsWith('http') ? other : `${s.url}${other}`;
      expect(shownPagePath(window, s.url), other).toBe('/');
    }
  });

  it('exports the shown page and its subpages to the chosen zip, the window following the job', async () => {
    await createPage(s.admin, '/menu/md', 'exported from the menu');
    await createPage(s.admin, '/menu/md/child', 'and its child');
    const { dialog, window, openScreen, deps } = windowAt(s.url, s.bob.cookie, '/menu/md');
    const target = path.join(dir, 'md.zip');
    dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: target });
    const actions = createMarkdownActions({ ...deps, platform: 'linux' });
    actions.exportMarkdown();
    await actions.exporting();
    expect(dialog.showErrorBox).not.toHaveBeenCalled();
    expect(dialog.showSaveDialog.mock.calls[0]?.[1]).toMatchObject({ defaultPath: 'md-markdown.zip' });
    expect(openScreen.mock.calls[0]?.[0]).toMatch(/^\/menu\/md\?markdownExport=[0-9a-f]{24}$/);
    const entries = await readZip(fs.readFileSync(target));
    expect([...entries.keys()].sort()).toEqual(['menu/md.md', 'menu/md/child.md']);
    expect(window.setProgressBar.mock.calls.at(-1)).toEqual([-1]);
    expect(dialog.showMessageBox).toHaveBeenCalledWith(window, {
      type: 'info',
      message: `2 pages were exported as Markdown to ${target}.`,
    });
  });

  it('imports a chosen folder under the shown page, after asking, with a notice of what came in', async () => {
    await createPage(s.admin, '/landing', 'imports go below');
    const vault = path.join(dir, 'vault');
    fs.mkdirSync(path.join(vault, 'sub'), { recursive: true });
    fs.mkdirSync(path.join(vault, '.git'));
    fs.writeFileSync(path.join(vault, '.git', 'HEAD'), 'ref');
    fs.writeFileSync(path.join(vault, 'Home.md'), 'See [[Deep]] ![[pic.png]]');
    fs.writeFileSync(path.join(vault, 'sub', 'Deep.md'), 'deep');
    fs.writeFileSync(path.join(vault, 'sub', 'pic.png'), 'png bytes');
    expect(
      folderFiles(vault)
        .map((f) => f.name)
        .sort(),
    ).toEqual(['vault/Home.md', 'vault/sub/Deep.md', 'vault/sub/pic.png']);

    const { dialog, window, openScreen, deps } = windowAt(s.url, s.admin.cookie, '/landing');
    dialog.showMessageBox
      .mockResolvedValueOnce({ response: 1 }) // a folder
      .mockResolvedValueOnce({ response: 0 }); // import
    dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [vault] });
    const actions = createMarkdownActions({ ...deps, platform: 'linux' });
    actions.importMarkdown();
    await actions.importing();
    expect(dialog.showErrorBox).not.toHaveBeenCalled();
    expect(dialog.showOpenDialog.mock.calls[0]?.[1]).toMatchObject({ properties: ['openDirectory'] });
    expect(dialog.showMessageBox.mock.calls[1]?.[1]).toMatchObject({
      message: 'Import vault under /landing?',
    });
    expect(openScreen).toHaveBeenCalledWith('/admin/importer');
    expect(dialog.showMessageBox).toHaveBeenLastCalledWith(window, {
      type: 'info',
      message: 'Imported 2 pages and 1 attachments under /landing.',
    });
    const home = await s.admin.get(`/_api/v3/page?path=${encodeURIComponent('/landing/vault/Home')}`);
    expect(home.json().page.revision.body).toMatch(
      /^See \[Deep\]\(\/landing\/vault\/sub\/Deep\) !\[pic\.png\]\(\/attachment\/[0-9a-f]{24}\)$/,
    );
  });

  it('refuses a non-admin import with the server’s message before any dialog', async () => {
    const { dialog, deps } = windowAt(s.url, s.bob.cookie, '/');
    const actions = createMarkdownActions({ ...deps, platform: 'darwin' });
    actions.importMarkdown();
    await actions.importing();
    expect(dialog.showOpenDialog).not.toHaveBeenCalled();
    expect(dialog.showErrorBox).toHaveBeenCalledWith('Markdown', 'You do not have permission to do this.');
  });
});

describe('File ▸ Restore from Backup…', () => {
  it('restores the chosen backup after a warning, waits for the wiki, and says so', async () => {
    const dataDir = makeDataDir();
    const runner = new ServerRunner(
      defaultConfig({ dataDir, port: 0, host: '127.0.0.1', logLevel: 'silent', logToFile: false }),
    );
    const port = await runner.start();
    try {
      const admin = await install(runner.app);
      await admin.post('/_api/v3/page', { path: '/Before', body: 'kept' });
      const backup = (await admin.post('/_api/v3/backups')).json().backup.name as string;
      await admin.post('/_api/v3/page', { path: '/After', body: 'gone' });
      const copied = path.join(dir, 'copied-backup.zip');
      fs.copyFileSync(path.join(dataDir, 'backups', backup), copied);

      const url = `http://127.0.0.1:${port}`;
      const { dialog, window, openScreen, deps } = windowAt(url, admin.cookie, '/');
      dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [copied] });
      const action = createRestoreAction({ ...deps, backupsDir: path.join(dataDir, 'backups') });
      action.restoreBackup();
      await action.restoring();
      expect(dialog.showErrorBox).not.toHaveBeenCalled();
      expect(dialog.showOpenDialog.mock.calls[0]?.[1]).toMatchObject({
        defaultPath: path.join(dataDir, 'backups'),
      });
      expect(dialog.showMessageBox.mock.calls[0]?.[1]).toMatchObject({
        type: 'warning',
        message: 'Restore the wiki from copied-backup.zip?',
      });
      expect(openScreen).toHaveBeenCalledWith('/admin/backups');
      expect(dialog.showMessageBox).toHaveBeenLastCalledWith(window, {
        type: 'info',
        message: 'The wiki was restored from copied-backup.zip.',
      });
      const paths = runner.app.ctx.db.$client.prepare('SELECT path FROM pages').all() as { path: string }[];
      expect(paths.map((p) => p.path)).toContain('/Before');
      expect(paths.map((p) => p.path)).not.toContain('/After');
    } finally {
      await runner.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('does nothing when the warning is declined', async () => {
    const s = await startListening();
    try {
      const { dialog, window, deps } = windowAt(s.url, s.admin.cookie, '/');
      dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [path.join(dir, 'x.zip')] });
      dialog.showMessageBox.mockResolvedValueOnce({ response: 1 });
      const action = createRestoreAction({ ...deps, backupsDir: dir });
      action.restoreBackup();
      await action.restoring();
      expect(window.webContents.session.fetch).toHaveBeenCalledTimes(1); // the admin check only
      expect(dialog.showErrorBox).not.toHaveBeenCalled();
    } finally {
      await s.server.cleanup();
    }
  });
});
