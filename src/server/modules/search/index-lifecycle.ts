// The index's life: load the saved copy at start (checking it against the database), or build one
// in time slices while the server already answers; apply page events in batches off the request
// path; save a few seconds after changes and at shutdown; rebuild on request or when the saved
// copy is corrupt.
import type { EventBus } from '../../lib/events';
import { nextTurn } from '../../lib/next-turn';
import type {
  SearchConnectionStatus,
  SearchIndexStatus,
  SearchIndicesStatus,
} from '../../../shared/search-types';
import { IndexSaves } from './index-saves';
import { IndexCorruptError, IndexStore } from './index-store';
import { buildIndex } from './index-build';
import { missedChanges } from './reconcile';
import { PageIndex } from './page-index';
import type { PageSource } from '../pages/index-source';

export interface SearchLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Pages per event batch. */
const EVENT_BATCH = 500;
/** Pending changes a search applies first, so a user finds the page they just saved. */
const APPLY_BEFORE_SEARCH = 200;
/** Dead document ids (edits, moves, deletions) tolerated before a rebuild compacts the index. */
const COMPACT_MIN_DEAD = 20_000;

export interface LifecycleOptions {
  dataDir: string;
  /** The database file a build worker opens; null for an in-memory database (builds stay here). */
  dbFile: string | null;
  /** Wikis of this many pages or more are built in a worker thread (see build-worker.ts). */
  workerMinPages: number;
}

export class IndexLifecycle {
  connection: SearchConnectionStatus = 'connected';
  private indexStatus: SearchIndexStatus = 'rebuilding';
  private index = new PageIndex();
  private readonly store: IndexStore;
  private readonly pending = new Set<string>();
  private readonly changedDuringBuild = new Set<string>();
  private progress: { done: number; total: number } | null = null;
  private building: Promise<void> | null = null;
  private draining: Promise<void> | null = null;
  private readonly saves: IndexSaves;
  private lastError: string | null = null;
  private log: SearchLog | null = null;
  private readonly unsubscribe: (() => void)[];
  private closed = false;
  private stopWorker: (() => Promise<void>) | null = null;
  /** Settles once start-up has loaded the saved index or started a build. */
  private booting: Promise<void> = Promise.resolve();

  constructor(
    private readonly source: PageSource,
    events: EventBus,
    private readonly options: LifecycleOptions,
    /** Called after a read of every page (build, reconciliation): lets go of what SQLite kept. */
    private readonly afterFullScan: () => void = () => {},
  ) {
    this.store = new IndexStore(options.dataDir);
    this.saves = new IndexSaves(this.store, (err) =>
      this.log?.error({ err }, 'search index could not be saved'),
    );
    // Cheap listeners: remember the page, index it later (a subtree move sends one event per page).
    const enqueue = ({ pageId }: { pageId: string }) => this.enqueue(pageId);
    this.unsubscribe = [
      events.on('page:created', enqueue),
      events.on('page:updated', enqueue),
      events.on('page:moved', enqueue),
      events.on('page:deleted', enqueue),
      events.on('page:grant-changed', enqueue),
      events.on('page:tags-updated', enqueue),
    ];
  }

  start(log: SearchLog): void {
    this.log = log;
    const boot = () =>
      this.boot().catch((err: unknown) => this.log?.error({ err }, 'search index could not be started'));
    this.booting = new Promise((resolve) => setImmediate(() => void boot().finally(resolve)));
  }

  /** The index searches use: during a first build, the part built so far. */
  current(): PageIndex {
    if (this.pending.size > 0 && this.pending.size <= APPLY_BEFORE_SEARCH)
      this.applyPending(this.pending.size);
    return this.index;
  }

  private async boot(): Promise<void> {
    if (this.closed) return;
    this.store.removeLeftovers();
    if (!this.store.exists()) {
      this.log?.info({}, 'search index: none saved, building');
      this.rebuild();
      return;
    }
    try {
      const started = performance.now();
      const { index, savedAt } = await this.store.load();
      if (this.closed) return;
      this.index = index;
      this.saves.savedAt = savedAt;
      this.indexStatus = 'normalized';
      const stale = this.reconcile();
      this.afterFullScan();
      this.warmVocabulary();
      this.log?.info(
        { documents: index.size, stale, ms: Math.round(performance.now() - started) },
        'search index loaded',
      );
    } catch (err) {
      if (!(err instanceof IndexCorruptError)) {
        // Not a bad file but a failure of the service itself: searches answer SPEC §8's error
        // until an admin rebuilds from the management page.
        this.connection = 'error';
        this.indexStatus = 'broken';
        this.lastError = String(err);
        this.log?.error({ err }, 'search index could not be loaded');
        return;
      }
      this.indexStatus = 'broken';
      this.lastError = err.message;
      this.log?.warn({ reason: err.message }, 'search index is broken; rebuilding');
      this.rebuild();
    }
  }

  /**
   * GROWI's "reconnect" (POST /search/connection): a service that failed to start loads its saved
   * index again; a running one catches up on pages it missed. The index is in-process, so this is
   * the whole of reconnecting.
   */
  reconnect(): Promise<void> {
    if (this.closed || this.building) return this.booting;
    if (this.connection === 'error') {
      this.connection = 'connected';
      this.lastError = null;
      this.booting = this.boot().catch((err: unknown) =>
        this.log?.error({ err }, 'search index could not be started'),
      );
      return this.booting;
    }
    this.reconcile();
    return Promise.resolve();
  }

  /** Queues the pages the saved index missed (see missedChanges); returns how many. */
  private reconcile(): number {
    const missed = missedChanges(this.index, this.source.allStamps(), this.source.allTagRows());
    for (const pageId of missed) this.enqueue(pageId);
    return missed.length;
  }

  /** Sorts the index's words for prefix matching right after start-up, not in the first search. */
  private warmVocabulary(): void {
    setImmediate(() => {
      if (!this.closed) this.index.vocabulary.warm();
    });
  }

  enqueue(pageId: string): void {
    if (this.closed) return;
    this.pending.add(pageId);
    if (this.building) this.changedDuringBuild.add(pageId);
    if (!this.draining) this.draining = this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.size > 0 && !this.closed) {
        await nextTurn();
        this.applyPending(EVENT_BATCH);
      }
    } finally {
      this.draining = null;
    }
  }

  /** Re-reads up to `max` pending pages and updates the index: present ones upserted, gone ones removed. */
  private applyPending(max: number): void {
    const ids = [...this.pending].slice(0, max);
    if (ids.length === 0) return;
    for (const id of ids) this.pending.delete(id);
    const found = new Set<string>();
    for (const page of this.source.byId(ids)) {
      found.add(page.id);
      this.index.upsert(page);
    }
    for (const id of ids) if (!found.has(id)) this.index.remove(id);
    this.saves.dirty = true;
    if (this.index.deadCount > Math.max(COMPACT_MIN_DEAD, this.index.size)) this.rebuild();
    this.scheduleSave();
  }

  rebuild(): void {
    if (this.building || this.closed) return;
    this.building = this.build().finally(() => {
      this.building = null;
    });
  }

  private async build(): Promise<void> {
    const total = this.source.count();
    const servePartial = this.indexStatus !== 'normalized';
    this.indexStatus = 'rebuilding';
    this.changedDuringBuild.clear();
    this.progress = { done: 0, total };
    const started = performance.now();
    try {
      await this.saves.settled; // a worker's save must be the last one written
      const { dataDir, dbFile, workerMinPages } = this.options;
      const plan = { source: this.source, store: this.store, dataDir, dbFile, workerMinPages, servePartial };
      const built = await buildIndex(
        plan,
        {
          progress: (done, total) => (this.progress = { done, total }),
          cancelled: () => this.closed,
          serve: (index) => (this.index = index),
          worker: (stop) => (this.stopWorker = stop),
        },
        (err) => this.log?.warn({ err }, 'search index worker failed; building in the server thread'),
      );
      if (!built || this.closed) return;
      const { index, savedAt, inWorker } = built;
      const ms = Math.round(performance.now() - started);
      this.log?.info({ documents: index.size, ms, inWorker }, 'search index built');
      this.index = index;
      if (savedAt !== null) this.saves.savedAt = savedAt;
      this.saves.dirty = savedAt === null;
      this.afterFullScan();
      this.warmVocabulary();
      // Pages changed while the build ran may have been read before the change: indexed again
      // EVENT_BATCH at a time, as events are (all at once, a busy build's worth held the thread).
      for (const id of this.changedDuringBuild) this.pending.add(id);
      if (this.pending.size > 0 && !this.draining) this.draining = this.drain();
      this.indexStatus = 'normalized';
      this.connection = 'connected';
      this.lastError = null;
      this.progress = null;
      if (this.saves.dirty) await this.save();
    } catch (err) {
      if (this.closed) return;
      this.connection = 'error';
      this.indexStatus = 'broken';
      this.progress = null;
      this.lastError = String(err);
      this.log?.error({ err }, 'search index build failed');
    }
  }

  private scheduleSave(): void {
    if (!this.closed && !this.building) this.saves.schedule(() => this.index);
  }

  /** Saves the current index; saves never overlap. */
  save(): Promise<void> {
    return this.saves.save(this.index);
  }

  /** Resolves once start-up has loaded the saved index (or started a build): searches wait for it. */
  whenLoaded(): Promise<void> {
    return this.booting;
  }

  /** Resolves once no event, build or save is in flight (tests and the benchmark wait on it). */
  async whenIdle(): Promise<void> {
    await this.booting;
    while (this.building || this.draining || this.pending.size > 0) {
      await (this.building ?? this.draining ?? nextTurn());
    }
    await this.saves.settled;
  }

  status(pageCount: number): SearchIndicesStatus {
    return {
      connection: this.closed ? 'disconnected' : this.connection,
      indexStatus: this.indexStatus,
      progress: this.progress,
      documentCount: this.index.size,
      pageCount,
      sizeOnDisk: this.store.sizeOnDisk(),
      savedAt: this.saves.savedAt === null ? null : new Date(this.saves.savedAt).toISOString(),
      lastError: this.lastError,
    };
  }

  /** Applies what is pending (the database is still open), saves, and stops listening. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.saves.cancel();
    const complete = !this.building && this.indexStatus === 'normalized';
    if (complete) this.applyPending(this.pending.size);
    this.closed = true;
    for (const off of this.unsubscribe) off();
    this.saves.cancel();
    await this.stopWorker?.();
    await this.building;
    if (complete && this.saves.dirty) await this.save(); // an unchanged index is already on disk
    await this.saves.settled;
  }
}
