// Starts build-worker.ts in a worker thread and follows it. Run from source (tests, `tsx`), the
// worker registers tsx to load TypeScript; in the bundle it is `search-build-worker.js` beside
// the server's own file (or one folder up, from a shared chunk).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BuildJob, BuildMessage } from './build-worker';

export interface RunningBuild {
  /** Resolves with the saved index's time once the worker has saved it; rejects if it failed. */
  saved: Promise<number>;
  stop(): Promise<void>;
}

function startWorker(job: BuildJob): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const entry = JSON.stringify(new URL('./build-worker.ts', here).href);
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); })`;
    return new Worker(boot, { eval: true, workerData: job });
  }
  // Packaged, the worker file is unpacked beside app.asar (electron-builder.yml): a worker thread
  // reads its file from disk, not through Electron's asar layer.
  const bundled = ['./search-build-worker.js', '../search-build-worker.js']
    .map((name) => fileURLToPath(new URL(name, here)))
    .flatMap((file) => [file.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1'), file])
    .find((file) => fs.existsSync(file));
  if (!bundled) throw new Error('search-build-worker.js is missing from the build');
  return new Worker(bundled, { workerData: job });
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
      else reject(new Error(message.error));
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
