// Runs one of the server's modules in a child process for one job, for work whose native memory
// must go back to the system when it is done. A worker thread's allocations come from the server's
// own malloc arenas, and what it frees among the server's live blocks stays resident: at 200 users
// a backup's copy and check left 25-30 MiB behind for good (issue 32). A process returns all of it
// at its exit.
//
// The child speaks over the IPC channel: it says `started` once it runs, then sends one answer. A
// child that cannot start (a runtime that will not run as Node) is told apart from a job that
// failed, so the caller can run the job in a worker thread instead.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundledFile, lowerOwnPriority } from './module-worker';

const STARTED = 'started';

/** The child never ran: the caller may do the job another way. */
export class ModuleProcessNotStarted extends Error {}

/**
 * Forks the module and sends it `job`. Resolves with its one answer; rejects with
 * ModuleProcessNotStarted when it never ran, with an Error when it stopped without an answer.
 */
export function runModuleProcess<T>(
  callerUrl: string,
  source: string,
  bundled: string,
  job: unknown,
): Promise<T> {
  let child: ChildProcess;
  try {
    child = forkModule(callerUrl, source, bundled);
  } catch (err) {
    return Promise.reject(new ModuleProcessNotStarted(String(err)));
  }
  let started = false;
  return new Promise<T>((resolve, reject) => {
    child.on('message', (message: unknown) => {
      if (message === STARTED && !started) {
        started = true;
        child.send(job as object);
      } else if (started) {
        resolve(message as T);
      }
    });
    // `on`, not `once`: a second error (a failed send after a failed spawn) must not go unhandled.
    child.on('error', (err) =>
      reject(started ? err : new ModuleProcessNotStarted(err instanceof Error ? err.message : String(err))),
    );
    // After the answer this changes nothing: a promise settles once.
    child.once('exit', (code, signal) => {
      const how = signal ?? String(code);
      reject(started ? new Error(`stopped (${how})`) : new ModuleProcessNotStarted(`exited (${how})`));
    });
  });
}

function forkModule(callerUrl: string, source: string, bundled: string): ChildProcess {
  const stdio: ['ignore', 'inherit', 'inherit', 'ipc'] = ['ignore', 'inherit', 'inherit', 'ipc'];
  if (callerUrl.endsWith('.ts')) {
    const file = fileURLToPath(new URL(source, callerUrl));
    return fork(file, [], { execArgv: ['--import', 'tsx'], stdio });
  }
  // Under Electron (the packaged app's utility process) execPath is Electron: run it as Node.
  const env = process.versions.electron ? { ...process.env, ELECTRON_RUN_AS_NODE: '1' } : process.env;
  return fork(bundledFile(callerUrl, bundled), [], { execArgv: [], stdio, env });
}

/**
 * Called first in a module's child process: lowers its priority (the server wins a shared core),
 * says it runs, and hands the job to `work`; its answer (or what its promise gives) goes back and
 * the process ends.
 */
export function serveModuleJob<J>(work: (job: J) => unknown): void {
  lowerOwnPriority(); // a whole process, on every platform
  process.once('message', (job: J) => {
    void Promise.resolve(work(job)).then((answer) => process.send?.(answer as object, () => process.exit(0)));
  });
  process.send?.(STARTED);
}
