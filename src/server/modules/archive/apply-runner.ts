// Runs apply-worker.ts and waits for its one answer. Aborting raises a flag the worker checks at
// every record inside its transaction: it throws there, SQLite rolls back, and the import changed
// nothing. A flag rather than terminate(): a worker killed between its commit and its answer would
// leave an import applied that the admin was told was cancelled.
import type { ArchiveMeta, GrowiArchiveImportOption } from '../../../shared/archive-types';
import { failureError, startModuleWorker, type WorkerFailure } from '../../lib/module-worker';
import type { CollectionResult } from './apply-context';
import { ARCHIVE_WORKER_LIMITS } from './stage';
import type { StagingPart } from './staged-archive';

export interface ApplyJob {
  dbFile: string;
  /** The staging files and what each holds (staged-archive.ts). */
  staging: StagingPart[];
  meta: ArchiveMeta;
  operatorId: string;
  options: GrowiArchiveImportOption[];
  /** Int32 flag: 1 once the import is cancelled. */
  cancelFlag: SharedArrayBuffer;
}

export type ApplyMessage =
  { type: 'applied'; written: string[]; results: CollectionResult[] } | { type: 'cancelled' } | WorkerFailure;

export class ImportCancelled extends Error {
  constructor() {
    super('the import was cancelled');
  }
}

export function runApplyWorker(
  job: Omit<ApplyJob, 'cancelFlag'>,
  signal?: AbortSignal,
): Promise<Extract<ApplyMessage, { type: 'applied' }>> {
  if (signal?.aborted) return Promise.reject(new ImportCancelled());
  const cancelFlag = new SharedArrayBuffer(4);
  const worker = startModuleWorker(
    import.meta.url,
    './apply-worker.ts',
    'archive-apply-worker',
    { ...job, cancelFlag },
    ARCHIVE_WORKER_LIMITS,
  );
  const onAbort = () => Atomics.store(new Int32Array(cancelFlag), 0, 1);
  signal?.addEventListener('abort', onAbort, { once: true });
  return new Promise<Extract<ApplyMessage, { type: 'applied' }>>((resolve, reject) => {
    worker.once('message', (message: ApplyMessage) => {
      if (message.type === 'applied') resolve(message);
      else if (message.type === 'cancelled') reject(new ImportCancelled());
      else reject(failureError(message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the import worker stopped (${code})`)));
  }).finally(() => signal?.removeEventListener('abort', onAbort));
}
