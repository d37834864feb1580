// File ▸ Export Markdown… and Import Markdown… (issue 12), through the window's session like the
// archive items (archive-menu.ts): the wiki's own routes decide who may do what. Both work on the
// page the window shows (the whole wiki from the top page elsewhere): export that page and all
// below it to a zip chosen in a save dialog, or import a zip, a tar.gz, a .md file or a folder
// under it. Progress shows in the window (the page menu follows the export job; the importer
// screen the import) and on the taskbar/dock; a notice says how it ended.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Page } from '../shared/api-types';
import type { MarkdownExportJob, MarkdownImportStatus } from '../shared/markdown-io-types';
import { isCreatablePage } from '../shared/page-path';
import { sessionHttp, windowAction, type ArchiveActionDeps } from './archive-menu';
import type { BrowserWindowPort } from './electron-ports';

export interface MarkdownMenuActions {
  exportMarkdown(): void;
  importMarkdown(): void;
}

/** The page the window shows, or `/` on the admin screens and everywhere else that is no page. */
export function shownPagePath(window: BrowserWindowPort, serverUrl: string): string {
  try {
    const url = new URL(window.webContents.getURL());
    if (url.origin !== new URL(serverUrl).origin) return '/';
    const pagePath = decodeURIComponent(url.pathname);
    return pagePath !== '/' && isCreatablePage(pagePath) ? pagePath : '/';
  } catch {
    return '/';
  }
}

/** Every file of a folder for the upload, named by its path from the folder's parent (as browsers do). */
export function folderFiles(folder: string): { file: string; name: string }[] {
  const base = path.basename(folder);
  const found: { file: string; name: string }[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      // Hidden entries (.git, .obsidian, .DS_Store) are never imported: not sent either. No links.
      if (entry.name.startsWith('.')) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file, `${prefix}/${entry.name}`);
      else if (entry.isFile()) found.push({ file, name: `${prefix}/${entry.name}` });
    }
  };
  walk(folder, base);
  return found;
}

const MARKDOWN_FILTER = { name: 'Markdown', extensions: ['zip', 'gz', 'tgz', 'md', 'markdown'] };

export function createMarkdownActions(deps: ArchiveActionDeps & { platform: NodeJS.Platform }) {
  const { dialog, t } = deps;
  const sleep = () => new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? 500));
  const fail = (window: BrowserWindowPort, err: unknown) => {
    window.setProgressBar(-1);
    dialog.showErrorBox(t('markdown.failedTitle'), err instanceof Error ? err.message : String(err));
  };

  const runExport = async (window: BrowserWindowPort) => {
    const http = sessionHttp(window, deps.serverUrl);
    try {
      const pagePath = shownPagePath(window, deps.serverUrl);
      const { page } = await http.json<{ page: Page }>(
        'GET',
        `/_api/v3/page?path=${encodeURIComponent(pagePath)}`,
      );
      const leaf = page.path.split('/').filter(Boolean).pop() ?? 'Quire';
      const chosen = await dialog.showSaveDialog(window, {
        title: t('markdown.exportTitle', { path: page.path }),
        defaultPath: `${leaf}-markdown.zip`,
        filters: [{ name: 'Zip', extensions: ['zip'] }],
      });
      if (chosen.canceled || !chosen.filePath) return;
      let { job } = await http.json<{ job: MarkdownExportJob }>('POST', '/_api/v3/page-bulk-export', {
        pageId: page._id,
        format: 'md',
      });
      // The page's menu shows the job's progress in the window.
      deps.openScreen(`${encodeURI(page.path)}?markdownExport=${job.id}`);
      while (job.status === 'running') {
        window.setProgressBar(job.total > 0 ? job.current / job.total : 2);
        await sleep();
        ({ job } = await http.json<{ job: MarkdownExportJob }>('GET', `/_api/v3/page-bulk-export/${job.id}`));
      }
      if (job.status !== 'done') throw new Error(job.message ?? t('markdown.exportFailed'));
      const res = await http.send('GET', `/_api/v3/page-bulk-export/${job.id}/download`);
      if (!res.body) throw new Error(t('markdown.exportFailed'));
      await pipeline(Readable.fromWeb(res.body as NodeReadableStream), fs.createWriteStream(chosen.filePath));
      window.setProgressBar(-1);
      await dialog.showMessageBox(window, {
        type: 'info',
        message: t('markdown.exported', { count: job.pages, file: chosen.filePath }),
      });
    } catch (err) {
      fail(window, err);
    }
  };

  /** A file or a folder: macOS's dialog takes either; elsewhere the user says which first. */
  const chooseSource = async (window: BrowserWindowPort): Promise<string | null> => {
    const title = t('markdown.importTitle');
    let properties: ('openFile' | 'openDirectory')[] = ['openFile', 'openDirectory'];
    if (deps.platform !== 'darwin') {
      const which = await dialog.showMessageBox(window, {
        type: 'question',
        message: t('markdown.importWhich'),
        buttons: [t('markdown.chooseFile'), t('markdown.chooseFolder'), t('markdown.cancel')],
        defaultId: 0,
        cancelId: 2,
      });
      if (which.response === 2) return null;
      properties = [which.response === 0 ? 'openFile' : 'openDirectory'];
    }
    const filters = properties.includes('openFile') ? [MARKDOWN_FILTER] : [];
    const chosen = await dialog.showOpenDialog(window, { title, properties, filters });
    return chosen.canceled ? null : (chosen.filePaths[0] ?? null);
  };

  const runImport = async (window: BrowserWindowPort) => {
    const http = sessionHttp(window, deps.serverUrl);
    try {
      // Asked first: a non-admin learns it from the server before choosing anything.
      await http.json('GET', '/_api/v3/markdown-import/status');
      const source = await chooseSource(window);
      if (!source) return;
      const parentPath = shownPagePath(window, deps.serverUrl);
      const confirmed = await dialog.showMessageBox(window, {
        type: 'question',
        message: t('markdown.importConfirm', { name: path.basename(source), path: parentPath }),
        detail: t('markdown.importDetail'),
        buttons: [t('markdown.importButton'), t('markdown.cancel')],
        defaultId: 0,
        cancelId: 1,
      });
      if (confirmed.response !== 0) return;
      window.setProgressBar(2);
      const form = new FormData();
      form.append('path', parentPath);
      // openAsBlob reads each file as it is sent: nothing is loaded whole.
      if (fs.statSync(source).isDirectory()) {
        for (const { file, name } of folderFiles(source))
          form.append('files', await fs.openAsBlob(file), name);
      } else {
        form.append('file', await fs.openAsBlob(source), path.basename(source));
      }
      await http.json('POST', '/_api/v3/markdown-import', form);
      deps.openScreen('/admin/importer'); // its Markdown section shows the progress and the report
      let status = await http.json<MarkdownImportStatus>('GET', '/_api/v3/markdown-import/status');
      while (status.isImporting) {
        const progress = status.progress;
        window.setProgressBar(progress && progress.total > 0 ? progress.current / progress.total : 2);
        await sleep();
        status = await http.json<MarkdownImportStatus>('GET', '/_api/v3/markdown-import/status');
      }
      window.setProgressBar(-1);
      const last = status.last;
      if (!last?.ok) throw new Error(last?.message ?? t('markdown.importFailed'));
      await dialog.showMessageBox(window, {
        type: 'info',
        message: t('markdown.imported', {
          pages: last.report.pagesCreated,
          attachments: last.report.attachmentsCreated,
          path: last.report.parentPath,
        }),
      });
    } catch (err) {
      fail(window, err);
    }
  };

  const exporting = windowAction(deps.window, runExport);
  const importing = windowAction(deps.window, runImport);
  return {
    exportMarkdown: exporting.start,
    importMarkdown: importing.start,
    exporting: exporting.done,
    importing: importing.done,
  };
}
