// Group commit (issue 17): saves that arrive together share one transaction, hence one fsync, and
// each is answered only after that transaction committed — `synchronous=FULL` still holds every
// acknowledged save through a crash or a power cut.
//
// Each save runs in a savepoint of its own: one that fails (a conflict, a refused grant) is rolled
// back alone and its caller hears its own error, exactly as if it had been alone. What a save's
// listeners write (outbox rows, subscriptions) joins the same transaction. A failed COMMIT fails
// every save of the group: none of them happened.
import type Database from 'better-sqlite3';

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** A group never grows past this: the first saves of a burst are not kept waiting for the last. */
const MAX_GROUP = 64;

export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  /** Groups committed and saves in them (the tests check that saves really share groups). */
  readonly stats = { groups: 0, saves: 0 };

  constructor(private readonly sqlite: Database.Database) {}

  /**
   * Runs `work` (synchronous database work) in the next group; resolves with its result once the
   * group committed, rejects with its own error if it threw, or with the commit's error.
   */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // After the I/O callbacks of this turn: every request already read joins the group.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const jobs = this.queue.splice(0, MAX_GROUP);
    if (this.queue.length > 0) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    if (jobs.length === 0) return;
    let outcomes: Outcome[];
    try {
      outcomes = this.sqlite.transaction(() => jobs.map((job) => this.runOne(job)))();
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    this.stats.groups++;
    this.stats.saves += jobs.length;
    jobs.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  /** One save in its own savepoint (a nested better-sqlite3 transaction). */
  private runOne(job: Job): Outcome {
    try {
      return { ok: true, value: this.sqlite.transaction(job.work)() };
    } catch (error) {
      return { ok: false, error };
    }
  }
}

/**
 * Runs `fn` once no transaction is open on this connection: now, or right after the current one
 * (transactions here are synchronous, so by the next turn of the event loop). For listeners that
 * write through another connection to the same file (co-editing drafts): inside a group commit
 * they would wait on its lock until they time out.
 */
export function afterCommit(sqlite: Database.Database, fn: () => void): void {
  if (!sqlite.inTransaction) fn();
  else setImmediate(() => afterCommit(sqlite, fn));
}
