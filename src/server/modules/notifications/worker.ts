// The one delivery worker: takes due outbox rows, hands each to its channel, marks it sent or
// schedules a retry with exponential backoff. Runs beside requests, never inside one, so a slow or
// dead Slack or SMTP server never slows a save. One row at a time: a row is marked sent right after
// its channel reports success, so after a crash at most the row in flight is delivered again.
import type { FastifyBaseLogger } from 'fastify';
import { type Backoff, type OutboxRow, type OutboxStore } from './outbox';

export interface Channel {
  /** Delivers one row's payload; throws to have it retried later. */
  deliver(payload: unknown): Promise<void>;
}

const BATCH = 50;

export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly outbox: OutboxStore,
    private readonly channels: Record<string, Channel>,
    private readonly backoff: Backoff,
    private readonly log: () => Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Deliver what is due soon (after the current tick: the caller's request finishes first). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
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
    this.timer = setTimeout(() => void this.run(), Math.max(0, Math.min(delayMs, 60_000)));
    this.timer.unref();
  }

  private run(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.deliverDue().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.schedule(0);
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
      for (const row of rows) {
        if (this.stopped) return;
        await this.deliverOne(row);
      }
      if (rows.length < BATCH) return;
    }
  }

  private async deliverOne(row: OutboxRow): Promise<void> {
    const channel = this.channels[row.channel];
    try {
      if (!channel) throw new Error(`no channel "${row.channel}"`);
      await channel.deliver(JSON.parse(row.payload) as unknown);
      this.outbox.markSent(row.id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.outbox.markFailed(row, message, this.backoff);
      // The row's id and channel only: a payload may hold addresses, never a secret.
      this.log().warn(
        { outboxId: row.id, channel: row.channel, attempts: row.attempts + 1 },
        'notification delivery failed',
      );
    }
  }
}
