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

  it("no module reads another module's table but through the owner's services, scopes or queries", () => {
    // The owner exports what others may read: its services, `scopes.ts` (tables and conditions to
    // join and filter by), `queries.ts` (prepared statements and SQL columns on any connection).
    // The archive alone reads every table itself: it writes a whole wiki out of one consistent read
    // (as a backup copies the database file); its import writes through the owners.
    const EXPORTERS = ['archive/export-sources.ts', 'archive/people-preview.ts'];
    const reads: string[] = [];
    for (const module of MODULES) {
      for (const file of filesOf(path.join(MODULES_DIR, module.name))) {
        const relative = path.relative(MODULES_DIR, file);
        if (EXPORTERS.includes(relative)) continue;
        const source = fs.readFileSync(file, 'utf8');
        const tables = new Set<string>();
        for (const [, table] of source.matchAll(/\b(?:FROM|JOIN)\s+"?(\w+)/g)) tables.add(table!);
        const schema = source.match(/import \{([^}]*)\} from '[./]*db\/schema(?:-operations)?'/);
        for (const name of schema?.[1]!.split(',') ?? []) {
          const table = DRIZZLE_NAMES[name.trim().replace(/^type /, '')];
          if (table) tables.add(table);
        }
        for (const table of tables) {
          const by = owner.get(table);
          if (by && by !== module.name) reads.push(`${relative} reads ${table} (${by}'s)`);
        }
      }
    }
    expect(reads).toEqual([]);
  });
});
