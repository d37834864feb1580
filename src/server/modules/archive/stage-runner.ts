// Runs stage-worker.ts: the archive's collections are read into staging files in worker threads,
// two at once for a large archive, and each collection's count is passed on as it grows.
// Cancelling ends the workers at once: staging changes nothing but its own files, which the import
// removes.
import path from 'node:path';
import type { ArchiveCollection, ArchiveMeta } from '../../../shared/archive-types';
import { AppError } from '../../lib/app-error';
import { failureError, startModuleWorker, type WorkerFailure } from '../../lib/module-worker';
import type { ArchiveLimits } from '../../lib/zip-guard';
import { ImportCancelled } from './apply-runner';
import { ARCHIVE_WORKER_LIMITS } from './stage';
import type { StagingPart } from './staged-archive';

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

/** A worker stopped because another one failed: the other's failure is the import's. */
class StoppedWithOthers extends Error {}

interface Stop {
  /** Ends the worker. */
  signal: AbortSignal;
  /** Whether it ended because the import was cancelled (else another worker failed). */
  cancelled: () => boolean;
}

/** Stages collections into one file; resolves with the archive's meta once all are in. */
function runStageWorker(
  job: StageJob,
  onStaged: (collection: ArchiveCollection, count: number) => void,
  { signal, cancelled }: Stop,
): Promise<ArchiveMeta> {
  const stopped = () => (cancelled() ? new ImportCancelled() : new StoppedWithOthers());
  if (signal.aborted) return Promise.reject(stopped());
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
    signal.addEventListener('abort', onAbort, { once: true });
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
      reject(signal.aborted ? stopped() : new Error(`the staging worker stopped (${code})`)),
    );
  }).finally(() => signal.removeEventListener('abort', onAbort));
}

/**
 * Staging runs in two workers at most. Parsing is most of an import (a 100k-page archive: 5.3-6.0 s
 * in one worker, 3.4-3.7 in two, its pages in one and its revisions in the other; issue 32), and
 * the workers are niced, so the server's thread still wins a core when colleagues need it.
 */
const MAX_STAGING_WORKERS = 2;
/** A second worker only when each would parse this much JSON: starting one costs ~0.3 s of a core. */
const MIN_BYTES_PER_WORKER = 8 * 2 ** 20;

/** The collections in groups of about equal size (one group for a small archive). */
export function stagingGroups(
  collections: readonly ArchiveCollection[],
  sizeOf: (collection: ArchiveCollection) => number,
): ArchiveCollection[][] {
  const groups = Array.from({ length: MAX_STAGING_WORKERS }, () => ({
    collections: [] as ArchiveCollection[],
    bytes: 0,
  }));
  for (const collection of [...collections].sort((a, b) => sizeOf(b) - sizeOf(a))) {
    const lightest = groups.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    lightest.collections.push(collection);
    lightest.bytes += sizeOf(collection);
  }
  const used = groups.filter((group) => group.collections.length > 0);
  if (used.length < 2 || used.some((group) => group.bytes < MIN_BYTES_PER_WORKER)) return [[...collections]];
  return used.map((group) => group.collections);
}

export interface ArchiveStageJob {
  zipFile: string;
  limits: ArchiveLimits;
  /** The staging files are written here. */
  workDir: string;
  collections: ArchiveCollection[];
  /** A collection's JSON size in the archive, to share the work out. */
  sizeOf: (collection: ArchiveCollection) => number;
}

/**
 * Stages every collection, a group per worker, each into a file of its own. A failure in one stops
 * the others and is what the import reports; a cancel stops them all.
 */
export async function stageArchive(
  job: ArchiveStageJob,
  onStaged: (collection: ArchiveCollection, count: number) => void,
  signal?: AbortSignal,
): Promise<{ meta: ArchiveMeta; parts: StagingPart[] }> {
  const parts: StagingPart[] = stagingGroups(job.collections, job.sizeOf).map((collections, i) => ({
    file: path.join(job.workDir, `staging-${i}.db`),
    collections,
  }));
  const together = new AbortController();
  const stopAll = () => together.abort();
  signal?.addEventListener('abort', stopAll, { once: true });
  try {
    const runs = parts.map(({ file, collections }) =>
      runStageWorker({ zipFile: job.zipFile, limits: job.limits, stagingFile: file, collections }, onStaged, {
        signal: together.signal,
        cancelled: () => signal?.aborted === true,
      }).catch((err: unknown) => {
        stopAll();
        throw err;
      }),
    );
    // Every worker gone before the import removes their files.
    const settled = await Promise.allSettled(runs);
    const failures = settled.flatMap((run) => (run.status === 'rejected' ? [run.reason as unknown] : []));
    if (failures.length > 0) throw failures.find((err) => !(err instanceof StoppedWithOthers)) ?? failures[0];
    const first = settled[0] as PromiseFulfilledResult<ArchiveMeta>;
    return { meta: first.value, parts };
  } finally {
    signal?.removeEventListener('abort', stopAll);
  }
}
