// Reading every page into an index: the one loop both builders run, in the server's thread in
// time slices (small wikis) or all at once in a worker thread (see build-worker.ts).
import type { PageIndex } from './page-index';
import type { PageSource } from './page-source';

export interface BuildControl {
  /** Pages read per slice. */
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
  control: BuildControl,
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
