// Page create and page read throughput on a seeded wiki of 10k pages, next to a bare
// Fastify + better-sqlite3 server serving the same rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpAgent, spawnServer, waitForExit, type ServerProcess } from '../test/helpers/process';
import { runLoad } from './lib/load';
import { BENCH_ADMIN, pageBody, seed } from './lib/seed';

const PAGES = Number(process.env.BENCH_PAGES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 16;

async function searchIndexReady(admin: HttpAgent): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await admin.call('GET', '/_api/v3/search/indices');
    if (((await res.json()) as { indexStatus?: string }).indexStatus === 'normalized') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the search index was not ready within 2 minutes');
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  await waitForExit(server.child);
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

  const read = (headers: Record<string, string>) =>
    runLoad({
      baseUrl: quire.url,
      connections: CONNECTIONS,
      maxRequests: Infinity,
      seconds: SECONDS,
      okStatus: 200,
      next: (i) => ({ method: 'GET', path: `/_api/v3/page?path=${encodeURIComponent(pick(i))}`, headers }),
    });
  const readGuest = await read({});
  const readSignedIn = await read({ cookie: auth.cookie ?? '' });
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
  await stop(quire);

  const bare = await spawnServer([path.join(dataDir, 'quire.db'), '0'], {}, 'bench/bare-server.ts');
  const readBare = await runLoad({
    baseUrl: bare.url,
    connections: CONNECTIONS,
    maxRequests: Infinity,
    seconds: SECONDS,
    okStatus: 200,
    next: (i) => ({ method: 'GET', path: `/page?path=${encodeURIComponent(pick(i))}` }),
  });
  await stop(bare);
  fs.rmSync(dataDir, { recursive: true, force: true });

  return {
    seededPages: PAGES,
    seedSeconds: Number(seedSeconds.toFixed(2)),
    pageReadGuest: readGuest,
    pageReadSignedIn: readSignedIn,
    pageReadBareFastifySqlite: readBare,
    readThroughputVsBare: Number((readGuest.perSecond / readBare.perSecond).toFixed(2)),
    signedInReadThroughputVsBare: Number((readSignedIn.perSecond / readBare.perSecond).toFixed(2)),
    pageCreate: create,
  };
}
