// `$lsx` over a large tree (issue 18): the first screen (50 pages) of GET /_api/lsx below a path
// with 10k pages, in path order (an index range scan that stops early), by updatedAt reversed
// (sorts the subtree), by depth and with a filter. Target: first screen <= 200 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpAgent, spawnServer, waitForExit } from '../test/helpers/process';
import { runLoad } from './lib/load';
import { BENCH_ADMIN, seed } from './lib/seed';

const PAGES = Number(process.env.BENCH_LSX_PAGES ?? 20_000);
const SUBTREE = 10_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

function pathOf(i: number): string {
  if (i < SUBTREE) return `/lsx-big/g-${String(i % 100).padStart(2, '0')}/p-${String(i).padStart(5, '0')}`;
  return `/elsewhere/section-${i % 100}/page-${i}`;
}

export async function runLsxBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-lsx-'));
  await seed(dataDir, PAGES, pathOf);
  const server = await spawnServer(['--data-dir', dataDir, '--port', '0'], { QUIRE_LOG_LEVEL: 'error' });
  const admin = new HttpAgent(server.url);
  await admin.call('POST', '/_api/v3/login', BENCH_ADMIN);
  const auth = await admin.authHeaders();
  const load = (query: string) =>
    runLoad({
      baseUrl: server.url,
      connections: 1,
      maxRequests: Infinity,
      seconds: SECONDS,
      okStatus: 200,
      next: () => ({
        method: 'GET',
        path: `/_api/lsx?pagePath=/lsx-big&limit=50${query}`,
        headers: { cookie: auth.cookie ?? '' },
      }),
    });
  const result = {
    seededPages: PAGES,
    subtreePages: SUBTREE,
    firstScreenPathOrder: await load(''),
    firstScreenUpdatedAtReversed: await load('&sort=updatedAt&reverse=true'),
    firstScreenDepth1: await load('&depth=1'),
    firstScreenFilter: await load('&filter=p-09'),
    targets: { firstScreenMs: 200 },
  };
  server.child.kill('SIGTERM');
  await waitForExit(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return result;
}
