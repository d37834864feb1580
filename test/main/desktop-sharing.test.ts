// Share on LAN from the desktop, with Electron faked: the switch and its first-time confirmation in
// the tray and the File menu, the tray's tooltip and items, Copy address, Show QR code, closing the
// window while shared (keep serving?) and quitting with colleagues connected.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { runDesktopApp } from '../../src/main/app-lifecycle';
import type { DesktopAppOptions } from '../../src/main/app-lifecycle';
import type { SharingState } from '../../src/shared/sharing';
import { createFakeElectron, type FakeElectron, type FakeUtilityChild } from './fakes';
import { startHealthServer } from './health-server';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function sharingState(patch: Partial<SharingState> = {}): SharingState {
  return {
    shared: false,
    fixed: false,
    port: 3000,
    protocol: 'http',
    addresses: [{ url: 'http://127.0.0.1:3000', kind: 'loopback' }],
    preferredUrl: 'http://127.0.0.1:3000',
    discovery: 'stopped',
    localName: null,
    https: 'off',
    tlsFingerprint: null,
    browsers: 1,
    users: [],
    recentSignIns: [],
    ...patch,
  };
}

const LAN = 'http://192.168.1.20:3000';
const SHARED = {
  shared: true,
  preferredUrl: LAN,
  addresses: [{ url: LAN, kind: 'ipv4' as const }],
};

async function launchDesktop(state: SharingState, overrides: Partial<DesktopAppOptions> = {}) {
  const health = await startHealthServer();
  cleanups.push(() => health.close());
  const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-desktop-'));
  cleanups.push(() => fs.rmSync(userData, { recursive: true, force: true }));
  let child: FakeUtilityChild | null = null;
  const fake = createFakeElectron({
    userData,
    onFork: (forked) => {
      child = forked;
      forked.sharing = state;
      forked.emit('message', { type: 'ready', url: health.url, urls: [health.url] });
    },
  });
  const run = runDesktopApp({
    electron: fake.ports,
    nodeFork: vi.fn(fork),
    env: {},
    platform: 'linux',
    electronVersion: '41.7.1',
    paths: { serverJs: '/app/out/main/server.js', preload: '/p.cjs', icon: '/app/resources/icon.png' },
    timeouts: { startMs: 5_000, stopMs: 300 },
    echo: null,
    ...overrides,
  });
  cleanups.push(async () => {
    await run.catch(() => undefined);
    fake.ports.dialog.showMessageBox.mockResolvedValue({ response: 1 }); // "Quit anyway".
    fake.ports.app.quit();
    await vi.waitFor(() => expect(fake.state.quitCompleted).toBe(true));
  });
  await run;
  // The first state arrives over the control channel (the fake answers on the next turn).
  await vi.waitFor(() => expect(child && requests(child)).toContain('sharing:get'));
  await new Promise((resolve) => setTimeout(resolve, 30));
  return { fake, child: child! as FakeUtilityChild, health, userData };
}

function fileItem(fake: FakeElectron, label: string): MenuItemConstructorOptions | undefined {
  const file = fake.menu.template?.find((item) => item.label === 'File');
  return (Array.isArray(file?.submenu) ? file.submenu : []).find((item) => item.label === label);
}

const requests = (child: FakeUtilityChild) =>
  child.postMessage.mock.calls
    .map(([m]) => (m as { type: string }).type)
    .filter((t) => t.startsWith('sharing:'));

describe('the Share on LAN switch', () => {
  it('explains and asks the first time, shares on confirmation, and does not ask again', async () => {
    const { fake, child } = await launchDesktop(sharingState());
    const tray = fake.tray()!;
    expect(tray.toolTip).toBe('Quire — only this computer (not shared)');
    expect(tray.contextMenu?.template.map((i) => i.label).filter(Boolean)).toEqual([
      'Open Quire',
      'Share on LAN',
      'Copy Address',
      'Show QR Code…',
      'Back Up Now',
      'Quit Quire',
    ]);

    fake.ports.dialog.showMessageBox.mockResolvedValueOnce({ response: 0 }); // Cancel.
    tray.click('Share on LAN');
    await vi.waitFor(() => expect(fake.ports.dialog.showMessageBox).toHaveBeenCalledOnce());
    const [, asked] = fake.ports.dialog.showMessageBox.mock.calls[0]!;
    expect(asked).toMatchObject({ message: 'Share this wiki on the network?' });
    expect((asked as { detail: string }).detail).toContain("reach the wiki's sign-in page");
    expect((asked as { detail: string }).detail).toContain('guest mode');
    expect(requests(child)).not.toContain('sharing:set');

    fake.ports.dialog.showMessageBox.mockResolvedValueOnce({ response: 1 }); // Share on LAN.
    child.sharing = sharingState(SHARED);
    tray.click('Share on LAN');
    await vi.waitFor(() => expect(fake.tray()!.toolTip).toBe(`Quire — ${LAN}`));
    expect(fileItem(fake, 'Share on LAN')?.checked).toBe(true);

    // Remembered: off and on again asks nothing more.
    tray.click('Share on LAN');
    await vi.waitFor(() => expect(fileItem(fake, 'Share on LAN')?.checked).toBe(false));
    tray.click('Share on LAN');
    await vi.waitFor(() => expect(fileItem(fake, 'Share on LAN')?.checked).toBe(true));
    expect(fake.ports.dialog.showMessageBox).toHaveBeenCalledTimes(2);
  });

  it('follows a switch made in the web app, and copies the address colleagues use', async () => {
    const { fake, child } = await launchDesktop(sharingState());
    child.emit('message', { type: 'sharing:changed', state: sharingState(SHARED) });
    await vi.waitFor(() => expect(fake.tray()!.toolTip).toBe(`Quire — ${LAN}`));
    fake.tray()!.click('Copy Address');
    expect(fake.ports.clipboard.writeText).toHaveBeenLastCalledWith(LAN);
    const help = fake.menu.template?.find((item) => item.label === 'Help');
    const copy = (Array.isArray(help?.submenu) ? help.submenu : []).find(
      (i) => i.label === 'Copy Wiki Address',
    );
    (copy?.click as () => void)();
    expect(fake.ports.clipboard.writeText).toHaveBeenLastCalledWith(LAN);
  });

  it('shows the QR code of the address in a dialog', async () => {
    const { fake } = await launchDesktop(sharingState(SHARED));
    fake.tray()!.click('Show QR Code…');
    await vi.waitFor(() => expect(fake.ports.dialog.showMessageBox).toHaveBeenCalled());
    expect(fake.ports.nativeImage.createFromDataURL).toHaveBeenCalledWith(
      expect.stringMatching(/^data:image\/png/),
    );
    const [, options] = fake.ports.dialog.showMessageBox.mock.calls[0]!;
    expect(options).toMatchObject({ message: LAN, icon: { dataURL: expect.any(String) } });
  });

  it('cannot be switched when QUIRE_HOST fixed the address', async () => {
    const { fake } = await launchDesktop(sharingState({ ...SHARED, fixed: true }));
    const item = fake.tray()!.contextMenu!.template.find((i) => i.label === 'Share on LAN');
    expect(item).toMatchObject({ checked: true, enabled: false });
  });
});

describe('closing the window while shared', () => {
  it('asks once whether to keep serving, remembers, and keeps the tray', async () => {
    const { fake, userData } = await launchDesktop(sharingState(SHARED));
    fake.ports.dialog.showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: true });
    fake.windows()[0]!.close();
    fake.emitApp('window-all-closed');
    await vi.waitFor(() => expect(fake.ports.dialog.showMessageBox).toHaveBeenCalledOnce());
    expect(fake.ports.dialog.showMessageBox.mock.calls[0]![0]).toMatchObject({
      message: expect.stringContaining('Keep it running in the background?'),
      checkboxLabel: 'Remember my choice',
    });
    expect(fake.state.quitCompleted).toBe(false);
    const saved = JSON.parse(fs.readFileSync(path.join(userData, 'desktop-preferences.json'), 'utf8'));
    expect(saved.closeToTray).toBe('keep-serving');

    // Open Quire in the tray brings the window back; closing it again asks nothing.
    fake.tray()!.click('Open Quire');
    expect(fake.windows()).toHaveLength(2);
    fake.windows()[1]!.close();
    fake.emitApp('window-all-closed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.ports.dialog.showMessageBox).toHaveBeenCalledOnce();
    expect(fake.state.quitCompleted).toBe(false);
  });

  it('quits as before while not shared', async () => {
    const { fake } = await launchDesktop(sharingState());
    fake.windows()[0]!.close();
    fake.emitApp('window-all-closed');
    await vi.waitFor(() => expect(fake.state.quitCompleted).toBe(true));
    expect(fake.ports.dialog.showMessageBox).not.toHaveBeenCalled();
  });
});

describe('quitting with people connected', () => {
  it('says how many and who, and Cancel keeps the wiki running', async () => {
    const users = [{ id: 'u1', username: 'bob', name: 'Bob', browsers: 2 }];
    const { fake, child } = await launchDesktop(sharingState({ ...SHARED, browsers: 3, users }));
    fake.ports.dialog.showMessageBox.mockResolvedValueOnce({ response: 0 }); // Cancel.
    fake.ports.app.quit();
    await vi.waitFor(() => expect(fake.ports.dialog.showMessageBox).toHaveBeenCalledOnce());
    const [, options] = fake.ports.dialog.showMessageBox.mock.calls[0]!;
    // Three browsers, one of them this window: two others.
    expect(options).toMatchObject({ message: '2 other browsers are connected to this wiki.' });
    expect((options as { detail: string }).detail).toContain('Bob');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.state.quitCompleted).toBe(false);
    expect(child.kill).not.toHaveBeenCalled();
  });

  it('quits without asking when only this window is connected', async () => {
    const { fake } = await launchDesktop(sharingState({ ...SHARED, browsers: 1 }));
    fake.ports.app.quit();
    await vi.waitFor(() => expect(fake.state.quitCompleted).toBe(true));
    expect(fake.ports.dialog.showMessageBox).not.toHaveBeenCalled();
  });
});

describe('started at log-in', () => {
  it('serves from the tray without opening the window', async () => {
    const { fake } = await launchDesktop(sharingState(), { argv: ['/app/quire', '--start-hidden'] });
    expect(fake.windows()).toHaveLength(0);
    fake.tray()!.click('Open Quire');
    expect(fake.windows()).toHaveLength(1);
  });
});
