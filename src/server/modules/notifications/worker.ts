// The one delivery worker: takes due outbox rows, hands each to its channel, marks it sent or
// schedules a retry with exponential backoff. Runs beside requests, never inside one, so a slow or
// dead Slack or SMTP server never slows a save. A remote row (mail, Slack) is marked sent right
// after its channel reports success, so after a crash at most the row in flight is delivered
// again. Rows of local channels (in-app, fan-out) change only this database: a batch of them is
// delivered and marked sent in one transaction (no fsync: see deliverLocalRows), exactly once.
import type Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { withoutFsync } from '../../db/client';
import { type Backoff, type OutboxRow, type OutboxStore } from './outbox';

/** A channel that talks to another service. */
export interface RemoteChannel {
  /** Delivers one row's payload; throws to have it retried later. */
  deliver(payload: unknown): Promise<void>;
}

/** A channel that only writes this database, synchronously (inside the worker's transaction). */
export interface LocalChannel {
  /** Delivers one row's payload; throws to have it retried later (its writes are rolled back). */
  deliverHere(payload: unknown): void;
}

export type Channel = RemoteChannel | LocalChannel;

const isLocal = (channel: Channel | undefined): channel is LocalChannel =>
  channel !== undefined && 'deliverHere' in channel;

const BATCH = 50;
/**
 * How long a wake waits for others to share its run. Every save enqueues a row, and a run per row
 * (its look for due rows, its transaction, its look for the next) was 3 % of the server's thread
 * in the 200-user soak at 125 saves a second (issue 32); a notification a twentieth of a second
 * later is still at once to a reader.
 */
export const WAKE_MS = 50;
/** After a failure even to record failures (a full disk), the worker looks again this much later. */
const STALLED_RETRY_MS = 5_000;

export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  /** When the timer fires (Date.now() time). */
  private timerAt = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly outbox: OutboxStore,
    private readonly channels: Record<string, Channel>,
    private readonly backoff: Backoff,
    private readonly log: () => Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Deliver what is due soon: within WAKE_MS, together with what else is enqueued meanwhile. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer && this.timerAt <= Date.now() + WAKE_MS) return; // a run is coming as soon
    this.schedule(WAKE_MS);
  }

  /** Waits for the row in flight, then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Delivers every row due now, and the rows those fan out into (tests wait for delivery so). */
  async drain(): Promise<void> {
    for (let pass = 0; pass < 5; pass++) {
      while (this.running) await this.running;
      await this.run();
      if (this.outbox.due(Date.now(), 1).length === 0) return;
    }
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    // Capped so a clock change or a long backoff is looked at again within a minute.
    const delay = Math.max(0, Math.min(delayMs, 60_000));
    this.timerAt = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delay);
    this.timer.unref();
  }

  private run(): Promise<void> {
    if (this.running) return this.running;
    let stalled = false;
    const delivering = this.deliverDue().catch((err: unknown) => {
      // Even marking a row failed could not be written (a full disk, issue 26): the rows stay due
      // and the worker looks again shortly rather than spinning or stopping.
      stalled = true;
      this.log().warn({ err: String(err) }, 'notification delivery stalled; trying again shortly');
    });
    this.running = delivering.finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (stalled) {
        this.schedule(STALLED_RETRY_MS);
        return;
      }
      if (this.again) {
        this.again = false;
        this.schedule(WAKE_MS);
        return;
      }
      const next = this.outbox.nextDueAt();
      if (next !== null) this.schedule(next - Date.now());
    });
    return this.running;
  }

  private async deliverDue(): Promise<void> {
    for (;;) {
      const rows = this.outbox.due(Date.now(), BATCH);
      if (rows.length === 0) return;
      this.deliverLocal(rows.filter((row) => isLocal(this.channels[row.channel])));
      for (const row of rows) {
        if (this.stopped) return;
        if (!isLocal(this.channels[row.channel])) await this.deliverOne(row);
      }
      if (rows.length < BATCH) return;
    }
  }

  /** Local rows, each in a savepoint: one that fails is rolled back alone and retried later. */
  private deliverLocal(rows: OutboxRow[]): void {
    if (rows.length === 0 || this.stopped) return;
    try {
      this.deliverLocalRows(rows);
    } catch (err) {
      // A failed commit (a full disk) leaves the rows due: they are tried again on the next wake.
      this.log().warn({ err: String(err) }, 'notification delivery failed');
    }
  }

  /**
   * Without waiting for the disk (withoutFsync): a batch a power cut takes back is lost whole, its
   * rows still due, and delivered again after the restart — still exactly once.
   */
  private deliverLocalRows(rows: OutboxRow[]): void {
    const batch = this.sqlite.transaction(() => {
      for (const row of rows) {
        const channel = this.channels[row.channel] as LocalChannel;
        try {
          this.sqlite.transaction(() => {
            channel.deliverHere(JSON.parse(row.payload) as unknown);
            this.outbox.markSent(row.id);
          })();
        } catch (err) {
          this.failed(row, err);
        }
      }
    });
    withoutFsync(this.sqlite, batch);
  }

  private async deliverOne(row: OutboxRow): Promise<void> {
    const channel = this.channels[row.channel];
    try {
      if (!channel || isLocal(channel)) throw new Error(`no channel "${row.channel}"`);
      await channel.deliver(JSON.parse(row.payload) as unknown);
      this.outbox.markSent(row.id);
    } catch (err) {
      this.failed(row, err);
    }
  }

  private failed(row: OutboxRow, err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    this.outbox.markFailed(row, message, this.backoff);
    // The row's id and channel only: a payload may hold addresses, never a secret.
    this.log().warn(
      { outboxId: row.id, channel: row.channel, attempts: row.attempts + 1 },
      'notification delivery failed',
    );
  }
}
