// The database part of a backup: a small database is copied by better-sqlite3's online backup API,
// page by page between event-loop ticks, so saves go on while it runs; a large one by `VACUUM INTO`
// in a worker (check-runner.ts). The copy is checked with `PRAGMA integrity_check` before anyone
// relies on it.
import Database from 'better-sqlite3';

/**
 * Another connection writing (co-editing drafts have their own) makes SQLite restart the copy.
 * After this many restarts the rest is copied in one step, so a busy wiki still gets its backup.
 */
const MAX_RESTARTS = 3;
const PAGES_PER_STEP = 1000;

export async function snapshotDatabase(source: Database.Database, target: string): Promise<void> {
  let lastRemaining = Number.POSITIVE_INFINITY;
  let restarts = 0;
  await source.backup(target, {
    progress: ({ totalPages, remainingPages }) => {
      if (remainingPages > lastRemaining) restarts += 1;
      lastRemaining = remainingPages;
      return restarts >= MAX_RESTARTS ? totalPages : PAGES_PER_STEP;
    },
  });
}

/**
 * Copies the database file `source` (live, in WAL mode) to `target` as one consistent snapshot, on
 * a read-only connection of its own: `VACUUM INTO` reads it in one read transaction, so the
 * server's connection writes on meanwhile. For a worker thread (check-worker.ts).
 */
export function snapshotFile(source: string, target: string): void {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
}

/** Opens a database file read-only and runs integrity_check; the reason it is unusable, or null. */
export function checkDatabaseFile(file: string): string | null {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const result = rows.map((r) => r.integrity_check).join('; ');
    if (result !== 'ok') return `integrity_check: ${result}`;
    const pages = db.prepare(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'pages'",
    );
    if ((pages.get() as { n: number }).n !== 1) return 'not a Quire database (no pages table)';
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    db?.close();
  }
}
