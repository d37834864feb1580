// Archive import as the admin sees it: uploads (streamed to disk, checked, kept under their own
// name as GROWI does), the status of the newest upload, one import at a time with live progress,
// discarding uploads. Knows nothing of Fastify.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type Database from 'better-sqlite3';
import { AppError, conflict } from '../../lib/app-error';
import { translator } from '../../lib/i18n';
import type { Lang } from '../../../shared/api-types';
import {
  ARCHIVE_EVENTS,
  QUIRE_ARCHIVE_FORMAT_VERSION,
  type ArchiveCollection,
  type CollectionProgress,
  type GrowiArchiveImportOption,
  type ImportMode,
  type ImportStatus,
  type PeoplePreview,
  type ZipFileStat,
} from '../../../shared/archive-types';
import { checkImportSelection, isTheSameVersion } from '../../../shared/archive-rules';
import type { CollectionResult } from './apply-context';
import { listZipStats, zipFileStat, zipInside, type ArchiveDirs } from './files';
import { runImport } from './import';
import { previewPeople } from './people-preview';
import type { AttachmentStorage } from '../file-storage/types';
import { ImportCancelled } from './apply-runner';
import { isDiskFull } from '../../lib/disk-full';
import type { ArchiveLog, Notify } from './service';
import { archiveError, isSafeFileName, type ArchiveLimits } from '../../lib/zip-guard';

export interface ImportDeps {
  sqlite: Database.Database;
  dataDir: string;
  /** The attachment storage in use (issue 19): imported bytes are stored there. */
  files: AttachmentStorage;
  dirs: ArchiveDirs;
  limits: ArchiveLimits;
  notify: Notify;
  /** Search index, settings cache: what must learn that the database changed under it. */
  afterImport: () => void;
  /** Takes the complete backup every import starts with (the backups module); its file name. */
  backup: () => Promise<string>;
}

export interface UploadInput {
  fileName: string;
  stream: Readable;
  isTruncated: () => boolean;
}

/** How the last import ended, for the status route (the socket may have been closed). */
export interface ImportOutcome {
  ok: boolean;
  message: string | null;
  backupFile: string | null;
  results: CollectionResult[];
}

const versionsError = (archive: string) =>
  archiveError('versions_are_not_met', { current: `${QUIRE_ARCHIVE_FORMAT_VERSION}`, archive });

export class ArchiveImportService {
  private running: Promise<void> | null = null;
  private abort: AbortController | null = null;
  private progress = new Map<string, CollectionProgress>();
  private lastOutcome: ImportOutcome | null = null;
  log: ArchiveLog = () => {};

  constructor(private readonly deps: ImportDeps) {}

  get limits(): ArchiveLimits {
    return this.deps.limits;
  }

  private assertIdle(): void {
    if (this.running) throw conflict('import_running', 'archive.import_running');
  }

  async upload(input: UploadInput): Promise<ZipFileStat> {
    this.assertIdle();
    const { dirs, limits } = this.deps;
    const temp = path.join(dirs.work, `.upload-${randomBytes(8).toString('hex')}`);
    try {
      await pipeline(input.stream, fs.createWriteStream(temp, { flags: 'wx' }));
      if (input.isTruncated()) throw archiveError('too_large_upload', { limit: `${limits.maxUpload} B` });
      const name = path.basename(input.fileName);
      if (!isSafeFileName(name) || !name.toLowerCase().endsWith('.zip')) throw archiveError('not_zip');
      const stat = await zipFileStat(temp, limits); // every check of zip-guard, before it is kept
      fs.renameSync(temp, path.join(dirs.imports, name));
      if (!isTheSameVersion(stat.meta)) throw versionsError(`${stat.meta.quireArchiveVersion}`);
      return { ...stat, fileName: name };
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }

  async status(): Promise<ImportStatus & { lastOutcome: ImportOutcome | null }> {
    const newest = (await listZipStats(this.deps.dirs.imports, this.deps.limits))[0] ?? null;
    return {
      isTheSameVersion: newest ? isTheSameVersion(newest.meta) : true,
      zipFileStat: newest,
      isImporting: this.running !== null,
      progressList: [...this.progress.values()],
      lastOutcome: this.lastOutcome,
    };
  }

  /** Checks the request, then imports in the background (GROWI answers at once). */
  async start(
    operator: { id: string; lang: Lang },
    fileName: string,
    collections: string[],
    options: GrowiArchiveImportOption[],
  ): Promise<void> {
    this.assertIdle();
    const zipFile = zipInside(this.deps.dirs.imports, fileName);
    const stat = await zipFileStat(zipFile, this.deps.limits);
    const broken = checkImportSelection(
      collections,
      options,
      stat.innerFileStats.map((s) => s.collectionName),
    );
    if (broken) throw archiveError(broken.code, broken.params);
    if (!isTheSameVersion(stat.meta)) throw versionsError(`${stat.meta.quireArchiveVersion}`);
    this.assertIdle();
    this.abort = new AbortController();
    const sizes = new Map(stat.innerFileStats.map((s) => [s.collectionName, s.size]));
    this.running = this.run(operator, zipFile, sizes, collections as ArchiveCollection[], options);
  }

  /** What importing this upload's users in `mode` would do, before anything is written. */
  async previewPeople(operatorId: string, fileName: string, mode: ImportMode): Promise<PeoplePreview> {
    const zipFile = zipInside(this.deps.dirs.imports, fileName);
    return previewPeople(this.deps.sqlite, zipFile, this.deps.limits, operatorId, mode);
  }

  /** Stops the running import at its next step or record; it then changes nothing. */
  cancel(): boolean {
    if (!this.running || !this.abort) return false;
    this.abort.abort();
    return true;
  }

  private async run(
    operator: { id: string; lang: Lang },
    zipFile: string,
    /** Each collection file's size in the zip (its stat, read by start). */
    sizes: ReadonlyMap<string, number>,
    collections: ArchiveCollection[],
    options: GrowiArchiveImportOption[],
  ): Promise<void> {
    const { notify } = this.deps;
    const t = translator(operator.lang);
    this.progress = new Map(
      collections.map((collectionName) => [
        collectionName,
        { collectionName, currentCount: 0, insertedCount: 0, modifiedCount: 0, totalCount: 0 },
      ]),
    );
    try {
      const { results: applied, backupFile } = await runImport({
        dbFile: this.deps.sqlite.name,
        signal: this.abort?.signal,
        files: this.deps.files,
        backup: this.deps.backup,
        zipFile,
        sizeOf: (collection) => sizes.get(collection) ?? 0,
        workDir: path.join(this.deps.dirs.work, 'import'),
        limits: this.deps.limits,
        operatorId: operator.id,
        collections,
        options,
        onFileFailed: (err) => this.log(err, 'an imported attachment could not be stored'),
        onStaged: (collectionName, count) => {
          const progress = this.progress.get(collectionName);
          if (!progress) return;
          progress.totalCount = count;
          notify(ARCHIVE_EVENTS.importProgress, {
            collectionName,
            collectionProgress: progress,
            appendedErrors: null,
          });
        },
      });
      this.deps.afterImport();
      const results = collections.map((c) => {
        const result = applied.get(c)!;
        result.totalCount = this.progress.get(c)?.totalCount ?? result.currentCount;
        return result;
      });
      for (const { errors, failedCount, ...collectionProgress } of results) {
        this.progress.set(collectionProgress.collectionName, collectionProgress);
        notify(ARCHIVE_EVENTS.importProgress, {
          collectionName: collectionProgress.collectionName,
          collectionProgress: { ...collectionProgress, failedCount },
          appendedErrors: errors.length > 0 ? errors : null,
        });
      }
      this.lastOutcome = { ok: true, message: null, backupFile, results };
      notify(ARCHIVE_EVENTS.importTerminate, undefined);
    } catch (err) {
      const cancelled = err instanceof ImportCancelled;
      if (!(err instanceof AppError) && !cancelled) this.log(err, 'archive import failed');
      const detail =
        err instanceof AppError
          ? t(err.messageKey, err.params)
          : err instanceof Error
            ? err.message
            : String(err);
      const message = cancelled
        ? t('archive.import_cancelled')
        : isDiskFull(err)
          ? t('archive.import_disk_full')
          : t('archive.import_failed', { message: detail });
      this.lastOutcome = { ok: false, message, backupFile: null, results: [] };
      notify(ARCHIVE_EVENTS.importError, { message });
    } finally {
      this.running = null;
      this.abort = null;
    }
  }

  async whenIdle(): Promise<void> {
    await this.running;
  }

  /** Deletes every uploaded archive (GROWI's "Discard uploaded data"). */
  discardAll(): void {
    this.assertIdle();
    for (const name of fs.readdirSync(this.deps.dirs.imports)) {
      if (name.toLowerCase().endsWith('.zip')) fs.rmSync(path.join(this.deps.dirs.imports, name));
    }
    this.progress = new Map();
    this.lastOutcome = null;
  }
}
