// Runs stage-worker.ts: the archive's collections are read into the staging file in a worker
// thread, and each collection's count is passed on as it grows. Cancelling ends the worker at once:
// staging changes nothing but its own file, which the import removes.
import type { ArchiveCollection, ArchiveMeta } from '../../../shared/archive-types';
import { AppError } from '../../lib/app-error';
import { failureError, startModuleWorker, type WorkerFailure } from '../../lib/module-worker';
import type { ArchiveLimits } from '../../lib/zip-guard';
import { ImportCancelled } from './apply-runner';
import { ARCHIVE_WORKER_LIMITS } from './stage';

export interface StageJob {
  zipFile: string;
  limits: ArchiveLimits;
  stagingFile: string;
  collections: ArchiveCollection[];
}

interface SentAppError {
  statusCode: number;
  code: string;
  messageKey: string;
  params: Record<string, string | number>;
}

export type StageMessage =
  | { type: 'count'; collection: ArchiveCollection; count: number }
  | { type: 'staged'; meta: ArchiveMeta }
  | { type: 'failed'; appError: SentAppError }
  | WorkerFailure;

/** Stages the archive; resolves with its meta once every collection is in the staging file. */
export function runStageWorker(
  job: StageJob,
  onStaged: (collection: ArchiveCollection, count: number) => void,
  signal?: AbortSignal,
): Promise<ArchiveMeta> {
  if (signal?.aborted) return Promise.reject(new ImportCancelled());
  const worker = startModuleWorker(
    import.meta.url,
    './stage-worker.ts',
    'archive-stage-worker',
    job,
    ARCHIVE_WORKER_LIMITS,
  );
  let onAbort = () => {};
  return new Promise<ArchiveMeta>((resolve, reject) => {
    // Rejected once the worker is gone (its exit): the import then removes its folder, staging file
    // and all.
    onAbort = () => void worker.terminate();
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: StageMessage) => {
      if (message.type === 'count') return onStaged(message.collection, message.count);
      if (message.type === 'staged') return resolve(message.meta);
      if ('appError' in message) {
        const { statusCode, code, messageKey, params } = message.appError;
        return reject(new AppError(statusCode, code, messageKey, params));
      }
      reject(failureError(message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(signal?.aborted ? new ImportCancelled() : new Error(`the staging worker stopped (${code})`)),
    );
  }).finally(() => signal?.removeEventListener('abort', onAbort));
}
