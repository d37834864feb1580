// The backup taken before every import. Issue 12 builds the backups module; until it is merged this
// is an online copy of the database (better-sqlite3's backup API, consistent while the server
// runs) into `<data>/backups/`. The lead points this one function at the backups module then.
import path from 'node:path';
import fs from 'node:fs';
import type Database from 'better-sqlite3';

export async function backupBeforeImport(sqlite: Database.Database, dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'backups');
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `quire-before-import-${stamp}.db`);
  await sqlite.backup(file);
  return file;
}
