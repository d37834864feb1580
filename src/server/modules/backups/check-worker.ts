// Runs a backup's snapshot, integrity check and zip off the server's thread (check-runner.ts starts
// it): in a child process, or in a worker thread where no child process can be started.
import { parentPort, workerData } from 'node:worker_threads';
import { checkDatabaseFile, snapshotFile } from './snapshot';
import { writeLocalZip, type LocalZipJob } from './archive';
import { workerFailure, yieldToServerThread, type WorkerFailure } from '../../lib/module-worker';
import { serveModuleJob } from '../../lib/module-process';

/**
 * The file to check, the live database to copy there first (a backup) if any, and the zip to
 * write of it once it passed, if any.
 */
export interface CheckJob {
  file: string;
  snapshotFrom?: string;
  zip?: LocalZipJob;
}

export type CheckAnswer = { problem: string | null } | WorkerFailure;

async function run({ file, snapshotFrom, zip }: CheckJob): Promise<CheckAnswer> {
  try {
    if (snapshotFrom !== undefined) snapshotFile(snapshotFrom, file);
    const problem = checkDatabaseFile(file);
    if (problem === null && zip) await writeLocalZip(zip, file);
    return { problem };
  } catch (err) {
    // A full disk (SQLITE_FULL, ENOSPC) keeps its code across: the backup says so (issue 26).
    return workerFailure(err);
  }
}

if (parentPort) {
  yieldToServerThread();
  const port = parentPort;
  void run(workerData as CheckJob).then((answer) => port.postMessage(answer));
} else {
  serveModuleJob(run);
}
