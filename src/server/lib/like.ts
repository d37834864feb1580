// SQL LIKE for text a person typed: its wildcards (`%`, `_`) and the escape character match
// themselves. SQLite's LIKE ignores the case of ASCII letters.
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

export type LikeMode = 'forward' | 'backward' | 'partial';

/** `column` starts with (`forward`), ends with (`backward`) or holds (`partial`) `text`. */
export function like(column: SQLiteColumn | SQL, text: string, mode: LikeMode = 'partial'): SQL {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const pattern = mode === 'forward' ? `${escaped}%` : mode === 'backward' ? `%${escaped}` : `%${escaped}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}
