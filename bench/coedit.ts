// Co-editing latency: 50 editors (BENCH_COEDIT_EDITORS) on one page over loopback, each typing a
// character every KEY_INTERVAL ms; the time from a keystroke in one editor to its arrival in each
// of ten others (p50/p99; issue 32: p99 ≤ 25 ms at 50 editors). Then the same with 2 editors on
// a 1 MB page, and how long joining that page takes. The server runs in its own process; the editors share this one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as Y from 'yjs';
import { CoeditClient } from '../test/helpers/coedit-client';
import { HttpAgent, spawnServer, waitForExit } from '../test/helpers/process';
import { BENCH_ADMIN, seed } from './lib/seed';

const EDITORS = Number(process.env.BENCH_COEDIT_EDITORS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const KEY_INTERVAL_MS = 100;
/** Editors that time what they receive (every editor types and applies every update). */
const OBSERVERS = 10;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (n: number) => Number(n.toFixed(2));
  return {
    samples: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

/**
 * Every editor types for `seconds`; returns keystroke-to-peer latencies in ms, as OBSERVERS of them
 * see them. All editors share this process (and the server's 2 cores): decoding every update in
 * every editor to time it would make the harness, not the server, the slowest part.
 */
async function typeTogether(clients: CoeditClient[], seconds: number): Promise<number[]> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  for (const client of clients.slice(0, OBSERVERS)) {
    client.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== client) return; // only updates that came from the server
      const now = performance.now();
      // The server merges a tick's updates: a struct may hold several keystrokes of one editor.
      for (const struct of Y.decodeUpdate(update).structs) {
        if (!(struct instanceof Y.Item)) continue; // a merge's gaps (Skip) are nobody's keystrokes
        for (let clock = struct.id.clock; clock < struct.id.clock + struct.length; clock++) {
          const t0 = sentAt.get(`${struct.id.client}:${clock}`);
          if (t0 !== undefined) latencies.push(now - t0);
        }
      }
    });
  }
  const timers = clients.map((client, i) =>
    setInterval(
      () => {
        const clock = Y.getState(client.doc.store, client.doc.clientID);
        sentAt.set(`${client.doc.clientID}:${clock}`, performance.now());
        client.type(Math.floor(Math.random() * (client.text.length + 1)), String.fromCharCode(97 + (i % 26)));
      },
      KEY_INTERVAL_MS + i, // slightly apart, so keystrokes do not all fire in one tick
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  for (const timer of timers) clearInterval(timer);
  // Let the last keystrokes arrive.
  const expected = clients[0]?.text.toString();
  await Promise.all(
    clients.map((c) => c.until(() => c.text.length === clients[0]?.text.length, 'converged')),
  );
  const converged = clients.every((c) => c.text.toString() === clients[0]?.text.toString());
  if (!converged || expected === undefined) throw new Error('the editors did not converge');
  return latencies;
}

async function signedIn(url: string): Promise<string> {
  const agent = new HttpAgent(url);
  const res = await agent.call('POST', '/_api/v3/login', BENCH_ADMIN);
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return agent.cookie;
}

export async function runCoeditBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-coedit-'));
  await seed(dataDir, 1, () => '/bench/coedit');
  const server = await spawnServer(['--data-dir', dataDir, '--port', '0'], { QUIRE_LOG_LEVEL: 'error' });
  try {
    const agent = new HttpAgent(server.url);
    await agent.call('POST', '/_api/v3/login', BENCH_ADMIN);
    const page = (await (await agent.call('GET', '/_api/v3/page?path=%2Fbench%2Fcoedit')).json()) as {
      page: { _id: string };
    };
    const cookies = await Promise.all(Array.from({ length: EDITORS }, () => signedIn(server.url)));
    const clients = await Promise.all(
      cookies.map((cookie) => CoeditClient.connect(server.url, page.page._id, { cookie })),
    );
    const small = await typeTogether(clients, SECONDS);
    const finalLength = clients[0]?.text.length ?? 0;
    for (const client of clients) client.close();

    // A 1 MB page: joining it, and two editors typing on it.
    const line = 'A line of a very long page, with enough words to look like prose. ';
    const hugeBody = line.repeat(Math.ceil(1_000_000 / line.length));
    const created = await agent.call('POST', '/_api/v3/page', { path: '/bench/huge', body: hugeBody });
    const hugeId = ((await created.json()) as { page: { _id: string } }).page._id;
    const joinStart = performance.now();
    const first = await CoeditClient.connect(server.url, hugeId, { cookie: cookies[0] });
    const joinMs = performance.now() - joinStart;
    const second = await CoeditClient.connect(server.url, hugeId, { cookie: cookies[1] });
    const huge = await typeTogether([first, second], SECONDS);
    first.close();
    second.close();

    return {
      editors: EDITORS,
      keyIntervalMs: KEY_INTERVAL_MS,
      seconds: SECONDS,
      observers: Math.min(OBSERVERS, EDITORS),
      keystrokeToPeer: summary(small),
      targetP99Ms: 25,
      finalTextLength: finalLength,
      hugePage: {
        bodyBytes: hugeBody.length,
        firstJoinMs: Number(joinMs.toFixed(1)),
        keystrokeToPeerTwoEditors: summary(huge),
      },
    };
  } finally {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
