// Markdown in, as the admin sees it: one import at a time. The upload is staged and checked while
// it arrives (a refused upload changes nothing); then, in the background, a complete backup, the
// plan, and the pages written in one transaction, with progress told to administrators. Knows
// nothing of Fastify.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { AppError, conflict } from '../../lib/app-error';
import { translator } from '../../lib/i18n';
import { isDiskFull } from '../../lib/disk-full';
import type { Lang } from '../../../shared/api-types';
import {
  MARKDOWN_IMPORT_EVENTS,
  type MarkdownImportProgress,
  type MarkdownImportStatus,
} from '../../../shared/markdown-io-types';
import { applyImport, type ApplyDeps } from './import-apply';
import { localeFolders, planImport } from './import-plan';
import { isHtmlFile, isWikiJsHtmlPage } from './import-wikijs';
import { importError, Stager, type MarkdownImportLimits, type StagedTree } from './import-stage';

export interface MarkdownImportDeps {
  apply: () => ApplyDeps;
  /** `<data>/archives/work`: scratch, emptied at every start. */
  workDir: string;
  limits: MarkdownImportLimits;
  notify: (event: string, payload: unknown) => void;
  /** The complete backup every import starts with; its file name. */
  backup: () => Promise<string>;
}

export interface StagingUpload {
  stager: Stager;
  /**
   * Starts the import of what was staged, under `parentPath`, in the background; `locale`: only
   * that locale folder's pages (Wiki.js), at `parentPath`.
   */
  start(parentPath: string, operator: { id: string; lang: Lang }, locale?: string): void;
  /** Drops what was staged (a refused upload). */
  discard(): void;
}

export class MarkdownImportService {
  private running = false;
  private job: Promise<void> = Promise.resolve();
  private progress: MarkdownImportProgress | null = null;
  private last: MarkdownImportStatus['last'] = null;
  /** The server's logger, given once it exists (the context is made before the server). */
  log: (err: unknown, message: string) => void = () => {};

  constructor(private readonly deps: MarkdownImportDeps) {}

  get limits(): MarkdownImportLimits {
    return this.deps.limits;
  }

  status(): MarkdownImportStatus {
    return { isImporting: this.running, progress: this.progress, last: this.last };
  }

  /** Reserves the one import slot for an upload about to be staged (409 while one runs). */
  begin(): StagingUpload {
    if (this.running) throw conflict('import_running', 'markdown_import.import_running');
    this.running = true;
    this.report({ phase: 'staging', current: 0, total: 0 });
    const dir = path.join(this.deps.workDir, `markdown-${randomBytes(6).toString('hex')}`);
    const stager = new Stager(path.join(dir, 'files'), this.deps.limits);
    const discard = () => {
      fs.rmSync(dir, { recursive: true, force: true });
      this.running = false;
      this.progress = null;
    };
    return {
      stager,
      discard,
      start: (parentPath, operator, locale = '') => {
        if (stager.tree.files.length === 0) {
          discard();
          throw importError('no_files');
        }
        const locales = localeFolders(stager.tree.files);
        if (locale && !locales.some((found) => found.toLowerCase() === locale.toLowerCase())) {
          discard();
          throw importError('locale_not_found', { locale, found: locales.join(', ') || '—' });
        }
        this.job = this.run(stager, dir, parentPath, operator, locale).finally(() => {
          discard();
          this.deps.notify(MARKDOWN_IMPORT_EVENTS.terminate, this.last);
        });
      },
    };
  }

  /** Resolves when the import under way (if any) has ended. */
  whenIdle(): Promise<void> {
    return this.job;
  }

  private report(progress: MarkdownImportProgress): void {
    this.progress = progress;
    this.deps.notify(MARKDOWN_IMPORT_EVENTS.progress, progress);
  }

  private async run(
    stager: Stager,
    dir: string,
    parentPath: string,
    operator: { id: string; lang: Lang },
    locale: string,
  ): Promise<void> {
    const t = translator(operator.lang);
    try {
      const plan = planImport(stager.tree.files, parentPath, await wikiJsHtmlPages(stager.tree), locale);
      this.report({ phase: 'backup', current: 0, total: 1 });
      const backupFile = await this.deps.backup();
      let lastTold = 0;
      const total = plan.pages.length * 2 + plan.assets.length;
      this.report({ phase: 'applying', current: 0, total });
      const report = await applyImport(
        this.deps.apply(),
        { tree: stager.tree, plan, parentPath, operatorId: operator.id, workDir: path.join(dir, 'bodies') },
        (current) => {
          // Told at most every 1 %, and once at the end.
          if (current - lastTold < total / 100 && current !== total) return;
          lastTold = current;
          this.report({ phase: 'applying', current, total });
        },
      );
      this.last = { ok: true, report: { ...report, backupFile } };
    } catch (err) {
      if (!(err instanceof AppError)) this.log(err, 'markdown import failed');
      const detail = err instanceof AppError ? t(err.messageKey, err.params) : String(err);
      const message = isDiskFull(err)
        ? t('markdown_import.import_disk_full')
        : t('markdown_import.import_failed', { message: detail });
      this.last = { ok: false, message };
    }
  }
}

/** The staged `.html` files that are Wiki.js pages: their first bytes are its header comment. */
async function wikiJsHtmlPages(tree: StagedTree): Promise<Set<string>> {
  const pages = new Set<string>();
  for (const file of tree.files.filter(isHtmlFile)) {
    const handle = await fs.promises.open(path.join(tree.root, ...file.split('/')), 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
      if (isWikiJsHtmlPage(buffer.subarray(0, bytesRead).toString('utf8'))) pages.add(file);
    } finally {
      await handle.close();
    }
  }
  return pages;
}
