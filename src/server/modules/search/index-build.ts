// Building an index from every page, in one of two places: in the server's thread in time slices
// (small wikis: a second of work, and searches see the part built so far), or in a worker thread
// that saves what it built (large wikis: the build's garbage leaves with the thread, and the
// server loads the compact saved copy).
import { runBuildWorker } from './build-runner';
import { nextTurn } from '../../lib/next-turn';
import type { IndexStore } from './index-store';
import { PageIndex } from './page-index';
import type { PageSource } from '../pages/index-source';

/** Pages per slice in the server's thread: ~40 ms of work here, so requests wait little meanwhile. */
const SLICE = 100;

export interface FillControl {
  slice: number;
  /** Awaited before each slice: lets requests run between slices in the server's thread. */
  pause(): Promise<void>;
  /** Checked before each slice: the build stops when the server closes. */
  cancelled(): boolean;
  progress(done: number, total: number): void;
}

/** Adds every page to `index`; false when cancelled half-way. */
export async function fillIndex(
  index: PageIndex,
  source: PageSource,
  control: FillControl,
): Promise<boolean> {
  const total = source.count();
  let done = 0;
  let after = '';
  for (;;) {
    await control.pause();
    if (control.cancelled()) return false;
    const batch = source.batch(after, control.slice);
    if (batch.length === 0) return true;
    for (const page of batch) index.upsert(page);
    after = batch[batch.length - 1]?.id ?? after;
    done += batch.length;
    control.progress(done, Math.max(total, done));
  }
}

export interface BuildPlan {
  source: PageSource;
  store: IndexStore;
  dataDir: string;
  /** The database file a worker opens; null for an in-memory database (built here). */
  dbFile: string | null;
  workerMinPages: number;
  /** Searches see the part built so far (a first build, or a broken index). */
  servePartial: boolean;
}

export interface BuildHooks {
  progress(done: number, total: number): void;
  cancelled(): boolean;
  /** Given the index being filled here when the plan says to serve it partially. */
  serve(index: PageIndex): void;
  /** Given a running worker's stop function, then null once it is done. */
  worker(stop: (() => Promise<void>) | null): void;
}

export interface BuiltIndex {
  index: PageIndex;
  /** When the worker saved it; null when built here (not saved yet). */
  savedAt: number | null;
  inWorker: boolean;
}

/**
 * A fresh index of every page; null when cancelled. A worker that cannot start or fails (a
 * packaging problem, say) is logged and the build runs here instead: search must always work.
 */
export async function buildIndex(
  plan: BuildPlan,
  hooks: BuildHooks,
  warn: (err: unknown) => void,
): Promise<BuiltIndex | null> {
  const { dbFile } = plan;
  if (dbFile !== null && plan.source.count() >= plan.workerMinPages) {
    try {
      return await buildInWorker(plan, dbFile, hooks);
    } catch (err) {
      if (hooks.cancelled()) return null;
      warn(err);
    }
  }
  const index = new PageIndex();
  if (plan.servePartial) hooks.serve(index);
  const control = { slice: SLICE, pause: nextTurn, cancelled: hooks.cancelled, progress: hooks.progress };
  return (await fillIndex(index, plan.source, control)) ? { index, savedAt: null, inWorker: false } : null;
}

async function buildInWorker(plan: BuildPlan, dbFile: string, hooks: BuildHooks): Promise<BuiltIndex | null> {
  const running = runBuildWorker({ dbFile, dataDir: plan.dataDir }, hooks.progress);
  hooks.worker(running.stop);
  try {
    const savedAt = await running.saved;
    if (hooks.cancelled()) return null;
    return { index: (await plan.store.load()).index, savedAt, inWorker: true };
  } finally {
    hooks.worker(null);
  }
}
