// What the desktop says when its server cannot go on (issue 26): a crash loop, with the end of the
// server's output and a way to open the data folder; a damaged database, with the newest backup
// that was verified when made, to restore (the server keeps the damaged file aside).
import path from 'node:path';
import type { DialogPort, ShellPort } from './electron-ports';
import type { Translate } from './i18n';
import { lastLines } from './server-launch';
import { ServerStartError } from './server-process';
import { lastVerifiedBackup } from '../server/modules/backups/verified';
import { DAMAGED_DATABASE_EXIT } from '../shared/desktop-api';

export interface RecoveryDeps {
  dialog: DialogPort;
  shell: ShellPort;
  t: Translate;
  dataDir: string;
}

/** The server refused its database as damaged (its exit code says so). */
export function isDamagedDatabase(err: unknown): err is ServerStartError {
  return err instanceof ServerStartError && err.details.code === DAMAGED_DATABASE_EXIT;
}

/** Asks whether to restore the last verified backup; its file when the user chose to. */
export async function offerRestore(deps: RecoveryDeps): Promise<string | null> {
  const { dialog, shell, t, dataDir } = deps;
  const backup = lastVerifiedBackup(dataDir);
  const file = path.join(dataDir, 'quire.db');
  const buttons = [...(backup ? [t('damaged.restore')] : []), t('damaged.openDataFolder'), t('damaged.quit')];
  const { response } = await dialog.showMessageBox({
    type: 'error',
    message: t('damaged.title'),
    detail: backup
      ? t('damaged.detail', { file, date: new Date(backup.createdAt).toLocaleString() })
      : t('damaged.noBackup', { file }),
    buttons,
    defaultId: 0,
    cancelId: buttons.length - 1,
  });
  const chosen = buttons[response];
  if (backup && chosen === t('damaged.restore')) return backup.file;
  if (chosen === t('damaged.openDataFolder')) await shell.openPath(dataDir);
  return null;
}

/** The server kept stopping: say so, with its last words; offer the data folder. */
export async function reportCrashLoop(deps: RecoveryDeps, output: string, count: number): Promise<void> {
  const { dialog, shell, t, dataDir } = deps;
  const tail = lastLines(output, 12);
  const { response } = await dialog.showMessageBox({
    type: 'error',
    message: t('serverDied.loopTitle'),
    detail: t('serverDied.loop', { count }) + (tail ? `\n\n${tail}` : ''),
    buttons: [t('serverDied.openDataFolder'), t('serverDied.quit')],
    defaultId: 0,
    cancelId: 1,
  });
  if (response === 0) await shell.openPath(dataDir);
}
