// File ▸ Export archive… / Import archive… with Electron mocked: native dialogs, the wiki's own
// routes called with the window's session (a real server on loopback), the taskbar progress bar,
// the notices; non-admins are refused as by the API; the progress channel answers only the wiki.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createArchiveActions } from '../../src/main/archive-menu';
import { desktopTranslator } from '../../src/main/i18n';
import { registerArchiveProgressIpc } from '../../src/main/ipc';
import { ARCHIVE_PROGRESS_CHANNEL } from '../../src/shared/desktop-api';
import { createPage, startListening, type ListeningServer } from '../helpers/coedit-server';
import { readZip } from '../helpers/archive';
import { createFakeElectron, FakeBrowserWindow } from './fakes';

let s: ListeningServer;
let dir: string;
beforeEach(async () => {
  s = await startListening();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-menu-archive-'));
});
afterEach(async () => {
  await s.server.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A window whose session is signed in with `cookie`, and the actions bound to it. */
function setUp(cookie: string) {
  const electron = createFakeElectron();
  const window = new FakeBrowserWindow({});
  window.webContents.session.fetch = vi.fn((url: string, init?: RequestInit) =>
    fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } }),
  );
  const openScreen = vi.fn();
  const actions = createArchiveActions({
    dialog: electron.ports.dialog,
    window: () => window,
    serverUrl: s.url,
    t: desktopTranslator('en-US'),
    openScreen,
    pollMs: 20,
  });
  return { dialog: electron.ports.dialog, window, openScreen, actions };
}

describe('File ▸ Export archive…', () => {
  it('saves the whole wiki where the admin chose, with progress on the taskbar and a notice', async () => {
    await createPage(s.admin, '/menu/exported', 'from the menu');
    const { dialog, window, openScreen, actions } = setUp(s.admin.cookie);
    const target = path.join(dir, 'wiki.growi.zip');
    dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: target });
    actions.exportArchive();
    await actions.exporting();
    expect(dialog.showErrorBox).not.toHaveBeenCalled();
    expect(openScreen).toHaveBeenCalledWith('/admin/export');
    const entries = await readZip(fs.readFileSync(target));
    expect(entries.get('pages.json')).toContain('/menu/exported');
    expect([...entries.keys()]).toEqual(expect.arrayContaining(['users.json', 'configs.json', 'meta.json']));
    expect(window.setProgressBar.mock.calls.at(-1)).toEqual([-1]);
    expect(dialog.showMessageBox).toHaveBeenCalledWith(window, {
      type: 'info',
      message: `The archive was saved to ${target}.`,
    });
  });

  it('does nothing when the dialog is cancelled', async () => {
    const { dialog, window, actions } = setUp(s.admin.cookie);
    actions.exportArchive();
    await actions.exporting();
    expect(dialog.showSaveDialog).toHaveBeenCalledOnce();
    expect(window.webContents.session.fetch).not.toHaveBeenCalled();
  });

  it('refuses a non-admin with the server’s message, writing nothing', async () => {
    const { dialog, actions } = setUp(s.bob.cookie);
    const target = path.join(dir, 'nope.growi.zip');
    dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: target });
    actions.exportArchive();
    await actions.exporting();
    expect(dialog.showErrorBox).toHaveBeenCalledWith('Archive', 'You do not have permission to do this.');
    expect(fs.existsSync(target)).toBe(false);
  });
});

describe('File ▸ Import archive…', () => {
  it('uploads the chosen archive and opens the importer screen on it', async () => {
    const admin = setUp(s.admin.cookie);
    const zip = path.join(dir, 'moved.growi.zip');
    admin.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: zip });
    admin.actions.exportArchive();
    await admin.actions.exporting();

    const { dialog, window, openScreen, actions } = setUp(s.admin.cookie);
    dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [zip] });
    actions.importArchive();
    await actions.importing();
    expect(dialog.showErrorBox).not.toHaveBeenCalled();
    expect(openScreen).toHaveBeenCalledWith('/admin/importer');
    expect(window.setProgressBar.mock.calls).toEqual([[2], [-1]]);
    const status = (await s.admin.get('/_api/v3/import/status')).json();
    expect(status.zipFileStat.fileName).toBe('moved.growi.zip');
    expect(dialog.showMessageBox).toHaveBeenCalledWith(
      window,
      expect.objectContaining({ message: 'The archive was uploaded.' }),
    );
  });

  it('refuses a non-admin', async () => {
    const zip = path.join(dir, 'any.growi.zip');
    fs.writeFileSync(zip, 'not even a zip');
    const { dialog, openScreen, actions } = setUp(s.bob.cookie);
    dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [zip] });
    actions.importArchive();
    await actions.importing();
    expect(dialog.showErrorBox).toHaveBeenCalledWith('Archive', 'You do not have permission to do this.');
    expect(openScreen).not.toHaveBeenCalled();
  });
});

describe('archive progress channel', () => {
  it('moves the taskbar progress for the wiki’s own frames only', () => {
    const electron = createFakeElectron();
    const setProgressBar = vi.fn();
    registerArchiveProgressIpc(electron.ports.ipcMain, 'http://127.0.0.1:3000', setProgressBar);
    electron.invoke(ARCHIVE_PROGRESS_CHANNEL, 'http://127.0.0.1:3000', 0.5);
    electron.invoke(ARCHIVE_PROGRESS_CHANNEL, 'http://127.0.0.1:3000', null);
    electron.invoke(ARCHIVE_PROGRESS_CHANNEL, 'http://127.0.0.1:3000', 'lots');
    expect(setProgressBar.mock.calls).toEqual([[0.5], [-1], [-1]]);
    expect(() => electron.invoke(ARCHIVE_PROGRESS_CHANNEL, 'https://evil.example', 0.5)).toThrow();
    expect(setProgressBar).toHaveBeenCalledTimes(3);
  });
});
