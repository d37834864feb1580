// Tables have owners (issue 31): each module names the tables it owns in its manifest, and no file
// of another module writes them; others go through the owner's services or commands
// (`<module>/commands/`). Checked from the source: SQL writes and drizzle's insert/update/delete.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../src/server/modules';

const MODULES_DIR = path.resolve(__dirname, '../../src/server/modules');
/** drizzle's table objects (db/schema.ts) → their SQL names. */
const DRIZZLE_NAMES = Object.fromEntries(
  [
    ...fs
      .readFileSync(path.resolve(__dirname, '../../src/server/db/schema.ts'), 'utf8')
      .matchAll(/export const (\w+) = sqliteTable\(\s*'(\w+)'/g),
    ...fs
      .readFileSync(path.resolve(__dirname, '../../src/server/db/schema-operations.ts'), 'utf8')
      .matchAll(/export const (\w+) = sqliteTable\(\s*'(\w+)'/g),
  ].map(([, name, table]) => [name!, table!]),
);

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesOf(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

function tablesWrittenBy(source: string): Set<string> {
  const tables = new Set<string>();
  for (const [, table] of source.matchAll(/(?:INSERT(?: OR \w+)? INTO|UPDATE|DELETE FROM)\s+"?(\w+)/g))
    tables.add(table!);
  for (const [, name] of source.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g))
    if (DRIZZLE_NAMES[name!]) tables.add(DRIZZLE_NAMES[name!]!);
  return tables;
}

describe('table owners', () => {
  const owner = new Map(
    MODULES.flatMap((module) => (module.tables ?? []).map((table) => [table, module.name])),
  );

  it('every table of the schema has one owning module (sessions: the HTTP layer)', () => {
    const owned = MODULES.flatMap((module) => module.tables ?? []);
    expect(new Set(owned).size).toBe(owned.length);
    expect([...owned, 'sessions'].sort()).toEqual(Object.values(DRIZZLE_NAMES).sort());
  });

  it('no module writes a table another module owns', () => {
    const trespasses: string[] = [];
    for (const module of MODULES) {
      for (const file of filesOf(path.join(MODULES_DIR, module.name))) {
        for (const table of tablesWrittenBy(fs.readFileSync(file, 'utf8'))) {
          const by = owner.get(table);
          if (by && by !== module.name)
            trespasses.push(`${path.relative(MODULES_DIR, file)} writes ${table} (${by}'s)`);
        }
      }
    }
    expect(trespasses).toEqual([]);
  });

  it('other modules read pages through the pages module: its services and scopes, not the schema', () => {
    // The archive alone reads every table itself: it writes a whole wiki out of one consistent
    // read (as a backup copies the database file), and its import writes through the owners.
    const RAW_READERS = ['archive'];
    const drizzle: string[] = [];
    const raw = new Set<string>();
    for (const module of MODULES.filter((m) => m.name !== 'pages')) {
      for (const file of filesOf(path.join(MODULES_DIR, module.name))) {
        const source = fs.readFileSync(file, 'utf8');
        if (/import \{[^}]*\bpages\b[^}]*\} from '[./]*db\/schema'/.test(source))
          drizzle.push(path.relative(MODULES_DIR, file));
        if (/(?:FROM|JOIN)\s+pages\b|FROM pages p/.test(source)) raw.add(module.name);
      }
    }
    expect(drizzle).toEqual([]);
    expect([...raw].sort()).toEqual(RAW_READERS);
  });
});
