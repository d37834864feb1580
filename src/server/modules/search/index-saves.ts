// When the index is written to disk: 5 s after changes, at most once a minute while changes keep
// coming, and a large index waits 30 times its last save's length (a save holds the server's
// thread: 0.45 s at 100k pages, 50 ms at 10k); never two saves at once. Saving every 5 s under a
// steady stream of saves put those pauses in the 200-user soak's slowest reads (issue 32 §2).
// Nothing is lost meanwhile: the database has every change, and a start after a crash re-indexes
// what the saved copy missed (reconcile.ts).
import type { IndexStore } from './index-store';
import type { PageIndex } from './page-index';

const SAVE_DELAY_MS = 5000;
const SAVE_SPACING = 30;
const MIN_SPACING_MS = 60_000;

export class IndexSaves {
  /** When the copy on disk was saved (ms), if there is one. */
  savedAt: number | null = null;
  /** Changes applied since the last save began. */
  dirty = false;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private lastMs = 0;
  /** When the last save ended (performance.now()), or null before the first. */
  private lastEnded: number | null = null;

  constructor(
    private readonly store: IndexStore,
    private readonly failed: (err: unknown) => void,
  ) {}

  /** Saves the index `current` gives a while from now, unless a save is already planned. */
  schedule(current: () => PageIndex): void {
    if (this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.save(current());
      },
      Math.max(
        SAVE_DELAY_MS,
        SAVE_SPACING * this.lastMs,
        this.lastEnded === null ? 0 : MIN_SPACING_MS - (performance.now() - this.lastEnded),
      ),
    );
    this.timer.unref();
  }

  /** Forgets a planned save. */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Saves after any save already running. */
  save(index: PageIndex): Promise<void> {
    this.dirty = false;
    this.chain = this.chain.then(async () => {
      const savedAt = Date.now();
      const started = performance.now();
      try {
        await this.store.save(index, savedAt);
        this.savedAt = savedAt;
        this.lastEnded = performance.now();
        this.lastMs = this.lastEnded - started;
      } catch (err) {
        // Not on disk (a full disk, issue 26): the next change or the shutdown saves it again.
        this.dirty = true;
        this.failed(err);
      }
    });
    return this.chain;
  }

  /** Settles once no save is running. */
  get settled(): Promise<void> {
    return this.chain;
  }
}
