// A backup's database is copied and checked (`PRAGMA integrity_check`, which reads every page)
// before anyone relies on it. At 100k pages that is a 470 MB file and 0.7 s of checking with the
// file cache warm: on the server's thread no colleague got an answer meanwhile, at every daily
// backup and before every archive import (issue 32). The copy too: the backup API's steps run on
// the server's thread, and once other writers (co-editing drafts) had restarted it three times it
// copied the rest in one step, 250 ms in the 200-user soak. A large database is copied and checked
// in a child process (a worker thread where none can start); a small one in place, where that
// takes less than starting either. A backup's zip is written where its check ran.
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { failureError, startModuleWorker } from '../../lib/module-worker';
import { ModuleProcessNotStarted, runModuleProcess } from '../../lib/module-process';
import { checkDatabaseFile, snapshotDatabase } from './snapshot';
import type { CheckAnswer, CheckJob } from './check-worker';
import { writeLocalZip, type LocalZipJob } from './archive';

/** Files from this size on are copied and checked off the server's thread. */
export const CHECK_IN_WORKER_FROM_BYTES = 16 * 1024 * 1024;

export interface CheckOptions {
  /**
   * The backup zip to write once the file passed (local files only). Off the server's thread it is
   * written there too: deflating a 24 MB database left 25 MB of read buffers on the server until
   * its next full collection, the 50-user soak's last RSS sample (issue 32).
   */
  zip?: LocalZipJob;
  /** Off the server's thread from this size on (tests pass 0). */
  offThreadFrom?: number;
}

const sizeOf = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;

/** Why the database file is unusable, or null (see checkDatabaseFile); then the zip is written. */
export async function checkDatabase(file: string, options: CheckOptions = {}): Promise<string | null> {
  const { zip, offThreadFrom = CHECK_IN_WORKER_FROM_BYTES } = options;
  if (sizeOf(file) >= offThreadFrom) return runCheckOffThread({ file, zip });
  const problem = checkDatabaseFile(file);
  if (problem === null && zip) await writeLocalZip(zip, file);
  return problem;
}

/**
 * Copies the live database to `target` and checks the copy: why the copy is unusable, or null
 * (then the zip is written). Throws when the copy cannot be made (a full disk keeps its code).
 */
export async function snapshotAndCheck(
  live: Database.Database,
  target: string,
  options: CheckOptions = {},
): Promise<string | null> {
  const { offThreadFrom = CHECK_IN_WORKER_FROM_BYTES } = options;
  if (live.memory || sizeOf(live.name) < offThreadFrom) {
    await snapshotDatabase(live, target);
    return checkDatabase(target, options);
  }
  return runCheckOffThread({ file: target, snapshotFrom: live.name, zip: options.zip });
}

/**
 * The copy, check and zip in a child process, whose memory all goes back at its exit: in a worker
 * thread, what SQLite and V8 freed there stayed in the server's malloc arenas, 25-30 MiB for good
 * at 200 users (issue 32). Where no child process can be started, in a worker thread.
 */
async function runCheckOffThread(job: CheckJob): Promise<string | null> {
  let answer: CheckAnswer;
  try {
    answer = await runModuleProcess<CheckAnswer>(import.meta.url, './check-worker.ts', WORKER, job);
  } catch (err) {
    if (!(err instanceof ModuleProcessNotStarted)) throw checkStopped(err);
    return runCheckWorker(job);
  }
  if ('type' in answer) throw failureError(answer);
  return answer.problem;
}

const WORKER = 'backup-check-worker';
const checkStopped = (err: unknown) =>
  new Error(`the database check stopped: ${err instanceof Error ? err.message : String(err)}`);

function runCheckWorker(job: CheckJob): Promise<string | null> {
  const worker = startModuleWorker(import.meta.url, './check-worker.ts', WORKER, job);
  return new Promise<string | null>((resolve, reject) => {
    worker.once('message', (message: CheckAnswer) => {
      if ('type' in message) reject(failureError(message));
      else resolve(message.problem);
    });
    worker.once('error', reject);
    // After the answer this changes nothing: a promise settles once.
    worker.once('exit', (code) => reject(new Error(`the database check stopped (${code})`)));
  });
}
