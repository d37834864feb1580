// The worker thread that builds a large index (entry of its own in the bundle). The build's
// garbage — growing posting arrays, page texts, tokens — lives in this thread's heap and goes back
// to the system when the thread ends; the server then loads the saved copy, which is compact.
// Reads through its own read-only connection; SQLite's WAL lets it read while the server writes.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { fillIndex } from './index-build';
import { IndexStore } from './index-store';
import { PageIndex } from './page-index';
import { PageSource } from '../pages/index-source';
import { workerFailure, yieldToServerThread, type WorkerFailure } from '../../lib/module-worker';

export interface BuildJob {
  dbFile: string;
  dataDir: string;
}

export type BuildMessage =
  { type: 'progress'; done: number; total: number } | { type: 'saved'; savedAt: number } | WorkerFailure;

const post = (message: BuildMessage) => parentPort?.postMessage(message);

async function build({ dbFile, dataDir }: BuildJob): Promise<void> {
  const sqlite = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const index = new PageIndex();
    await fillIndex(index, new PageSource(sqlite), {
      slice: 500,
      pause: () => Promise.resolve(),
      cancelled: () => false,
      progress: (done, total) => post({ type: 'progress', done, total }),
    });
    const savedAt = Date.now();
    await new IndexStore(dataDir).save(index, savedAt);
    post({ type: 'saved', savedAt });
  } finally {
    sqlite.close();
  }
}

yieldToServerThread();
build(workerData as BuildJob).catch((err: unknown) => post(workerFailure(err)));
