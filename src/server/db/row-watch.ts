// In-memory caches of rows stay true because the database tells them what changed: a TEMP trigger
// calls back into JavaScript, on the same connection, inside the very statement that wrote — so no
// module can forget to invalidate. TEMP triggers live only on this connection, never in the file.
//
// A rolled-back write has still called back: invalidation is conservative. A cache must not be
// filled inside a transaction (a rollback would leave it holding rows that never were): see
// `mayFill`. Other connections (worker threads) write without calling back: their callers say so
// with `rowsChangedElsewhere`, and every watcher of the connection forgets everything.
import type Database from 'better-sqlite3';

export type RowEvent = 'INSERT' | 'UPDATE' | 'DELETE';

export interface RowWatch {
  table: string;
  events: RowEvent[];
  /** The column whose value is passed to the callback (from NEW on insert, from OLD and NEW on update). */
  key?: string;
  /** Only updates of these columns (the default: any column). */
  columns?: string[];
  /** A second column of an inserted row passed along with its key (the row's own detail). */
  value?: string;
}

/** Rows of these tables carrying a page id (`page_id`): a write forgets that page's entry. */
export function pageRows(...tables: string[]): RowWatch[] {
  return tables.map((table): RowWatch => ({ table, events: ['INSERT', 'UPDATE', 'DELETE'], key: 'page_id' }));
}

/** A user renamed or gone: every answer that shows people's names forgets everything. */
export const USER_NAME_ROWS: RowWatch[] = [
  { table: 'users', events: ['UPDATE'], columns: ['username', 'name'] },
  { table: 'users', events: ['DELETE'] },
];

let nextWatcher = 0;
/** Every watcher of a connection, to tell them all of changes the triggers could not see. */
const watchers = new WeakMap<Database.Database, ((key: null) => void)[]>();

/**
 * Calls `onChange(key)` for every row the watched statements insert, update or delete; `null` when
 * the watch has no key, or when anything may have changed (rowsChangedElsewhere). An insert's
 * `value` column comes as the second argument (null otherwise).
 */
export function watchRows(
  sqlite: Database.Database,
  watches: RowWatch[],
  onChange: (key: string | null, value: string | null) => void,
): void {
  const fn = `quire_rows_changed_${nextWatcher++}`;
  watchers.set(sqlite, [...(watchers.get(sqlite) ?? []), (key) => onChange(key, null)]);
  sqlite.function(fn, { deterministic: false, varargs: true }, (key: unknown, value: unknown) => {
    onChange(typeof key === 'string' ? key : null, typeof value === 'string' ? value : null);
    return null;
  });
  watches.forEach((watch, w) => {
    for (const event of watch.events) {
      const of = event === 'UPDATE' && watch.columns ? ` OF ${watch.columns.join(', ')}` : '';
      const keys = !watch.key
        ? ['NULL']
        : event === 'INSERT'
          ? [watch.value ? `NEW.${watch.key}, NEW.${watch.value}` : `NEW.${watch.key}`]
          : event === 'DELETE'
            ? [`OLD.${watch.key}`]
            : [`OLD.${watch.key}`, `NEW.${watch.key}`];
      const calls = keys.map((key) => `SELECT ${fn}(${key});`).join(' ');
      sqlite.exec(
        `CREATE TEMP TRIGGER ${fn}_${w}_${event.toLowerCase()} AFTER ${event}${of} ON main.${watch.table} ` +
          `BEGIN ${calls} END`,
      );
    }
  });
}

/** Another connection (the archive import's worker) wrote to this database: every cache forgets. */
export function rowsChangedElsewhere(sqlite: Database.Database): void {
  for (const onChange of watchers.get(sqlite) ?? []) onChange(null);
}

/** Rows read now may be remembered: no transaction is open that could still roll back. */
export function mayFill(sqlite: Database.Database): boolean {
  return !sqlite.inTransaction;
}

/**
 * Rows by key, remembered until the watched tables change: a watch with a key forgets that key, one
 * without forgets everything. Values are frozen, since every reader shares them.
 */
export class RowMemo<V> {
  private readonly map = new Map<string, V>();

  constructor(
    private readonly sqlite: Database.Database,
    watches: RowWatch[],
    private readonly maxEntries = 10_000,
  ) {
    watchRows(sqlite, watches, (key) => {
      if (key === null) this.map.clear();
      else this.map.delete(key);
    });
  }

  get(key: string, load: (key: string) => V | undefined): V | undefined {
    const hit = this.map.get(key);
    if (hit !== undefined) return hit;
    const value = load(key);
    if (value !== undefined) this.put(key, value);
    return value;
  }

  /** Remembers a value just written (outside a transaction; inside one it is not kept). */
  put(key: string, value: V): void {
    if (!mayFill(this.sqlite)) return;
    if (this.map.size >= this.maxEntries) this.map.clear();
    this.map.set(key, deepFreeze(value));
  }
}

export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}
