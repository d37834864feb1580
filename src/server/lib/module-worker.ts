// Starts one of the server's worker-thread modules. From source (tests, `tsx`) the worker registers
// tsx to load TypeScript; in the build it is `<bundled>.js` beside the server's own file (or one
// folder up, from a shared chunk), or — packaged — beside app.asar in app.asar.unpacked, because a
// worker thread reads its file from disk, not through Electron's asar layer (electron-builder.yml
// unpacks what the workers import too; pack-check runs them from there).
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * `callerUrl`: the caller's `import.meta.url`; `source`: the worker's .ts file relative to it;
 * `bundled`: its bundle's name (an entry of electron.vite.config.ts); `resourceLimits`: the worker's
 * heap limits (Node's Worker option), for a worker whose memory must stay small.
 */
export function startModuleWorker(
  callerUrl: string,
  source: string,
  bundled: string,
  workerData: unknown,
  resourceLimits?: ResourceLimits,
): Worker {
  if (callerUrl.endsWith('.ts')) {
    const entry = JSON.stringify(new URL(source, callerUrl).href);
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); })`;
    return new Worker(boot, { eval: true, workerData, resourceLimits });
  }
  return new Worker(bundledFile(callerUrl, bundled), { workerData, resourceLimits });
}

/** The built file of a worker or child-process module (see startModuleWorker). */
export function bundledFile(callerUrl: string, bundled: string): string {
  const file = [`./${bundled}.js`, `../${bundled}.js`]
    .map((name) => fileURLToPath(new URL(name, callerUrl)))
    .flatMap((candidate) => [candidate.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1'), candidate])
    .find((candidate) => fs.existsSync(candidate));
  if (!file) throw new Error(`${bundled}.js is missing from the build`);
  return file;
}

/**
 * A worker's failure as it crosses to the server's thread. An Error crosses as its text alone, so
 * the code goes along: a full disk (SQLITE_FULL, ENOSPC) is then told as one (lib/disk-full.ts).
 */
export interface WorkerFailure {
  type: 'failed';
  error: string;
  code?: string;
}

export function workerFailure(err: unknown): WorkerFailure {
  const code = err && typeof err === 'object' ? (err as { code?: unknown }).code : undefined;
  const error = err instanceof Error ? err.message : String(err);
  return typeof code === 'string' ? { type: 'failed', error, code } : { type: 'failed', error };
}

/** The failure back as an Error on the server's thread, its code kept. */
export function failureError({ error, code }: Omit<WorkerFailure, 'type'>): Error {
  return Object.assign(new Error(error), code === undefined ? {} : { code });
}

/** The nice value of a background worker's thread: the server's own thread wins a shared core. */
export const BACKGROUND_NICE = 10;

/**
 * Called first in a worker that runs while the team works (the search index's rebuild, a backup's
 * check). On two cores such a worker took one whole, and for its seconds the server's thread
 * waited behind the load generator and the other browsers: reads in the 200-user soak had a p99
 * of 130-180 ms during it against 52 outside (issue 32 §2). Linux keeps a nice value per thread,
 * so lowering it here leaves the server's thread as it was; elsewhere the same call would lower
 * the whole process, and it is not made.
 */
export function yieldToServerThread(): void {
  if (process.platform === 'linux') lowerOwnPriority();
}

/** Lowers the calling thread's (Linux) or process's priority to BACKGROUND_NICE, where permitted. */
export function lowerOwnPriority(): void {
  try {
    os.setPriority(BACKGROUND_NICE);
  } catch {
    // Not permitted (a sandbox): the work runs at the server's priority, as before.
  }
}
