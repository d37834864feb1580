// Admin settings stored in the database, read through an in-memory memo the database keeps true.
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { RowMemo } from '../../db/row-watch';
import { SETTING_DEFAULTS } from './defaults';

export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type SettingValue<K extends SettingKey> = (typeof SETTING_DEFAULTS)[K];

/**
 * Settings read through a memo the database keeps true (db/row-watch.ts): any write to the table on
 * this connection forgets that key, and an import through another connection forgets them all.
 */
export class SettingsService {
  private readonly memo: RowMemo<unknown>;
  /** Read once per key and change (inside a transaction, at every read: see row-watch's mayFill). */
  private readonly load: (key: string) => unknown;

  constructor(private readonly db: Db) {
    this.memo = new RowMemo(db.$client, [
      { table: 'settings', events: ['INSERT', 'UPDATE', 'DELETE'], key: 'key' },
    ]);
    const stored = db.$client.prepare<[string], { value: string }>(
      'SELECT value FROM settings WHERE key = ?',
    );
    this.load = (key) => {
      const row = stored.get(key);
      return row ? JSON.parse(row.value) : SETTING_DEFAULTS[key as SettingKey];
    };
  }

  get<K extends SettingKey>(key: K): SettingValue<K> {
    return this.memo.get(key, this.load) as SettingValue<K>;
  }

  /** Several settings written at once: all of them, or none. */
  together<T>(write: () => T): T {
    return this.db.$client.transaction(write)();
  }

  set<K extends SettingKey>(key: K, value: SettingValue<K>): void {
    const json = JSON.stringify(value);
    this.db
      .insert(settings)
      .values({ key, value: json, updatedAt: new Date() })
      .onConflictDoUpdate({ target: settings.key, set: { value: json, updatedAt: new Date() } })
      .run();
  }
}
