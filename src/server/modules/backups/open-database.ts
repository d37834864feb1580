// The database opens under the backups' two rules: a restore staged by an admin is swapped in
// before the file is opened, and migrations run only after a snapshot of the file as it was.
import { openDatabase, type Db } from '../../db/client';
import { snapshotBeforeMigration } from './before-migration';
import { applyPendingRestore } from './restore-at-start';

export function openDatabaseWithBackups(dataDir: string, dbFile: string): Db {
  applyPendingRestore(dataDir);
  return openDatabase(dbFile, {
    beforeMigrate: (sqlite, folder) => snapshotBeforeMigration(sqlite, folder, dataDir),
  });
}
