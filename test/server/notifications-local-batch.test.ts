// Rows of local channels (in-app, fan-out) are delivered in one transaction with their sent marks
// (notifications/worker.ts): each row in a savepoint of its own, so one that fails is rolled back
// alone and retried later, and the others are delivered exactly once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { OutboxStore } from '../../src/server/modules/notifications/outbox';
import { DeliveryWorker, WAKE_MS, type Channel } from '../../src/server/modules/notifications/worker';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  server.app.ctx.db.$client.exec('CREATE TABLE delivered (v TEXT)');
});
afterEach(async () => {
  await server.cleanup();
});

describe('local notification channels', () => {
  it('delivers a batch together; a failing row is rolled back alone and kept for a retry', async () => {
    const sqlite = server.app.ctx.db.$client;
    const outbox = new OutboxStore(server.app.ctx.db);
    const write = sqlite.prepare('INSERT INTO delivered (v) VALUES (?)');
    const channels: Record<string, Channel> = {
      ok: { deliverHere: (payload) => void write.run(String(payload)) },
      boom: {
        deliverHere: (payload) => {
          write.run(String(payload));
          throw new Error('no such recipient');
        },
      },
    };
    const warnings: unknown[] = [];
    const worker = new DeliveryWorker(
      sqlite,
      outbox,
      channels,
      { baseDelayMs: 60_000, maxDelayMs: 60_000 },
      () => ({
        warn: (obj: unknown) => void warnings.push(obj),
      }),
    );
    const now = Date.now() - 1000;
    outbox.enqueue('ok', 'a', 'first', now);
    outbox.enqueue('boom', 'b', 'second', now);
    outbox.enqueue('ok', 'c', 'third', now);
    worker.start();
    await worker.drain();
    await worker.stop();

    const values = sqlite.prepare('SELECT v FROM delivered ORDER BY v').all();
    expect(values).toEqual([{ v: 'first' }, { v: 'third' }]);
    const rows = sqlite
      .prepare(
        'SELECT source_key, sent_at IS NOT NULL AS sent, attempts, last_error FROM notification_outbox ORDER BY source_key',
      )
      .all();
    expect(rows).toEqual([
      { source_key: 'a', sent: 1, attempts: 0, last_error: null },
      { source_key: 'b', sent: 0, attempts: 1, last_error: 'no such recipient' },
      { source_key: 'c', sent: 1, attempts: 0, last_error: null },
    ]);
    expect(warnings).toHaveLength(1);
  });

  it('delivers rows enqueued a few milliseconds apart in one run, WAKE_MS after the first', async () => {
    const sqlite = server.app.ctx.db.$client;
    const outbox = new OutboxStore(server.app.ctx.db);
    const write = sqlite.prepare('INSERT INTO delivered (v) VALUES (?)');
    let looks = 0;
    const due = outbox.due.bind(outbox);
    outbox.due = (now, limit) => {
      looks += 1;
      return due(now, limit);
    };
    const channels: Record<string, Channel> = { ok: { deliverHere: (p) => void write.run(String(p)) } };
    const backoff = { baseDelayMs: 60_000, maxDelayMs: 60_000 };
    const worker = new DeliveryWorker(sqlite, outbox, channels, backoff, () => ({ warn: () => {} }));
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, WAKE_MS * 3)); // the start's own look
    looks = 0;
    const started = Date.now();
    for (const key of ['a', 'b', 'c']) {
      outbox.enqueue('ok', key, key);
      worker.wake(); // as the listeners do after each save, here a few milliseconds apart
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const delivered = () => sqlite.prepare('SELECT count(*) AS n FROM delivered').get();
    await expect.poll(delivered, { interval: 5 }).toEqual({ n: 3 });
    const waited = Date.now() - started;
    await worker.stop();
    expect(looks).toBeLessThan(3); // one, or two on a machine so slow the saves spread wider
    expect(waited).toBeGreaterThanOrEqual(WAKE_MS - 5);
    expect(waited).toBeLessThan(WAKE_MS * 20);
  });
});
