// Page create and page read throughput on a seeded wiki of 10k pages, next to a bare
// Fastify + better-sqlite3 server serving the same rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpAgent, spawnServer } from '../test/helpers/process';
import { runGets, runLoad, type LoadResult } from './lib/load';
import { BENCH_ADMIN, pageBody, seed } from './lib/seed';
import { searchIndexReady, stopServer } from './lib/bench-server';

const PAGES = Number(process.env.BENCH_PAGES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 9);
const ROUNDS = 3;
const CONNECTIONS = 16;

/** Adds up rounds of the same load: requests and time summed, latencies of the last round. */
function total(rounds: LoadResult[]): LoadResult {
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  const seconds = rounds.reduce((n, r) => n + r.seconds, 0);
  const last = rounds[rounds.length - 1]!;
  return {
    requests,
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(requests / seconds),
    p50Ms: last.p50Ms,
    p99Ms: last.p99Ms,
  };
}

export async function runPagesBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-'));
  const seedStart = performance.now();
  const paths = await seed(dataDir, PAGES);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const pick = (i: number) => paths[(i * 7919) % paths.length] ?? '/';

  const quire = await spawnServer(['--data-dir', dataDir, '--port', '0'], { QUIRE_LOG_LEVEL: 'error' });
  const user = new HttpAgent(quire.url);
  await user.call('POST', '/_api/v3/login', BENCH_ADMIN);
  const auth = await user.authHeaders();
  // Reads are measured on a settled server: the first start builds the search index of the seeded
  // pages (in a worker thread, then loaded by the server thread), which is not what a read costs.
  await searchIndexReady(user);
  const bare = await spawnServer([path.join(dataDir, 'quire.db'), '0'], {}, 'bench/bare-server.ts');

  const load = (
    baseUrl: string,
    route: (p: string) => string,
    headers: Record<string, string>,
    seconds: number,
  ) =>
    runGets({
      baseUrl,
      connections: CONNECTIONS,
      seconds,
      headers,
      pathOf: (i) => route(encodeURIComponent(pick(i))),
    });
  const quireRead = (headers: Record<string, string>, seconds: number) =>
    load(quire.url, (p) => `/_api/v3/page?path=${p}`, headers, seconds);
  const bareRead = (seconds: number) => load(bare.url, (p) => `/page?path=${p}`, {}, seconds);
  // Both servers warm up (JIT, caches) first; then the three loads take turns, so a machine that
  // slows down or speeds up during the run weighs on all three alike.
  await quireRead({ cookie: auth.cookie ?? '' }, 2);
  await bareRead(2);
  const rounds = { guest: [] as LoadResult[], signedIn: [] as LoadResult[], bare: [] as LoadResult[] };
  for (let round = 0; round < ROUNDS; round++) {
    rounds.guest.push(await quireRead({}, SECONDS / ROUNDS));
    rounds.signedIn.push(await quireRead({ cookie: auth.cookie ?? '' }, SECONDS / ROUNDS));
    rounds.bare.push(await bareRead(SECONDS / ROUNDS));
  }
  await stopServer(bare);
  const readGuest = total(rounds.guest);
  const readSignedIn = total(rounds.signedIn);
  const readBare = total(rounds.bare);

  const create = await runLoad({
    baseUrl: quire.url,
    connections: 4,
    maxRequests: 2000,
    seconds: SECONDS * 2,
    okStatus: 201,
    next: (i) => ({
      method: 'POST',
      path: '/_api/v3/page',
      headers: auth,
      body: JSON.stringify({ path: `/bench-new/page-${i}`, body: pageBody(i) }),
    }),
  });
  await stopServer(quire);
  fs.rmSync(dataDir, { recursive: true, force: true });

  return {
    seededPages: PAGES,
    seedSeconds: Number(seedSeconds.toFixed(2)),
    pageReadGuest: readGuest,
    pageReadSignedIn: readSignedIn,
    pageReadBareFastifySqlite: readBare,
    readThroughputVsBare: Number((readGuest.perSecond / readBare.perSecond).toFixed(2)),
    signedInReadThroughputVsBare: Number((readSignedIn.perSecond / readBare.perSecond).toFixed(2)),
    notes: [
      'reads: after a warm-up of each server, guest, signed-in and bare loads take turns (3 rounds); Quire answers page reads from memory (pages/read-cache.ts, kept true by the database), the bare server reads SQLite every time',
    ],
    pageCreate: create,
  };
}
