// Backups: taking them (daily, before migrations and imports, on demand), keeping them by the
// retention rule, listing them and staging a restore. Knows nothing of HTTP.
import fs from 'node:fs';
import { readVerified, recordVerified } from './verified';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { BackupInfo, BackupReason } from '../../../shared/backup-types';
import { AppError } from '../../lib/app-error';
import { extractBackupZip, writeBackupZip, type LocalZipJob, type RemoteFiles } from './archive';
import { backupName, parseBackupName, type ParsedBackupName } from './names';
import { PENDING_DIR } from './restore-at-start';
import { backupsToKeep } from './retention';
import { checkDatabase, snapshotAndCheck } from './check-runner';

export interface BackupLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Written by the start-up code before migrations run; wrapped into a backup once the server is up. */
export const BEFORE_MIGRATION_SNAPSHOT = '.before-migration.db';
const DAY = 86_400_000;
/** How often the scheduler looks whether a daily backup is due. */
const CHECK_EVERY_MS = 3_600_000;
/** The first look comes a little after start, not during it. */
const FIRST_CHECK_MS = 5 * 60_000;

const notFound = () => new AppError(404, 'backup_not_found', 'backups.not_found');

export class BackupsService {
  readonly dir: string;
  private queue: Promise<unknown> = Promise.resolve();
  private timers: NodeJS.Timeout[] = [];
  private closed = false;
  private hasRoom: (bytes: number) => boolean = () => true;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly dataDir: string,
    private readonly now: () => Date = () => new Date(),
    /** Issue 19: attachment bytes in a bucket, which a backup must carry too; null: all local. */
    private readonly remoteFiles: () => RemoteFiles | null = () => null,
  ) {
    this.dir = path.join(dataDir, 'backups');
    fs.mkdirSync(this.dir, { recursive: true });
  }

  list(): BackupInfo[] {
    return this.parsedBackups()
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((b) => this.info(b));
  }

  /** The file of a backup, for download; 404 when there is none by that name. */
  file(name: string): { path: string; size: number } {
    const parsed = parseBackupName(name);
    const file = parsed && path.join(this.dir, parsed.name);
    if (!file || !fs.existsSync(file)) throw notFound();
    return { path: file, size: fs.statSync(file).size };
  }

  /**
   * Takes a complete backup now (database snapshot and attachments) and applies the retention
   * rule. Backups run one at a time; a second call waits for the first. The archive import calls
   * this with 'before-import' and goes on only once it resolved.
   */
  backupNow(reason: BackupReason): Promise<BackupInfo> {
    const run = this.queue.then(() => this.takeBackup(reason, null));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Starts the daily schedule and wraps a before-migration snapshot left by the start-up. `hasRoom`
   * says whether a backup of so many bytes fits (issue 26): one that does not waits for the next check.
   */
  start(log: BackupLog, hasRoom: (bytes: number) => boolean = () => true): void {
    this.hasRoom = hasRoom;
    const snapshot = path.join(this.dir, BEFORE_MIGRATION_SNAPSHOT);
    if (fs.existsSync(snapshot)) {
      const run = this.queue.then(() => this.takeBackup('before-migration', snapshot));
      this.queue = run.catch((err: unknown) => log.error({ err }, 'before-migration backup failed'));
      run.then(
        (b) => log.info({ backup: b.name }, 'backup taken before migrating'),
        () => undefined,
      );
    }
    const check = () => void this.backupIfDue(log);
    this.timers.push(setTimeout(check, FIRST_CHECK_MS).unref());
    this.timers.push(setInterval(check, CHECK_EVERY_MS).unref());
  }

  /** About how many bytes a backup takes: the database and its log (attachments compress little). */
  expectedSize(): number {
    const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
    const db = path.join(this.dataDir, 'quire.db');
    return size(db) + size(`${db}-wal`);
  }

  /** Takes the daily backup when the newest one is a day old or there is none. */
  async backupIfDue(log: BackupLog): Promise<BackupInfo | null> {
    const newest = this.parsedBackups()
      .filter((b) => b.reason === 'daily')
      .reduce((max, b) => Math.max(max, b.createdAt.getTime()), 0);
    if (this.closed || this.now().getTime() - newest < DAY) return null;
    if (!this.hasRoom(this.expectedSize())) {
      log.warn({ code: 'disk_full' }, 'daily backup put off: the disk is full');
      return null;
    }
    try {
      const backup = await this.backupNow('daily');
      log.info({ backup: backup.name }, 'daily backup taken');
      return backup;
    } catch (err) {
      log.error({ err }, 'daily backup failed');
      return null;
    }
  }

  /** Stops the schedule and waits for a running backup (closing the database would abort it). */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    await this.queue;
  }

  /**
   * Verifies a backup (it opens, integrity_check passes, it is a Quire database) and stages it in
   * `<data>/restore-pending/` for the next start. A backup that fails verification changes nothing.
   */
  async stageRestore(name: string): Promise<void> {
    const { path: file } = this.file(name);
    await stageRestoreFrom(file, this.dataDir);
  }

  private async takeBackup(reason: BackupReason, snapshot: string | null): Promise<BackupInfo> {
    let at = this.now();
    while (fs.existsSync(path.join(this.dir, backupName(at, reason)))) at = new Date(at.getTime() + 1);
    const name = backupName(at, reason);
    const tmpDb = path.join(this.dir, `.tmp-${randomBytes(6).toString('hex')}.db`);
    const tmpZip = path.join(this.dir, `.tmp-${name}`);
    try {
      const zip: LocalZipJob = {
        target: tmpZip,
        attachmentsDir: path.join(this.dataDir, 'attachments'),
        manifest: { reason, createdAt: at.toISOString() },
      };
      // Files in a bucket are read through the server's storage: then the zip is written here.
      const remote = this.remoteFiles();
      const options = remote ? {} : { zip };
      const problem = snapshot
        ? await checkDatabase(snapshot, options)
        : await snapshotAndCheck(this.sqlite, tmpDb, options);
      if (problem) throw new Error(`the database snapshot failed its check: ${problem}`);
      if (remote) await writeBackupZip(tmpZip, snapshot ?? tmpDb, zip.attachmentsDir, zip.manifest, remote);
      // Renamed only when complete: a listed backup is never half written.
      fs.renameSync(tmpZip, path.join(this.dir, name));
      // Its snapshot passed integrity_check above: the list says so, and a damaged database
      // at start names the newest such backup (issue 26).
      try {
        recordVerified(this.dir, name, at);
      } catch {
        // A backup made is a backup kept; without the record it is only listed as unverified.
      }
      if (snapshot) fs.rmSync(snapshot, { force: true });
    } finally {
      // The snapshot's -wal/-shm companions too (its check opened it), or they pile up here.
      for (const file of [tmpDb, `${tmpDb}-wal`, `${tmpDb}-shm`]) fs.rmSync(file, { force: true });
      fs.rmSync(tmpZip, { force: true });
    }
    this.applyRetention();
    const parsed = parseBackupName(name);
    if (!parsed) throw new Error(`bad backup name ${name}`);
    return this.info(parsed);
  }

  private applyRetention(): void {
    const all = this.parsedBackups();
    const keep = backupsToKeep(all);
    for (const b of all) if (!keep.has(b.name)) fs.rmSync(path.join(this.dir, b.name), { force: true });
  }

  private parsedBackups(): ParsedBackupName[] {
    return fs
      .readdirSync(this.dir)
      .map(parseBackupName)
      .filter((b): b is ParsedBackupName => b !== null);
  }

  private info(b: ParsedBackupName): BackupInfo {
    const file = path.join(this.dir, b.name);
    const size = fs.existsSync(file) ? fs.statSync(file).size : 0;
    const verified = b.name in readVerified(this.dir);
    return { name: b.name, reason: b.reason, createdAt: b.createdAt.toISOString(), size, verified };
  }
}

/**
 * Extracts and verifies a backup file into a staging folder, then renames that to
 * `<data>/restore-pending/` (the commit point). Used by the restore route and `npm run restore`.
 * Throws AppError 400 `backup_invalid` when the file is not a sound Quire backup.
 */
export async function stageRestoreFrom(file: string, dataDir: string): Promise<void> {
  const staging = path.join(dataDir, `.restore-staging-${randomBytes(6).toString('hex')}`);
  fs.mkdirSync(staging);
  try {
    try {
      await extractBackupZip(file, staging);
    } catch (err) {
      throw invalid(err);
    }
    const problem = await checkDatabase(path.join(staging, 'quire.db'));
    if (problem) throw invalid(new Error(problem));
    const pending = path.join(dataDir, PENDING_DIR);
    fs.rmSync(pending, { recursive: true, force: true });
    fs.renameSync(staging, pending);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

function invalid(err: unknown): AppError {
  const reason = err instanceof Error ? err.message : String(err);
  return new AppError(400, 'backup_invalid', 'backups.invalid', { reason });
}
