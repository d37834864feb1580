// Sandboxed preload (built to CommonJS: out/preload/index.cjs). It exposes `window.quire` and
// nothing else: a few constants and one request, answered by main only for the wiki's own origin.
import { contextBridge, ipcRenderer } from 'electron';
import { APP_VERSION_ARG, ARCHIVE_PROGRESS_CHANNEL, SERVER_INFO_CHANNEL } from '../shared/desktop-api';
import type { DesktopServerInfo, QuireDesktopApi } from '../shared/desktop-api';

function appVersion(argv: readonly string[]): string {
  const arg = argv.find((a) => a.startsWith(APP_VERSION_ARG));
  return arg ? arg.slice(APP_VERSION_ARG.length) : 'unknown';
}

const api: QuireDesktopApi = {
  isDesktop: true,
  platform: process.platform,
  versions: { app: appVersion(process.argv), electron: process.versions.electron ?? 'unknown' },
  getServerInfo: () => ipcRenderer.invoke(SERVER_INFO_CHANNEL) as Promise<DesktopServerInfo>,
  setArchiveProgress: (fraction) => ipcRenderer.invoke(ARCHIVE_PROGRESS_CHANNEL, fraction) as Promise<void>,
};

contextBridge.exposeInMainWorld('quire', api);
