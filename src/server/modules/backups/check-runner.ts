// A backup's database is checked (`PRAGMA integrity_check`, which reads every page) before anyone
// relies on it. At 100k pages that is a 470 MB file and 0.7 s with the file cache warm: on the
// server's thread no colleague got an answer meanwhile, at every daily backup and before every
// archive import (issue 32). A large file is checked in a worker thread; a small one in place,
// where it takes less than starting a worker does.
import fs from 'node:fs';
import { startModuleWorker } from '../../lib/module-worker';
import { checkDatabaseFile } from './snapshot';

/** Files from this size on are checked off the server's thread. */
export const CHECK_IN_WORKER_FROM_BYTES = 16 * 1024 * 1024;

/** Why the database file is unusable, or null (see checkDatabaseFile). */
export async function checkDatabase(
  file: string,
  inWorkerFrom = CHECK_IN_WORKER_FROM_BYTES,
): Promise<string | null> {
  const size = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  if (size < inWorkerFrom) return checkDatabaseFile(file);
  const worker = startModuleWorker(import.meta.url, './check-worker.ts', 'backup-check-worker', file);
  return new Promise<string | null>((resolve, reject) => {
    worker.once('message', (message: { problem: string | null }) => resolve(message.problem));
    worker.once('error', reject);
    // After the answer this changes nothing: a promise settles once.
    worker.once('exit', (code) => reject(new Error(`the database check stopped (${code})`)));
  });
}
