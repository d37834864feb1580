// Before a start applies new migrations to a database that already holds a wiki, a copy of it is
// taken synchronously (nothing is served yet): `VACUUM INTO` a snapshot file, which the backups
// service wraps into a full 'before-migration' backup with the attachments once the server is up
// (migrations never touch attachment files).
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { BEFORE_MIGRATION_SNAPSHOT } from './service';

interface Journal {
  entries: { when: number }[];
}

/** True when the database has applied migrations and the journal holds newer ones. */
export function hasPendingMigrations(sqlite: Database.Database, migrationsFolder: string): boolean {
  const table = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (!table) return false; // a new wiki: nothing to keep
  const last = sqlite.prepare('SELECT max(created_at) AS at FROM __drizzle_migrations').get() as {
    at: number | null;
  };
  if (last.at === null) return false;
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  return journal.entries.some((e) => e.when > (last.at ?? 0));
}

/** Snapshots the database into `<data>/backups/.before-migration.db` when migrations are pending. */
export function snapshotBeforeMigration(
  sqlite: Database.Database,
  migrationsFolder: string,
  dataDir: string,
): void {
  if (!hasPendingMigrations(sqlite, migrationsFolder)) return;
  const target = path.join(dataDir, 'backups', BEFORE_MIGRATION_SNAPSHOT);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // A snapshot left by a start that failed is older still: the one to keep is the newest copy
  // of the data as it is now, before this attempt.
  fs.rmSync(target, { force: true });
  sqlite.prepare('VACUUM INTO ?').run(target);
}
