// Runs a backup's snapshot and integrity check off the server's thread (check-runner.ts starts it):
// in a child process, or in a worker thread where no child process can be started.
import { parentPort, workerData } from 'node:worker_threads';
import { checkDatabaseFile, snapshotFile } from './snapshot';
import { workerFailure, yieldToServerThread, type WorkerFailure } from '../../lib/module-worker';
import { serveModuleJob } from '../../lib/module-process';

/** The file to check, and the live database to copy there first (a backup), if any. */
export interface CheckJob {
  file: string;
  snapshotFrom?: string;
}

export type CheckAnswer = { problem: string | null } | WorkerFailure;

function run({ file, snapshotFrom }: CheckJob): CheckAnswer {
  try {
    if (snapshotFrom !== undefined) snapshotFile(snapshotFrom, file);
    return { problem: checkDatabaseFile(file) };
  } catch (err) {
    // A full disk (SQLITE_FULL) keeps its code across: the backup says so (issue 26).
    return workerFailure(err);
  }
}

if (parentPort) {
  yieldToServerThread();
  parentPort.postMessage(run(workerData as CheckJob));
} else {
  serveModuleJob(run);
}
