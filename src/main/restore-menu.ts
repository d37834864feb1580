// File ▸ Restore from Backup… (issue 12): a backup file chosen in an open dialog (the data's
// backups folder first; any copied backup works), a warning to confirm, then the wiki's own
// restore route through the window's session (administrators only, as the API says). The server
// verifies the file before anything changes, restarts on it, and the window reloads once it
// answers again.
import fs from 'node:fs';
import path from 'node:path';
import { sessionHttp, windowAction, type ArchiveActionDeps } from './archive-menu';
import type { BrowserWindowPort } from './electron-ports';

export interface RestoreMenuDeps extends ArchiveActionDeps {
  /** `<data>/backups`, where the dialog opens. */
  backupsDir: string;
  /** How long to wait for the restarted wiki to answer. */
  restartTimeoutMs?: number;
}

export function createRestoreAction(deps: RestoreMenuDeps) {
  const { dialog, t } = deps;

  /** Asks the healthcheck until the restarted server answers (or the wait runs out). */
  const whenBack = async (): Promise<void> => {
    const until = Date.now() + (deps.restartTimeoutMs ?? 60_000);
    // Give the old server time to close first: it still answers right after the 202.
    await new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? 500));
    while (Date.now() < until) {
      const ok = await fetch(`${deps.serverUrl}/_api/v3/healthcheck`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? 500));
    }
    throw new Error(t('restore.notBack'));
  };

  const run = async (window: BrowserWindowPort) => {
    const http = sessionHttp(window, deps.serverUrl);
    try {
      // Asked first: a non-admin learns it from the server before choosing a file.
      await http.json('GET', '/_api/v3/backups');
      const chosen = await dialog.showOpenDialog(window, {
        title: t('restore.title'),
        defaultPath: deps.backupsDir,
        properties: ['openFile'],
        filters: [{ name: t('restore.filter'), extensions: ['zip'] }],
      });
      const file = chosen.filePaths[0];
      if (chosen.canceled || !file) return;
      const confirmed = await dialog.showMessageBox(window, {
        type: 'warning',
        message: t('restore.confirm', { file: path.basename(file) }),
        detail: t('restore.detail'),
        buttons: [t('restore.button'), t('restore.cancel')],
        defaultId: 1,
        cancelId: 1,
      });
      if (confirmed.response !== 0) return;
      window.setProgressBar(2);
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file), path.basename(file));
      await http.json('POST', '/_api/v3/backups/restore-upload', form);
      await whenBack();
      window.setProgressBar(-1);
      deps.openScreen('/admin/backups');
      await dialog.showMessageBox(window, {
        type: 'info',
        message: t('restore.done', { file: path.basename(file) }),
      });
    } catch (err) {
      window.setProgressBar(-1);
      dialog.showErrorBox(t('restore.failedTitle'), err instanceof Error ? err.message : String(err));
    }
  };

  const restoring = windowAction(deps.window, run);
  return { restoreBackup: restoring.start, restoring: restoring.done };
}
