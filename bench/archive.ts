// Archive export and import at 100k pages (issues 11 and 32): one revision each (~1.5 KB bodies
// from the shared corpus). Targets in bench/lib/targets.ts: export ≤ 60 s and 200 MB of RSS growth,
// import ≤ 12 s, 100 MB and no pause of the server's thread over 50 ms.
// Runs the services in this process (as the server would), sampling RSS every 50 ms.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { closeDatabase, openDatabase } from '../src/server/db/client';
import { ArchiveExportService } from '../src/server/modules/archive/service';
import { ArchiveImportService } from '../src/server/modules/archive/import-service';
import { DEFAULT_ARCHIVE_LIMITS } from '../src/server/lib/zip-guard';
import { LocalDiskStorage } from '../src/server/modules/file-storage/backends/local/storage';
import { BENCH_ADMIN, seed } from './lib/seed';
import { HEAP_GROWING_PERCENT, keepHeapNearLive } from '../src/server/lib/heap-settings';

const PAGES = Number(process.env.BENCH_ARCHIVE_PAGES ?? 100_000);
const MB = 1024 * 1024;

async function measure<T>(run: () => Promise<T>): Promise<{ result: T; ms: number; rssGrowthMB: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const start = performance.now();
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      result,
      ms: Math.round(performance.now() - start),
      rssGrowthMB: Math.round((peak - before) / MB),
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function runArchiveBench() {
  keepHeapNearLive(); // the server's heap setting: memory growth is measured here
  const sourceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-archive-src-'));
  const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-archive-dst-'));
  try {
    await seed(sourceDir, PAGES);
    await seed(targetDir, 0);
    const notify = () => {};
    const limits = DEFAULT_ARCHIVE_LIMITS;

    const source = openDatabase(path.join(sourceDir, 'quire.db'));
    const exporter = new ArchiveExportService({
      dataDir: sourceDir,
      files: new LocalDiskStorage(path.join(sourceDir, 'attachments')),
      dbFile: path.join(sourceDir, 'quire.db'),
      limits,
      siteTitle: () => 'Bench',
      notify,
    });
    const exported = await measure(() => exporter.start(['pages', 'revisions'], null));
    closeDatabase(source);
    const stat = exported.result;
    if (!stat) throw new Error('export failed');

    const target = openDatabase(path.join(targetDir, 'quire.db'));
    const importer = new ArchiveImportService({
      sqlite: target.$client,
      dataDir: targetDir,
      files: new LocalDiskStorage(path.join(targetDir, 'attachments')),
      dirs: new ArchiveExportService({
        dataDir: targetDir,
        files: new LocalDiskStorage(path.join(targetDir, 'attachments')),
        dbFile: '',
        limits,
        siteTitle: () => '',
        notify,
      }).dirs,
      limits,
      notify,
      afterImport: () => {},
      // The server takes a complete backup first (the backups module); measured apart (bench backup).
      backup: async () => '',
    });
    fs.copyFileSync(
      path.join(exporter.dirs.exports, stat.fileName),
      path.join(targetDir, 'archives', 'imports', stat.fileName),
    );
    const admin = target.$client
      .prepare('SELECT id FROM users WHERE username = ?')
      .get(BENCH_ADMIN.username) as { id: string };
    // The server must keep answering while an import runs: how long its thread was ever blocked,
    // and how long a page read took, sampled every 100 ms throughout the import.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const reads: number[] = [];
    const readPage = target.$client.prepare('SELECT id, path FROM pages WHERE path = ?');
    const probe = setInterval(() => {
      const t0 = performance.now();
      readPage.get('/');
      reads.push(performance.now() - t0);
    }, 100);
    loop.enable();
    const imported = await measure(async () => {
      await importer.start(
        { id: admin.id, lang: 'en_US' },
        stat.fileName,
        ['pages', 'revisions'],
        [
          { collectionName: 'pages', mode: 'upsert' },
          { collectionName: 'revisions', mode: 'insert' },
        ],
      );
      await importer.whenIdle();
      return (await importer.status()).lastOutcome;
    });
    loop.disable();
    clearInterval(probe);
    reads.sort((a, b) => a - b);
    const pages = (target.$client.prepare('SELECT count(*) AS n FROM pages').get() as { n: number }).n;
    closeDatabase(target);
    if (!imported.result?.ok) throw new Error(`import failed: ${imported.result?.message}`);
    return {
      pages: PAGES,
      // The server's runtime settings this ran under (bench/run.ts, keepHeapNearLive).
      runtime: {
        mallocArenaMax: process.env.MALLOC_ARENA_MAX ?? null,
        heapGrowingPercent: HEAP_GROWING_PERCENT,
      },
      zipMB: Math.round(stat.fileStat.size / MB),
      export: {
        seconds: exported.ms / 1000,
        rssGrowthMB: exported.rssGrowthMB,
      },
      import: {
        seconds: imported.ms / 1000,
        rssGrowthMB: imported.rssGrowthMB,
        // While it ran: the longest the server's thread was blocked, and page reads.
        eventLoopMaxMs: Math.round(loop.max / 1e6),
        eventLoopP99Ms: Math.round(loop.percentile(99) / 1e6),
        readsDuringImport: reads.length,
        readP99Ms: Number((reads[Math.floor(reads.length * 0.99)] ?? 0).toFixed(2)),
      },
      pagesAfterImport: pages,
    };
  } finally {
    fs.rmSync(sourceDir, { recursive: true, force: true });
    fs.rmSync(targetDir, { recursive: true, force: true });
  }
}
