// The start-up check of issue 26 at 100k pages: `PRAGMA quick_check` on the database as a server
// opens it (what every start pays), beside the full `integrity_check` a backup's snapshot gets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { seed } from './lib/seed';

const PAGES = Number(process.env.BENCH_PAGES ?? 100_000);

function timed(db: Database.Database, pragma: string): { ms: number; result: unknown } {
  const started = performance.now();
  const result = db.pragma(pragma, { simple: true });
  return { ms: Math.round(performance.now() - started), result };
}

export async function runIntegrityBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-integrity-'));
  try {
    await seed(dataDir, PAGES);
    const file = path.join(dataDir, 'quire.db');
    const db = new Database(file);
    try {
      // As the server opens it: no memory map, a 16 MiB page cache, nothing read yet.
      db.pragma('mmap_size = 0');
      db.pragma('cache_size = -16384');
      const quick = timed(db, 'quick_check');
      const full = timed(db, 'integrity_check');
      return {
        pages: PAGES,
        databaseMiB: Math.round(fs.statSync(file).size / 2 ** 20),
        quickCheckMs: quick.ms,
        integrityCheckMs: full.ms,
        ok: quick.result === 'ok' && full.result === 'ok',
      };
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
