// The desktop app's life with Electron faked: launch, server start, window, menu, IPC, quit, crash.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { runDesktopApp } from '../../src/main/app-lifecycle';
import type { DesktopAppOptions } from '../../src/main/app-lifecycle';
import { DAMAGED_DATABASE_EXIT, SERVER_INFO_CHANNEL } from '../../src/shared/desktop-api';
import { MAX_RESTARTS } from '../../src/main/server-supervisor';
import { createFakeElectron } from './fakes';
import type { FakeElectron, FakeElectronOptions, FakeUtilityChild } from './fakes';
import { startHealthServer } from './health-server';
import type { HealthServer } from './health-server';

const USER_DATA = '/home/ada/.config/Quire';
const FAKE_SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/fake-server.mjs');
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  vi.unstubAllEnvs();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function healthServer(statuses?: number[]): Promise<HealthServer> {
  const health = await startHealthServer(statuses);
  cleanups.push(() => health.close());
  return health;
}

function sayReady(health: HealthServer) {
  return (child: FakeUtilityChild) =>
    child.emit('message', { type: 'ready', url: health.url, urls: [health.url] });
}

function launch(fake: FakeElectron, overrides: Partial<DesktopAppOptions> = {}) {
  const run = runDesktopApp({
    electron: fake.ports,
    nodeFork: vi.fn(fork),
    env: {},
    platform: 'linux',
    electronVersion: '41.7.1',
    paths: {
      serverJs: '/app/out/main/server.js',
      preload: '/app/out/preload/index.cjs',
      icon: '/app/resources/icon.png',
    },
    timeouts: { startMs: 5_000, stopMs: 300 },
    echo: null,
    ...overrides,
  });
  // Whatever a test leaves running is stopped the way a user would: by quitting.
  cleanups.push(async () => {
    await run.catch(() => undefined);
    fake.ports.app.quit();
    await vi.waitFor(() =>
      expect(fake.state.quitCompleted || fake.ports.app.exit.mock.calls.length).toBeTruthy(),
    );
  });
  return run;
}

async function started(options: FakeElectronOptions & { health?: HealthServer } = {}) {
  const health = options.health ?? (await healthServer());
  const fake = createFakeElectron({ userData: USER_DATA, onFork: sayReady(health), ...options });
  await launch(fake);
  return { fake, health };
}

describe('launch', () => {
  it('quits at once when another Quire already holds the single-instance lock', async () => {
    const fake = createFakeElectron({ gotLock: false });
    await launch(fake);
    expect(fake.ports.app.quit).toHaveBeenCalled();
    expect(fake.ports.app.whenReady).not.toHaveBeenCalled();
    expect(fake.ports.utilityProcess.fork).not.toHaveBeenCalled();
    expect(fake.windows()).toHaveLength(0);
  });

  it('packaged: forks the server in a utilityProcess with the user-data folder as its data dir', async () => {
    const { fake } = await started({ isPackaged: true });
    expect(fake.ports.utilityProcess.fork).toHaveBeenCalledWith(
      '/app/out/main/server.js',
      ['--data-dir', USER_DATA, '--port', '3000', '--announce'],
      expect.objectContaining({ serviceName: 'Quire server', stdio: 'pipe' }),
    );
  });

  it('waits for a passing healthcheck before opening the window', async () => {
    const health = await healthServer([503, 503, 200]);
    const fake = createFakeElectron({ onFork: sayReady(health) });
    const okAnswersWhenLoaded: number[] = [];
    const run = launch(fake);
    await vi.waitFor(() => expect(fake.windows()).toHaveLength(1));
    okAnswersWhenLoaded.push(health.okAnswers);
    await run;
    expect(health.requests).toBe(3);
    expect(okAnswersWhenLoaded).toEqual([1]);
  });

  it('opens an isolated, sandboxed window on the server URL', async () => {
    const { fake, health } = await started();
    const [window] = fake.windows();
    expect(window?.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    expect(window?.loadURL).toHaveBeenCalledWith(health.url);
  });

  it('development: runs the server with plain Node, whose ABI node_modules were built for', async () => {
    vi.stubEnv('FAKE_SERVER_MODE', 'ok');
    const fake = createFakeElectron({ isPackaged: false, userData: USER_DATA });
    const nodeFork = vi.fn(fork);
    await launch(fake, {
      nodeFork,
      env: { npm_node_execpath: process.execPath },
      paths: { serverJs: FAKE_SERVER, preload: '/p.cjs', icon: '/i.png' },
    });
    expect(fake.ports.utilityProcess.fork).not.toHaveBeenCalled();
    expect(nodeFork).toHaveBeenCalledWith(
      FAKE_SERVER,
      ['--data-dir', USER_DATA, '--port', '3000', '--announce'],
      expect.objectContaining({ execPath: process.execPath }),
    );
    const url = fake.windows()[0]?.loadURL.mock.calls[0]?.[0];
    const response = await fetch(`${url}/_api/v3/healthcheck`);
    expect(await response.json()).toMatchObject({ status: 'OK', dataDir: USER_DATA });
  });

  it('honours QUIRE_HOST and QUIRE_PORT', async () => {
    const health = await healthServer();
    const fake = createFakeElectron({ onFork: sayReady(health) });
    await launch(fake, { env: { QUIRE_HOST: '0.0.0.0', QUIRE_PORT: '8080' } });
    expect(fake.ports.utilityProcess.fork.mock.calls[0]?.[1]).toEqual(
      expect.arrayContaining(['--port', '8080', '--host', '0.0.0.0']),
    );
  });
});

describe('start failures', () => {
  it('shows an error and exits when the server exits before it is ready', async () => {
    const fake = createFakeElectron({
      onFork: (child) => {
        child.stderr.write('quire: the server could not start: SQLITE_CANTOPEN\n');
        child.exit(1);
      },
    });
    await launch(fake);
    expect(fake.ports.dialog.showErrorBox).toHaveBeenCalledWith(
      'Quire could not start',
      expect.stringMatching(/exited with code 1[\s\S]*SQLITE_CANTOPEN/),
    );
    expect(fake.ports.app.exit).toHaveBeenCalledWith(1);
    expect(fake.windows()).toHaveLength(0);
  });

  it('shows an error when the server never becomes healthy, and ends it', async () => {
    const health = await healthServer([503]);
    const fake = createFakeElectron({ onFork: sayReady(health) });
    await launch(fake, { timeouts: { startMs: 700, stopMs: 300 } });
    expect(fake.ports.dialog.showErrorBox).toHaveBeenCalledWith(
      'Quire could not start',
      expect.stringMatching(/did not answer within 1 s/),
    );
    expect(fake.children[0]?.kill).toHaveBeenCalled();
    expect(fake.ports.app.exit).toHaveBeenCalledWith(1);
  });

  it('explains a taken port the user chose', async () => {
    const fake = createFakeElectron({
      onFork: (child) => {
        child.stderr.write('listen EADDRINUSE: address already in use 127.0.0.1:8080\n');
        child.exit(1);
      },
    });
    await launch(fake, { env: { QUIRE_PORT: '8080' } });
    expect(fake.ports.dialog.showErrorBox).toHaveBeenCalledWith(
      'Quire could not start',
      expect.stringMatching(/^Port 8080 is already in use/),
    );
  });

  it('explains a QUIRE_PORT that is not a port, without starting anything', async () => {
    const fake = createFakeElectron();
    await launch(fake, { env: { QUIRE_PORT: 'eighty' } });
    expect(fake.ports.dialog.showErrorBox).toHaveBeenCalledWith(
      'Quire could not start',
      'QUIRE_PORT must be a port number from 0 to 65535, not "eighty".',
    );
    expect(fake.ports.utilityProcess.fork).not.toHaveBeenCalled();
  });
});

describe('quit', () => {
  it('stops the server (SIGTERM, wait for the exit) before the app quits', async () => {
    const { fake } = await started();
    const child = fake.children[0]!;
    let finishExit = () => {};
    child.onTerminate = () => (finishExit = () => child.exit(0));

    fake.ports.app.quit();
    await vi.waitFor(() => expect(child.kill).toHaveBeenCalledOnce());
    expect(fake.state.quitCompleted).toBe(false);
    finishExit();
    await vi.waitFor(() => expect(fake.state.quitCompleted).toBe(true));
    expect(fake.ports.dialog.showErrorBox).not.toHaveBeenCalled();
  });

  it('kills a server that does not stop in time, then quits anyway', async () => {
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
    cleanups.push(() => kill.mockRestore());
    const { fake } = await started();
    const child = fake.children[0]!;
    child.onTerminate = () => undefined;
    fake.ports.app.quit();
    await vi.waitFor(() => expect(kill).toHaveBeenCalledWith(child.pid, 'SIGKILL'));
    await vi.waitFor(() => expect(fake.state.quitCompleted).toBe(true));
  });

  it('quitting while the server starts ends it without an error', async () => {
    const fake = createFakeElectron(); // Its server never says ready.
    const run = launch(fake);
    await vi.waitFor(() => expect(fake.children).toHaveLength(1));
    fake.ports.app.quit();
    await run;
    await vi.waitFor(() => expect(fake.state.quitCompleted).toBe(true));
    expect(fake.children[0]?.kill).toHaveBeenCalled();
    expect(fake.ports.dialog.showErrorBox).not.toHaveBeenCalled();
    expect(fake.windows()).toHaveLength(0);
  });

  it('closing the last window quits on Linux and Windows, not on macOS', async () => {
    const { fake } = await started();
    fake.emitApp('window-all-closed');
    await vi.waitFor(() => expect(fake.state.quitCompleted).toBe(true));

    const health = await healthServer();
    const mac = createFakeElectron({ onFork: sayReady(health) });
    await launch(mac, { platform: 'darwin' });
    mac.emitApp('window-all-closed');
    expect(mac.ports.app.quit).not.toHaveBeenCalled();
  });
});

describe('server dying while the app runs (issue 26: the desktop keeps it alive)', () => {
  it('starts it again on the same port, without a dialog, and the window keeps its page', async () => {
    const { fake, health } = await started();
    const port = new URL(health.url).port;
    const [window] = fake.windows();
    fake.children[0]!.exit(134);
    await vi.waitFor(() => expect(fake.children).toHaveLength(2), { timeout: 5_000 });
    const args = fake.ports.utilityProcess.fork.mock.calls[1]![1];
    expect(args.slice(args.indexOf('--port'), args.indexOf('--port') + 2)).toEqual(['--port', port]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.ports.dialog.showErrorBox).not.toHaveBeenCalled();
    expect(fake.ports.dialog.showMessageBox).not.toHaveBeenCalled();
    expect(fake.ports.app.exit).not.toHaveBeenCalled();
    // Not reloaded: the web app reconnects its sockets by itself and keeps what was typed.
    expect(window!.loadURL).toHaveBeenCalledTimes(1);
    // Quitting stops the new child.
    fake.ports.app.quit();
    await vi.waitFor(() => expect(fake.state.quitCompleted).toBe(true));
    expect(fake.children[1]!.pid).toBeUndefined();
  });

  it('stops after a crash loop, shows its last words and offers the data folder', async () => {
    const health = await healthServer();
    const fake = createFakeElectron({ userData: USER_DATA, onFork: sayReady(health) });
    await launch(fake, { timeouts: { startMs: 5_000, stopMs: 300, restartPauseMs: 10 } });
    for (let n = 0; n <= MAX_RESTARTS; n++) {
      await vi.waitFor(() => expect(fake.children).toHaveLength(n + 1), { timeout: 5_000 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const child = fake.children[n]!;
      child.stderr.write('FATAL: out of memory\n');
      await new Promise((resolve) => setImmediate(resolve));
      child.exit(134);
    }
    await vi.waitFor(() => expect(fake.ports.app.exit).toHaveBeenCalledWith(1), { timeout: 5_000 });
    expect(fake.children).toHaveLength(MAX_RESTARTS + 1);
    const [options] = fake.ports.dialog.showMessageBox.mock.calls.at(-1)!;
    expect(options).toMatchObject({
      message: 'Quire’s wiki server keeps stopping',
      detail: expect.stringMatching(/stopped 4 times[\s\S]*out of memory/),
      buttons: ['Open data folder', 'Quit'],
    });
    expect(fake.ports.shell.openPath).toHaveBeenCalledWith(USER_DATA);
  });

  it('follows a clean shutdown (exit 0: the OS or Ctrl-C signalled it) by quitting quietly', async () => {
    const { fake } = await started();
    fake.children[0]!.exit(0);
    await vi.waitFor(() => expect(fake.state.quitCompleted).toBe(true));
    expect(fake.ports.dialog.showErrorBox).not.toHaveBeenCalled();
    expect(fake.children).toHaveLength(1);
  });
});

describe('the disk of the data folder (issue 26)', () => {
  it('shows a notification when the server says it is low or full, none when it is fine', async () => {
    const { fake } = await started();
    const child = fake.children[0]!;
    const space = { freeBytes: 300 * 1024 * 1024, totalBytes: 10 * 1024 ** 3, warnBytes: 0, floorBytes: 0 };
    child.emit('message', { type: 'disk:changed', space: { ...space, condition: 'ok' } });
    child.emit('message', { type: 'disk:changed', space: { ...space, condition: 'low' } });
    expect(fake.notifications().map((n) => [n.options.title, n.shown])).toEqual([
      ['Quire: the disk is nearly full', true],
    ]);
    expect(fake.notifications()[0]!.options.body).toContain('300 MB');
  });
});

describe('a damaged database at start (issue 26)', () => {
  it('offers the last verified backup and restarts the server restoring it', async () => {
    const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-desktop-'));
    cleanups.push(() => fs.rmSync(userData, { recursive: true, force: true }));
    fs.mkdirSync(path.join(userData, 'backups'));
    const name = 'quire-20261120-010203004-daily.zip';
    fs.writeFileSync(path.join(userData, 'backups', name), 'zip');
    fs.writeFileSync(
      path.join(userData, 'backups', 'verified.json'),
      JSON.stringify({ [name]: '2026-11-20T01:02:03.004Z' }),
    );
    const health = await healthServer();
    const fake = createFakeElectron({
      userData,
      // The first child finds its database damaged; the one started with the backup answers.
      onFork: (child, _module, args) =>
        args.includes('--restore-from') ? sayReady(health)(child) : child.exit(DAMAGED_DATABASE_EXIT),
    });
    await launch(fake);
    const [options] = fake.ports.dialog.showMessageBox.mock.calls[0]!;
    expect(options).toMatchObject({
      message: 'Quire’s database is damaged',
      buttons: ['Restore the backup', 'Open data folder', 'Quit'],
    });
    const args = fake.ports.utilityProcess.fork.mock.calls[1]![1];
    expect(args.slice(-2)).toEqual(['--restore-from', path.join(userData, 'backups', name)]);
    expect(fake.windows()[0]!.loadURL).toHaveBeenCalledWith(health.url);
    expect(fake.ports.app.exit).not.toHaveBeenCalled();
  });

  it('quits without starting when the user does not restore', async () => {
    const fake = createFakeElectron({ onFork: (child) => child.exit(DAMAGED_DATABASE_EXIT) });
    fake.ports.dialog.showMessageBox.mockResolvedValueOnce({ response: 1 }); // no backup: Quit
    await launch(fake);
    expect(fake.ports.dialog.showMessageBox.mock.calls[0]![0]).toMatchObject({
      buttons: ['Open data folder', 'Quit'],
    });
    expect(fake.ports.app.exit).toHaveBeenCalledWith(1);
    expect(fake.ports.dialog.showErrorBox).not.toHaveBeenCalled();
    expect(fake.children).toHaveLength(1);
  });
});

describe('windows', () => {
  it('a second launch focuses the existing window, restoring it if minimized', async () => {
    const { fake } = await started();
    const [window] = fake.windows();
    window!.minimized = true;
    fake.emitApp('second-instance');
    expect(window!.restore).toHaveBeenCalled();
    expect(window!.focus).toHaveBeenCalled();
    expect(fake.windows()).toHaveLength(1);
  });

  it('macOS: the dock icon reopens a closed window', async () => {
    const health = await healthServer();
    const fake = createFakeElectron({ onFork: sayReady(health) });
    await launch(fake, { platform: 'darwin' });
    fake.windows()[0]!.close();
    fake.emitApp('activate');
    expect(fake.windows()).toHaveLength(2);
    expect(fake.windows()[1]!.loadURL).toHaveBeenCalledWith(health.url);
  });
});

describe('menu and bridge', () => {
  function helpItem(fake: FakeElectron, label: string): () => void {
    const help = fake.menu.template?.find((item) => item.label === 'Help');
    const items: MenuItemConstructorOptions[] = Array.isArray(help?.submenu) ? help.submenu : [];
    const item = items.find((entry) => entry.label === label);
    return () => (item?.click as (() => void) | undefined)?.call(undefined);
  }

  it('installs the menu; Help items open the data folder, copy the address, show About', async () => {
    const { fake, health } = await started();
    expect(fake.ports.Menu.setApplicationMenu).toHaveBeenCalledWith(fake.menu.installed);
    expect(fake.menu.installed).not.toBeNull();

    helpItem(fake, 'Open Data Folder')();
    expect(fake.ports.shell.openPath).toHaveBeenCalledWith(USER_DATA);
    helpItem(fake, 'Copy Wiki Address')();
    expect(fake.ports.clipboard.writeText).toHaveBeenCalledWith(health.url);
    helpItem(fake, 'About Quire')();
    expect(fake.ports.app.showAboutPanel).toHaveBeenCalled();
    expect(fake.ports.app.setAboutPanelOptions).toHaveBeenCalledWith(
      expect.objectContaining({ applicationName: 'Quire', applicationVersion: '0.1.0' }),
    );
  });

  it('Admin menu items show their screen in the window, reopening it if it was closed', async () => {
    const { fake, health } = await started();
    const admin = fake.menu.template?.find((item) => item.label === 'Admin');
    const items: MenuItemConstructorOptions[] = Array.isArray(admin?.submenu) ? admin.submenu : [];
    const click = (label: string) =>
      (items.find((entry) => entry.label === label)?.click as (() => void) | undefined)?.call(undefined);

    click('Users');
    const [window] = fake.windows();
    expect(window!.loadURL).toHaveBeenLastCalledWith(new URL('/admin/users', health.url).toString());
    expect(window!.focus).toHaveBeenCalled();

    window!.close();
    click('User Groups');
    expect(fake.windows()).toHaveLength(2);
    expect(fake.windows()[1]!.loadURL).toHaveBeenCalledWith(
      new URL('/admin/user-groups', health.url).toString(),
    );
  });

  it('answers server info to the wiki’s own pages only', async () => {
    const { fake, health } = await started();
    expect(fake.invoke(SERVER_INFO_CHANNEL, health.url)).toEqual({
      url: health.url,
      urls: [health.url],
      dataDir: USER_DATA,
    });
    expect(() => fake.invoke(SERVER_INFO_CHANNEL, 'https://evil.example')).toThrow();
  });
});

describe('language: the OS locale (app.getLocale()), English when Quire does not speak it', () => {
  const cases = [
    {
      locale: 'ja',
      help: ['ヘルプ', 'Quire について', 'データフォルダーを開く', 'Wiki のアドレスをコピー'],
      title: 'Quire を起動できませんでした',
      message: 'Wiki サーバーを起動できませんでした：準備が整う前に終了コード 1 で終了しました。',
    },
    {
      locale: 'zh-CN',
      help: ['帮助', '关于 Quire', '打开数据文件夹', '复制 Wiki 地址'],
      title: 'Quire 无法启动',
      message: 'Wiki 服务器无法启动：在就绪之前以退出码 1 退出。',
    },
    {
      locale: 'fr',
      help: ['Help', 'About Quire', 'Open Data Folder', 'Copy Wiki Address'],
      title: 'Quire could not start',
      message: 'The wiki server could not start: it exited with code 1 before it was ready.',
    },
  ];

  it.each(cases)('$locale: the Help menu', async ({ locale, help }) => {
    const { fake } = await started({ locale });
    const menu = fake.menu.template?.find((item) => item.role === 'help');
    const items = Array.isArray(menu?.submenu) ? menu.submenu : [];
    expect([menu?.label, ...items.map((item) => item.label).filter(Boolean)]).toEqual(help);
  });

  it.each(cases)('$locale: the start-failure dialog', async ({ locale, title, message }) => {
    const fake = createFakeElectron({ locale, onFork: (child) => child.exit(1) });
    await launch(fake);
    expect(fake.ports.dialog.showErrorBox).toHaveBeenCalledWith(title, message);
  });
});
