// An online backup (`POST /_api/v3/backups`) of a 100k-page wiki while 16 connections read pages:
// how long the backup takes, and the read throughput during it next to the throughput without it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpAgent, spawnServer, waitForExit } from '../test/helpers/process';
import { runLoad, type LoadResult } from './lib/load';
import { BENCH_ADMIN, seed } from './lib/seed';
import { searchIndexReady } from './lib/bench-server';

const PAGES = Number(process.env.BENCH_PAGES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 16;

export async function runBackupBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-backup-'));
  const paths = await seed(dataDir, PAGES);
  const pick = (i: number) => paths[(i * 7919) % paths.length] ?? '/';
  const server = await spawnServer(['--data-dir', dataDir, '--port', '0'], { QUIRE_LOG_LEVEL: 'error' });
  const admin = new HttpAgent(server.url);
  await admin.call('POST', '/_api/v3/login', BENCH_ADMIN);
  await searchIndexReady(admin);

  const reads = (seconds: number): Promise<LoadResult> =>
    runLoad({
      baseUrl: server.url,
      connections: CONNECTIONS,
      maxRequests: Infinity,
      seconds,
      okStatus: 200,
      next: (i) => ({ method: 'GET', path: `/_api/v3/page?path=${encodeURIComponent(pick(i))}` }),
    });
  await reads(1); // warm-up
  const readsAlone = await reads(SECONDS);

  // Reads run in one-second windows for as long as the backup runs.
  const started = performance.now();
  let done = false;
  const backup = admin.call('POST', '/_api/v3/backups', {}).then(async (res) => {
    done = true;
    return { status: res.status, body: (await res.json()) as { backup?: { size: number } } };
  });
  const windows: LoadResult[] = [];
  while (!done) windows.push(await reads(1));
  const result = await backup;
  const backupSeconds = (performance.now() - started) / 1000;
  if (result.status !== 201) throw new Error(`the backup failed: ${result.status}`);

  server.child.kill('SIGTERM');
  await waitForExit(server.child);
  const dbBytes = fs.statSync(path.join(dataDir, 'quire.db')).size;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const requests = windows.reduce((n, w) => n + w.requests, 0);
  const seconds = windows.reduce((n, w) => n + w.seconds, 0);
  return {
    pages: PAGES,
    databaseMiB: Number((dbBytes / 2 ** 20).toFixed(1)),
    backupSeconds: Number(backupSeconds.toFixed(2)),
    backupZipMiB: Number(((result.body.backup?.size ?? 0) / 2 ** 20).toFixed(1)),
    readsWithoutBackup: readsAlone,
    readsDuringBackup: {
      requests,
      errors: windows.reduce((n, w) => n + w.errors, 0),
      seconds: Number(seconds.toFixed(2)),
      perSecond: Math.round(requests / seconds),
      worstWindowP99Ms: Math.max(...windows.map((w) => w.p99Ms)),
    },
  };
}
