// The settings module's commands for an archive import (issue 31: the import writes settings only
// through here), prepared once on the import's connection. The caller decides which keys may come.
import type Database from 'better-sqlite3';

export function prepareSettingImport(sqlite: Database.Database) {
  const upsert = sqlite.prepare(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  return {
    /** Every stored setting but these keys goes back to its default. */
    removeAllBut: (kept: Iterable<string>) =>
      sqlite
        .prepare('DELETE FROM settings WHERE key NOT IN (SELECT value FROM json_each(?))')
        .run(JSON.stringify([...kept])),
    /** `json`: the value as stored, already checked against the setting's type. */
    saveSetting: (key: string, json: string) => upsert.run(key, json, Date.now()),
  };
}
