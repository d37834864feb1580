// Starts build-worker.ts in a worker thread (lib/module-worker.ts finds it) and follows it.
import type { Worker } from 'node:worker_threads';
import { failureError, startModuleWorker } from '../../lib/module-worker';
import type { BuildJob, BuildMessage } from './build-worker';

export interface RunningBuild {
  /** Resolves with the saved index's time once the worker has saved it; rejects if it failed. */
  saved: Promise<number>;
  stop(): Promise<void>;
}

function startWorker(job: BuildJob): Worker {
  return startModuleWorker(import.meta.url, './build-worker.ts', 'search-build-worker', job);
}

export function runBuildWorker(
  job: BuildJob,
  onProgress: (done: number, total: number) => void,
): RunningBuild {
  const worker = startWorker(job);
  const saved = new Promise<number>((resolve, reject) => {
    worker.on('message', (message: BuildMessage) => {
      if (message.type === 'progress') onProgress(message.done, message.total);
      else if (message.type === 'saved') resolve(message.savedAt);
      else reject(failureError(message));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`search build worker exited (${code})`)));
  });
  return {
    saved,
    stop: async () => {
      await worker.terminate();
    },
  };
}
