// The main-process side of `window.quire` (src/preload). The only request: server info. Any page
// could try to reach the bridge if it ever got into a Quire window, so the handler answers only
// frames whose origin is the wiki server's own.
import { ARCHIVE_PROGRESS_CHANNEL, SERVER_INFO_CHANNEL } from '../shared/desktop-api';
import type { DesktopServerInfo } from '../shared/desktop-api';
import type { InvokeEventPort, IpcMainPort } from './electron-ports';

export function isFromOrigin(event: InvokeEventPort, origin: string): boolean {
  return event.senderFrame !== null && event.senderFrame.origin === origin;
}

export function registerDesktopIpc(ipcMain: IpcMainPort, info: DesktopServerInfo): void {
  const serverOrigin = new URL(info.url).origin;
  ipcMain.handle(SERVER_INFO_CHANNEL, (event) => {
    if (!isFromOrigin(event, serverOrigin)) {
      throw new Error(`${SERVER_INFO_CHANNEL} is only answered to ${serverOrigin}`);
    }
    return info;
  });
}

/** The admin screens' archive progress, shown on the taskbar/dock; only the wiki's own frames. */
export function registerArchiveProgressIpc(
  ipcMain: IpcMainPort,
  serverUrl: string,
  setProgressBar: (progress: number) => void,
): void {
  const serverOrigin = new URL(serverUrl).origin;
  ipcMain.handle(ARCHIVE_PROGRESS_CHANNEL, (event, fraction) => {
    if (!isFromOrigin(event, serverOrigin)) {
      throw new Error(`${ARCHIVE_PROGRESS_CHANNEL} is only answered to ${serverOrigin}`);
    }
    const valid = typeof fraction === 'number' && Number.isFinite(fraction) && fraction >= 0 && fraction <= 1;
    setProgressBar(valid ? fraction : -1);
  });
}
