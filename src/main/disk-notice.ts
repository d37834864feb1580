// Issue 26: the person running Quire is told by a desktop notification when the disk of the data
// folder becomes low or full (the server posts `{type:'disk:changed', space}`); admins on the LAN
// see the banner in the web app.
import type { NotificationClassPort } from './electron-ports';
import type { Translate } from './i18n';
import type { ServerProcess } from './server-process';
import { formatFileSize } from '../shared/attachment-types';
import type { DiskSpace } from '../shared/disk-types';

function isDiskChanged(message: unknown): message is { type: 'disk:changed'; space: DiskSpace } {
  const m = message as { type?: unknown; space?: unknown } | null;
  return typeof m === 'object' && m !== null && m.type === 'disk:changed' && typeof m.space === 'object';
}

export function notifyDiskSpace(
  server: Pick<ServerProcess, 'onMessage'>,
  Notification: NotificationClassPort,
  t: Translate,
) {
  server.onMessage((message) => {
    if (!isDiskChanged(message) || message.space.condition === 'ok' || !Notification.isSupported()) return;
    const { condition, freeBytes } = message.space;
    new Notification({
      title: t(`disk.${condition}Title`),
      body: t(`disk.${condition}Body`, { free: formatFileSize(freeBytes) }),
    }).show();
  });
}
