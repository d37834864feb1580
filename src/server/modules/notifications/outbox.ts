// The outbox table: what is still to be delivered, what failed and why. Plain SQL on the one
// better-sqlite3 connection, so a caller inside a transaction writes in that transaction.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/client';
import { newId } from '../../lib/ids';
import type { OutboxEntry, OutboxListResponse } from '../../../shared/notification-types';

export interface OutboxRow {
  id: string;
  channel: string;
  source_key: string;
  payload: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  sent_at: number | null;
  created_at: number;
}

/** Retry delays: base × 2^(attempts−1), at most `maxDelayMs`. */
export interface Backoff {
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseDelayMs: 5_000, maxDelayMs: 60 * 60 * 1000 };

export function retryDelay(attempts: number, backoff: Backoff): number {
  return Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    _id: row.id,
    channel: row.channel,
    sourceKey: row.source_key,
    attempts: row.attempts,
    nextAttemptAt: new Date(row.next_attempt_at).toISOString(),
    lastError: row.last_error,
    sentAt: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export class OutboxStore {
  private readonly insert: Statement<[string, string, string, string, number, number]>;
  private readonly dueRows: Statement<[number, number], OutboxRow>;
  private readonly sent: Statement<[number, string]>;
  private readonly failed: Statement<[string, number, string]>;
  private readonly retry: Statement<[number, string]>;
  private readonly latest: Statement<[number], OutboxRow>;
  private readonly counts: Statement<[], { pending: number; failing: number }>;
  private readonly nextDue: Statement<[], { at: number | null }>;

  constructor(db: Db) {
    const sqlite = db.$client;
    // INSERT OR IGNORE: the same change enqueued twice (listener and reconciliation) is one row.
    this.insert = sqlite.prepare(
      `INSERT OR IGNORE INTO notification_outbox
         (id, channel, source_key, payload, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, 0, ?, ?)`,
    );
    this.dueRows = sqlite.prepare(
      `SELECT * FROM notification_outbox WHERE sent_at IS NULL AND next_attempt_at <= ?
       ORDER BY next_attempt_at, created_at LIMIT ?`,
    );
    this.sent = sqlite.prepare('UPDATE notification_outbox SET sent_at = ?, last_error = NULL WHERE id = ?');
    this.failed = sqlite.prepare(
      `UPDATE notification_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?
       WHERE id = ?`,
    );
    this.retry = sqlite.prepare(
      'UPDATE notification_outbox SET next_attempt_at = ? WHERE id = ? AND sent_at IS NULL',
    );
    this.latest = sqlite.prepare(
      `SELECT * FROM notification_outbox
       ORDER BY (sent_at IS NULL) DESC, (last_error IS NULL), created_at DESC LIMIT ?`,
    );
    this.counts = sqlite.prepare(
      `SELECT COALESCE(SUM(sent_at IS NULL), 0) AS pending,
              COALESCE(SUM(sent_at IS NULL AND last_error IS NOT NULL), 0) AS failing
       FROM notification_outbox`,
    );
    this.nextDue = sqlite.prepare(
      'SELECT MIN(next_attempt_at) AS at FROM notification_outbox WHERE sent_at IS NULL',
    );
  }

  /** Adds a row unless this channel already has one for `sourceKey`; true when added. */
  enqueue(channel: string, sourceKey: string, payload: unknown, now = Date.now()): boolean {
    return this.insert.run(newId(), channel, sourceKey, JSON.stringify(payload), now, now).changes > 0;
  }

  due(now: number, limit: number): OutboxRow[] {
    return this.dueRows.all(now, limit);
  }

  markSent(id: string, now = Date.now()): void {
    this.sent.run(now, id);
  }

  markFailed(row: OutboxRow, error: string, backoff: Backoff, now = Date.now()): void {
    this.failed.run(error.slice(0, 1000), now + retryDelay(row.attempts + 1, backoff), row.id);
  }

  /** Makes an undelivered row due now; false when it is unknown or already delivered. */
  retryNow(id: string, now = Date.now()): boolean {
    return this.retry.run(now, id).changes > 0;
  }

  /** When the next undelivered row is due (ms since epoch), or null when nothing waits. */
  nextDueAt(): number | null {
    return this.nextDue.get()?.at ?? null;
  }

  /** For the admin view: undelivered rows first (failing ones first among them), then the latest. */
  list(limit: number): OutboxListResponse {
    const counts = this.counts.get() ?? { pending: 0, failing: 0 };
    return {
      entries: this.latest.all(limit).map(toEntry),
      pendingCount: counts.pending,
      failingCount: counts.failing,
    };
  }
}
