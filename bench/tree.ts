// The page tree at 100k pages (issue 3 §11): children listing of a parent with 10k children,
// renaming a 10k-page subtree, deleting a 10k-page subtree to the trash (and putting it back).
// Targets: children p99 <= 5 ms, subtree rename <= 2 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpAgent, spawnServer, waitForExit } from '../test/helpers/process';
import { runLoad } from './lib/load';
import { BENCH_ADMIN, seed } from './lib/seed';

const PAGES = Number(process.env.BENCH_TREE_PAGES ?? 100_000);
const SUBTREE = 10_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** 10k siblings, a 10k subtree to rename, a 10k subtree to delete, and the rest spread out. */
function pathOf(i: number): string {
  if (i < SUBTREE) return `/siblings/p-${String(i).padStart(5, '0')}`;
  if (i === SUBTREE) return '/move-src';
  if (i < 2 * SUBTREE) return `/move-src/g-${i % 100}/p-${i}`;
  if (i === 2 * SUBTREE) return '/trash-src';
  if (i < 3 * SUBTREE) return `/trash-src/g-${i % 100}/p-${i}`;
  return `/bench/section-${i % 100}/page-${i}`;
}

interface PageJson {
  _id: string;
  revision: { _id: string };
}

async function timed(label: string, run: () => Promise<Response>): Promise<number> {
  const start = performance.now();
  const res = await run();
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`${label}: ${res.status} ${await res.text()}`);
  return Math.round(ms);
}

async function waitForSearchIndex(agent: HttpAgent): Promise<void> {
  // The search index builds in the background after start; measure once it is idle.
  for (let i = 0; i < 600; i++) {
    const res = await agent.call('GET', '/_api/v3/search/indices');
    if (!res.ok) return;
    const status = (await res.json()) as { indexStatus: string };
    if (status.indexStatus !== 'rebuilding') return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function runTreeBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-tree-'));
  await seed(dataDir, PAGES, pathOf);
  const startAt = performance.now();
  const server = await spawnServer(['--data-dir', dataDir, '--port', '0'], { QUIRE_LOG_LEVEL: 'error' });
  const firstStartMs = Math.round(performance.now() - startAt); // includes the one-time tree backfill
  const admin = new HttpAgent(server.url);
  await admin.call('POST', '/_api/v3/login', BENCH_ADMIN);
  await waitForSearchIndex(admin);
  const auth = await admin.authHeaders();

  const childrenLoad = (limit: number) =>
    runLoad({
      baseUrl: server.url,
      connections: 1,
      maxRequests: Infinity,
      seconds: SECONDS,
      okStatus: 200,
      next: (i) => ({
        method: 'GET',
        // A window anywhere in the 10k siblings: the keyset cursor makes every window cost the same.
        path: `/_api/v3/page-listing/children?path=/siblings&limit=${limit}&after=${encodeURIComponent(
          `/siblings/p-${String((i * 7919) % 9800).padStart(5, '0')}`,
        )}`,
        headers: { cookie: auth.cookie ?? '' },
      }),
    });
  const children100 = await childrenLoad(100);
  const children1000 = await childrenLoad(1000);

  const page = async (p: string) =>
    (
      (await (await admin.call('GET', `/_api/v3/page?path=${encodeURIComponent(p)}`)).json()) as {
        page: PageJson;
      }
    ).page;
  const moveSrc = await page('/move-src');
  const renameMs = await timed('rename', () =>
    admin.call('PUT', '/_api/v3/pages/rename', {
      pageId: moveSrc._id,
      revisionId: moveSrc.revision._id,
      newPagePath: '/moved/here',
      isRecursively: true,
    }),
  );
  const trashSrc = await page('/trash-src');
  const trashMs = await timed('delete to trash', () =>
    admin.call('POST', '/_api/v3/pages/delete', {
      pageIdToRevisionIdMap: { [trashSrc._id]: trashSrc.revision._id },
      isRecursively: true,
    }),
  );
  const putBackMs = await timed('put back', () =>
    admin.call('PUT', '/_api/v3/pages/revert', { pageId: trashSrc._id, isRecursively: true }),
  );

  server.child.kill('SIGTERM');
  await waitForExit(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    seededPages: PAGES,
    firstStartWithTreeBackfillMs: firstStartMs,
    childrenOf10kSiblings: { limit100: children100, limit1000: children1000 },
    renameSubtree10kMs: renameMs,
    deleteSubtree10kToTrashMs: trashMs,
    putBackSubtree10kMs: putBackMs,
    targets: { childrenP99Ms: 5, renameSubtreeMs: 2000 },
  };
}
