// The preload exposes exactly one object, `window.quire`, whose only request goes to the
// server-info channel. Electron is mocked: the bridge calls are what matters.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION_ARG, ARCHIVE_PROGRESS_CHANNEL, SERVER_INFO_CHANNEL } from '../../src/shared/desktop-api';
import type { QuireDesktopApi } from '../../src/shared/desktop-api';

const mocks = vi.hoisted(() => ({
  exposeInMainWorld: vi.fn(),
  invoke: vi.fn(async (..._args: unknown[]) => ({ url: 'http://127.0.0.1:3000', urls: [], dataDir: '/d' })),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: mocks.exposeInMainWorld },
  ipcRenderer: { invoke: mocks.invoke },
}));

describe('preload', () => {
  const argv = process.argv;
  afterEach(() => {
    process.argv = argv;
  });

  it('exposes window.quire with the platform, versions and getServerInfo()', async () => {
    process.argv = [...argv, `${APP_VERSION_ARG}9.8.7`];
    vi.stubGlobal('process', { ...process, versions: { ...process.versions, electron: '41.7.1' } });
    try {
      await import('../../src/preload/index');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(mocks.exposeInMainWorld).toHaveBeenCalledOnce();
    const [key, api] = mocks.exposeInMainWorld.mock.calls[0] as [string, QuireDesktopApi];
    expect(key).toBe('quire');
    expect(Object.keys(api).sort()).toEqual([
      'getServerInfo',
      'isDesktop',
      'platform',
      'setArchiveProgress',
      'versions',
    ]);
    expect(api).toMatchObject({
      isDesktop: true,
      platform: process.platform,
      versions: { app: '9.8.7', electron: '41.7.1' },
    });

    await expect(api.getServerInfo()).resolves.toMatchObject({ url: 'http://127.0.0.1:3000' });
    expect(mocks.invoke).toHaveBeenCalledWith(SERVER_INFO_CHANNEL);
    await api.setArchiveProgress(0.25);
    expect(mocks.invoke).toHaveBeenLastCalledWith(ARCHIVE_PROGRESS_CHANNEL, 0.25);
  });
});
