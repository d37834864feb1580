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

export interface OpenOptions {
  /** Runs before pending migrations are applied (the backup taken before every migration). */
  beforeMigrate?: (sqlite: Database.Database, migrationsFolder: string) => void;
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a save acknowledged to the user survives a crash of the process or of the machine.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A 16 MiB page cache, and no memory map: page reads come from memory anyway (the page read
  // cache, pages/read-cache.ts), and a mapped file put every page any scan touched — and, through
  // the kernel's fault-around, its neighbours — into this process's RSS (~180 MB at 100k pages
  // after one count). The cache is the bound on what the database costs in memory.
  sqlite.pragma('cache_size = -16384');
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
