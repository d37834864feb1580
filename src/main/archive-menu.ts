// File ▸ Export archive… and Import archive… (issue 11). The menu items call the wiki's own archive
// routes through the window's session, so the signed-in user's cookie and permissions apply exactly
// as in the browser (a non-admin gets the server's 403 message). Export: a native save dialog, the
// export screen shown in the window, the taskbar/dock progress bar while it runs, the file saved
// where chosen, a notice. Import: a native open dialog, the upload, then the importer screen (the
// admin picks collections there; its progress reaches the taskbar through setArchiveProgress).
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { MenuItemConstructorOptions } from 'electron';
import type { BrowserWindowPort, DialogPort } from './electron-ports';
import type { Translate } from './i18n';

export interface ArchiveMenuActions {
  exportArchive(): void;
  importArchive(): void;
}

/** The File menu's archive items, in one builder so other File items can sit beside them. */
export function archiveMenuItems(t: Translate, actions: ArchiveMenuActions): MenuItemConstructorOptions[] {
  return [
    { label: t('archive.exportItem'), click: () => actions.exportArchive() },
    { label: t('archive.importItem'), click: () => actions.importArchive() },
  ];
}

export interface ArchiveActionDeps {
  dialog: DialogPort;
  window: () => BrowserWindowPort | null;
  serverUrl: string;
  t: Translate;
  /** Shows a screen of the wiki in the window. */
  openScreen(path: string): void;
  pollMs?: number;
}

interface ExportStatus {
  zipFileStats: { fileName: string }[];
  isExporting: boolean;
  progressList: { currentCount: number; totalCount: number }[] | null;
}

const ZIP_FILTER = { name: 'GROWI archive', extensions: ['zip'] };

/** Requests with the window's session cookie, and the CSRF token the server wants on writes. */
export function sessionHttp(window: BrowserWindowPort, serverUrl: string) {
  const { session } = window.webContents;
  let token: string | null = null;
  const send = async (method: string, route: string, body?: unknown): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method !== 'GET') {
      token ??= ((await (await session.fetch(`${serverUrl}/_api/v3/csrf-token`)).json()) as { token: string })
        .token;
      headers['x-csrf-token'] = token;
    }
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
    const res = await session.fetch(`${serverUrl}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    if (!res.ok) {
      const data = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
      throw new Error(data?.errors?.[0]?.message ?? `HTTP ${res.status}`);
    }
    return res;
  };
  return {
    send,
    json: async <T>(method: string, route: string, body?: unknown) =>
      (await (await send(method, route, body)).json()) as T,
  };
}

/**
 * A File menu action on the open window (nothing without one): `start` runs it, `done` resolves
 * when the last run ended (tests wait on it).
 */
export function windowAction(
  window: () => BrowserWindowPort | null,
  run: (window: BrowserWindowPort) => Promise<void>,
) {
  let last: Promise<void> = Promise.resolve();
  return {
    start: () => {
      const open = window();
      if (open) last = run(open);
    },
    done: () => last,
  };
}

export function createArchiveActions(deps: ArchiveActionDeps): ArchiveMenuActions & {
  exporting: () => Promise<void>;
  importing: () => Promise<void>;
} {
  const { dialog, t } = deps;
  const sleep = () => new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? 500));
  const fail = (window: BrowserWindowPort, err: unknown) => {
    window.setProgressBar(-1);
    dialog.showErrorBox(t('archive.failedTitle'), err instanceof Error ? err.message : String(err));
  };

  const runExport = async (window: BrowserWindowPort) => {
    const chosen = await dialog.showSaveDialog(window, {
      title: t('archive.exportTitle'),
      defaultPath: `Quire-${new Date().toISOString().slice(0, 10)}.growi.zip`,
      filters: [ZIP_FILTER],
    });
    if (chosen.canceled || !chosen.filePath) return;
    const http = sessionHttp(window, deps.serverUrl);
    try {
      const { collections } = await http.json<{ collections: string[] }>('GET', '/_api/v3/mongo/collections');
      const status = async () =>
        (await http.json<{ status: ExportStatus }>('GET', '/_api/v3/export/status')).status;
      const known = new Set((await status()).zipFileStats.map((s) => s.fileName));
      deps.openScreen('/admin/export'); // the screen shows each collection's progress live
      await http.json('POST', '/_api/v3/export', { collections });
      let now = await status();
      while (now.isExporting) {
        const list = now.progressList ?? [];
        const total = list.reduce((sum, p) => sum + p.totalCount, 0);
        const current = list.reduce((sum, p) => sum + p.currentCount, 0);
        window.setProgressBar(total > 0 ? current / total : 2); // 2: indeterminate
        await sleep();
        now = await status();
      }
      const added = now.zipFileStats.find((s) => !known.has(s.fileName));
      if (!added) throw new Error(t('archive.exportFailed'));
      const res = await http.send('GET', `/admin/export/${encodeURIComponent(added.fileName)}`);
      if (!res.body) throw new Error(t('archive.exportFailed'));
      await pipeline(Readable.fromWeb(res.body as NodeReadableStream), fs.createWriteStream(chosen.filePath));
      window.setProgressBar(-1);
      await dialog.showMessageBox(window, {
        type: 'info',
        message: t('archive.exported', { file: chosen.filePath }),
      });
    } catch (err) {
      fail(window, err);
    }
  };

  const runImport = async (window: BrowserWindowPort) => {
    const chosen = await dialog.showOpenDialog(window, {
      title: t('archive.importTitle'),
      properties: ['openFile'],
      filters: [ZIP_FILTER],
    });
    const file = chosen.filePaths[0];
    if (chosen.canceled || !file) return;
    const http = sessionHttp(window, deps.serverUrl);
    try {
      // Asked first: a non-admin learns it from the server before any byte is sent.
      await http.json('GET', '/_api/v3/import/status');
      window.setProgressBar(2);
      const form = new FormData();
      // openAsBlob reads the file as it is sent: a large archive is never loaded whole.
      form.append('file', await fs.openAsBlob(file), path.basename(file));
      await http.json('POST', '/_api/v3/import/upload', form);
      window.setProgressBar(-1);
      deps.openScreen('/admin/importer');
      await dialog.showMessageBox(window, {
        type: 'info',
        message: t('archive.uploaded'),
        detail: t('archive.uploadedDetail'),
      });
    } catch (err) {
      fail(window, err);
    }
  };

  const exporting = windowAction(deps.window, runExport);
  const importing = windowAction(deps.window, runImport);
  return {
    exportArchive: exporting.start,
    importArchive: importing.start,
    exporting: exporting.done,
    importing: importing.done,
  };
}
