// Opens the SQLite database, sets the pragmas Quire relies on and applies pending migrations.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * The migrations folder sits beside this module in the sources (src/server/db/migrations) and
 * beside the bundle once built (the build copies it to out/main/migrations).
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found next to ${here}`);
  return found;
}

/**
 * The database file is damaged (issue 26): `PRAGMA quick_check` failed at start, or SQLite could
 * not read the file at all. The server refuses to start on it; the caller names the way out.
 */
export class DatabaseDamagedError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`the database ${file} is damaged: ${problem}`);
  }
}

const DAMAGE_CODES = /^SQLITE_(CORRUPT|NOTADB)/;

/**
 * What `PRAGMA quick_check` finds wrong, or null. It reads every page of the file once without
 * checking index contents against tables (that is `integrity_check`, which backups get): about
 * 0.2 s at 100k pages (`npm run bench -- integrity`), paid at every start.
 */
function quickCheck(sqlite: Database.Database): string | null {
  const rows = sqlite.pragma('quick_check') as { quick_check: string }[];
  const result = rows.map((r) => r.quick_check).join('; ');
  return result === 'ok' ? null : result;
}

export interface OpenOptions {
  /** Runs before pending migrations are applied (the backup taken before every migration). */
  beforeMigrate?: (sqlite: Database.Database, migrationsFolder: string) => void;
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const existed = fs.existsSync(file);
  let sqlite: Database.Database;
  try {
    sqlite = new Database(file);
    const problem = existed ? quickCheck(sqlite) : null;
    if (problem) {
      sqlite.close();
      throw new DatabaseDamagedError(file, problem);
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && DAMAGE_CODES.test(code))
      throw new DatabaseDamagedError(file, String(err));
    throw err;
  }
  sqlite.pragma('journal_mode = WAL');
  // FULL: a save acknowledged to the user survives a crash of the process or of the machine.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // An 8 MiB page cache, and no memory map: page reads come from memory anyway (the page read
  // cache, pages/read-cache.ts), and a mapped file put every page any scan touched — and, through
  // the kernel's fault-around, its neighbours — into this process's RSS (~180 MB at 100k pages
  // after one count). The cache is the bound on what the database costs in memory; the operating
  // system's file cache holds the rest (16 MiB measured no faster: decision 0004).
  sqlite.pragma('cache_size = -8192');
  sqlite.pragma('mmap_size = 0');
  const db = drizzle(sqlite, { schema });
  options.beforeMigrate?.(sqlite, migrationsFolder());
  migrate(db, { migrationsFolder: migrationsFolder() });
  return db;
}

/** Folds the WAL into the main file and closes; called on graceful shutdown. */
export function closeDatabase(db: Db): void {
  const sqlite = db.$client;
  if (!sqlite.open) return;
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
}

/**
 * Runs a transaction whose commit waits for no fsync (synchronous = NORMAL), for writes a power cut
 * may take back without harm: "seen by" marks, deliveries the outbox makes again. In WAL mode such
 * a transaction is lost whole or kept whole, and the next FULL commit (any save) makes it durable
 * with its own. Each fsync held every request of the server for 0.15–0.3 ms here (issue 32).
 */
export function withoutFsync<T>(sqlite: Database.Database, transaction: () => T): T {
  sqlite.pragma('synchronous = NORMAL');
  try {
    return transaction();
  } finally {
    sqlite.pragma('synchronous = FULL');
  }
}
