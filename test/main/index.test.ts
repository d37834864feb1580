// index.ts only wires: the real electron module (mocked here: no binary in tests) and Node's fork go
// into runDesktopApp, with paths relative to the built bundle in out/main.
import { fork } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DesktopAppOptions } from '../../src/main/app-lifecycle';

const mocks = vi.hoisted(() => ({
  runDesktopApp: vi.fn(async (_options: unknown) => undefined),
  electron: {
    app: { quit: vi.fn(), exit: vi.fn(), isReady: vi.fn(() => true), getLocale: vi.fn(() => 'en-US') },
    BrowserWindow: class {},
    Menu: {},
    ipcMain: {},
    shell: {},
    dialog: { showErrorBox: vi.fn() },
    clipboard: {},
    utilityProcess: {},
    Tray: class {},
    nativeImage: {},
    Notification: class {},
  },
}));

vi.mock('electron', () => mocks.electron);
vi.mock('../../src/main/app-lifecycle', () => ({ runDesktopApp: mocks.runDesktopApp }));

describe('main entry', () => {
  const listenersBefore = {
    SIGINT: process.listeners('SIGINT'),
    SIGTERM: process.listeners('SIGTERM'),
  };
  afterEach(() => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) {
        if (!listenersBefore[signal].includes(listener)) process.off(signal, listener);
      }
    }
  });

  it('passes real Electron, Node’s fork and the bundle’s paths to runDesktopApp', async () => {
    await import('../../src/main/index');
    expect(mocks.runDesktopApp).toHaveBeenCalledOnce();
    const options = mocks.runDesktopApp.mock.calls[0]?.[0] as DesktopAppOptions;
    expect(options.electron.app).toBe(mocks.electron.app);
    expect(options.electron.BrowserWindow).toBe(mocks.electron.BrowserWindow);
    expect(options.electron.utilityProcess).toBe(mocks.electron.utilityProcess);
    expect(options.electron.Tray).toBe(mocks.electron.Tray);
    expect(options.argv).toBe(process.argv);
    expect(options.nodeFork).toBe(fork);
    expect(options.env).toBe(process.env);
    expect(options.paths.serverJs).toMatch(/[/\\]server\.js$/);
    expect(options.paths.preload).toMatch(/[/\\]preload[/\\]index\.cjs$/);
    expect(options.paths.icon).toMatch(/[/\\]resources[/\\]icon\.png$/);

    // Ctrl-C or SIGTERM quits the app properly (before-quit stops the server).
    const [onSigterm] = process.listeners('SIGTERM').filter((l) => !listenersBefore.SIGTERM.includes(l));
    onSigterm?.('SIGTERM');
    expect(mocks.electron.app.quit).toHaveBeenCalled();
  });

  it('reports an unexpected failure in the OS language and exits', async () => {
    vi.resetModules(); // index.ts runs on import: import it afresh.
    mocks.runDesktopApp.mockRejectedValueOnce(new Error('boom'));
    mocks.electron.app.getLocale.mockReturnValue('zh-CN');
    await import('../../src/main/index');
    await vi.waitFor(() => expect(mocks.electron.app.exit).toHaveBeenCalledWith(1));
    expect(mocks.electron.dialog.showErrorBox).toHaveBeenCalledWith('Quire 无法启动', 'boom');
  });
});
