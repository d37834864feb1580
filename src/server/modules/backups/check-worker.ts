// Runs a backup's snapshot and integrity check in a worker thread (check-runner.ts starts it).
import { parentPort, workerData } from 'node:worker_threads';
import { checkDatabaseFile, snapshotFile } from './snapshot';
import { workerFailure, yieldToServerThread } from '../../lib/module-worker';

/** The file to check, and the live database to copy there first (a backup), if any. */
export interface CheckJob {
  file: string;
  snapshotFrom?: string;
}

yieldToServerThread();
const { file, snapshotFrom } = workerData as CheckJob;
try {
  if (snapshotFrom !== undefined) snapshotFile(snapshotFrom, file);
  parentPort?.postMessage({ problem: checkDatabaseFile(file) });
} catch (err) {
  // A full disk (SQLITE_FULL) keeps its code across the thread: the backup says so (issue 26).
  parentPort?.postMessage(workerFailure(err));
}
