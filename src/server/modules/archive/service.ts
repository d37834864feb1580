// Archive export (and, through ArchiveImportService, import): one job at a time each, progress
// told to administrators through `notify` (the live events hub). Knows nothing of Fastify.
import fs from 'node:fs';
import path from 'node:path';
import { conflict } from '../../lib/app-error';
import {
  ARCHIVE_EVENTS,
  type ArchiveCollection,
  type CollectionProgress,
  type ExportStatus,
  type ZipFileStat,
} from '../../../shared/archive-types';
import { exportArchive } from './export';
import { archiveDirs, exportFileName, listZipStats, zipFileStat, zipInside, type ArchiveDirs } from './files';
import type { ArchiveLimits } from '../../lib/zip-guard';
import type { FileSource } from './export-sources';

export type Notify = (event: string, payload: unknown) => void;

export interface ArchiveDeps {
  dataDir: string;
  /** The attachment storage in use (issue 19): exports read the bytes from it. */
  files: FileSource;
  dbFile: string;
  limits: ArchiveLimits;
  siteTitle: () => string;
  notify: Notify;
}

export type ArchiveLog = (err: unknown, message: string) => void;

export class ArchiveExportService {
  readonly dirs: ArchiveDirs;
  private running: Promise<ZipFileStat | null> | null = null;
  private progressList: CollectionProgress[] | null = null;
  /** The server's logger, given once it exists (the context is made before the server). */
  log: ArchiveLog = () => {};

  constructor(private readonly deps: ArchiveDeps) {
    this.dirs = archiveDirs(deps.dataDir);
  }

  async status(): Promise<ExportStatus> {
    return {
      zipFileStats: await listZipStats(this.dirs.exports, this.deps.limits),
      isExporting: this.running !== null,
      progressList: this.progressList,
    };
  }

  /** Starts an export and returns at once (GROWI's POST answers before the work is done). */
  start(collections: ArchiveCollection[], targetVersion: string | null): Promise<ZipFileStat | null> {
    if (this.running) throw conflict('export_running', 'archive.export_running');
    const { notify } = this.deps;
    const zipFile = path.join(this.dirs.exports, exportFileName(this.deps.siteTitle()));
    const workDir = path.join(this.dirs.work, `export-${path.basename(zipFile, '.growi.zip')}`);
    const job = exportArchive({
      dbFile: this.deps.dbFile,
      files: this.deps.files,
      workDir,
      zipFile,
      collections,
      targetVersion,
      siteUrl: null,
      onProgress: (progressList, currentCount, totalCount) => {
        this.progressList = progressList;
        notify(ARCHIVE_EVENTS.exportProgress, { currentCount, totalCount, progressList });
      },
      onZipping: () => notify(ARCHIVE_EVENTS.exportZipping, {}),
    })
      .then(() => zipFileStat(zipFile, this.deps.limits))
      .catch((err: unknown) => {
        this.log(err, 'archive export failed');
        fs.rmSync(`${zipFile}.part`, { force: true });
        return null;
      })
      .then((addedZipFileStat) => {
        this.running = null;
        this.progressList = null;
        notify(ARCHIVE_EVENTS.exportTerminate, { addedZipFileStat });
        return addedZipFileStat;
      });
    this.running = job;
    return job;
  }

  /** Resolves when the export under way (if any) is done. */
  async whenIdle(): Promise<void> {
    await this.running;
  }

  remove(fileName: string): void {
    fs.rmSync(zipInside(this.dirs.exports, fileName));
  }

  file(fileName: string): string {
    return zipInside(this.dirs.exports, fileName);
  }
}
