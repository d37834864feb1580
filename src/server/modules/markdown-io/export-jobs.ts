// Markdown export of a subtree as a job (GROWI's page bulk export): the zip is written to disk
// with progress the page menu, the admin screen and the desktop menu show, then downloaded by the
// user who asked for it. One running job per user; finished files go after an hour (and at every
// start, with the rest of the archives' scratch folder).
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { TFunction } from 'i18next';
import { AppError, conflict } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../../policies/page-access';
import type { MarkdownExportJob } from '../../../shared/markdown-io-types';
import type { MarkdownExportService } from './export-service';

const KEEP_MS = 60 * 60 * 1000;
const MAX_RUNNING = 4;

interface Job extends Omit<MarkdownExportJob, 'message'> {
  ownerId: string;
  file: string;
  finishedAt: number | null;
}

export const exportJobNotFound = () =>
  new AppError(404, 'export_job_not_found', 'markdown_import.export_job_not_found');

export class MarkdownExportJobs {
  private readonly jobs = new Map<string, Job>();

  constructor(
    private readonly exporter: MarkdownExportService,
    private readonly dir: string,
    private readonly log: () => (err: unknown, message: string) => void,
  ) {}

  private sweep(now = Date.now()): void {
    for (const [id, job] of this.jobs) {
      if (job.finishedAt !== null && now - job.finishedAt > KEEP_MS) {
        fs.rmSync(job.file, { force: true });
        this.jobs.delete(id);
      }
    }
  }

  private present({ id, status, current, total, fileName, pages }: Job, t?: TFunction): MarkdownExportJob {
    const message = status === 'failed' && t ? t('markdown_import.export_failed') : null;
    return { id, status, current, total, fileName, pages, message };
  }

  /** Starts exporting the page and what is below it that `access` may read. */
  start(access: AccessContext, ownerId: string, pageId: string): MarkdownExportJob {
    this.sweep();
    const running = [...this.jobs.values()].filter((j) => j.status === 'running');
    if (running.some((j) => j.ownerId === ownerId) || running.length >= MAX_RUNNING) {
      throw conflict('export_running', 'markdown_import.export_running');
    }
    const zip = this.exporter.subtree(access, pageId, (current, total) => {
      job.current = current;
      job.total = total;
    });
    fs.mkdirSync(this.dir, { recursive: true });
    const id = newId();
    const job: Job = {
      id,
      ownerId,
      status: 'running',
      current: 0,
      total: zip.total,
      fileName: zip.fileName,
      pages: 0,
      file: path.join(this.dir, `${id}.zip`),
      finishedAt: null,
    };
    this.jobs.set(id, job);
    void Promise.all([pipeline(zip.stream, fs.createWriteStream(job.file)), zip.done]).then(
      ([, pages]) => {
        Object.assign(job, { status: 'done', pages, finishedAt: Date.now() });
      },
      (err: unknown) => {
        // The cause goes to the log; the user is told in their language when they ask (get).
        this.log()(err, 'markdown export failed');
        fs.rmSync(job.file, { force: true });
        Object.assign(job, { status: 'failed', finishedAt: Date.now() });
      },
    );
    return this.present(job);
  }

  /** The caller's own job (404 for anyone else's, never telling them apart), told in `t`'s language. */
  get(ownerId: string, id: string, t: TFunction): MarkdownExportJob {
    this.sweep();
    const job = this.jobs.get(id);
    if (!job || job.ownerId !== ownerId) throw exportJobNotFound();
    return this.present(job, t);
  }

  /** The finished zip of the caller's own job. */
  file(ownerId: string, id: string): { path: string; fileName: string } {
    const job = this.jobs.get(id);
    if (!job || job.ownerId !== ownerId || job.status !== 'done') throw exportJobNotFound();
    return { path: job.file, fileName: job.fileName };
  }
}
