// Settings are read from memory, and the database keeps that memory true (issue 31): whoever writes
// the settings table, on this connection or through another one that says so, the next read sees it.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/server/config';
import { createContext, type AppContext } from '../../src/server/context';
import { rowsChangedElsewhere } from '../../src/server/db/row-watch';
import { makeDataDir } from '../helpers/server';

let ctx: AppContext;
let dataDir: string;
afterEach(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function open(): AppContext {
  dataDir = makeDataDir();
  return createContext(defaultConfig({ dataDir, logLevel: 'silent', logToFile: false }));
}

describe('the settings memo', () => {
  it('sees a value written around the service on the same connection', () => {
    ctx = open();
    expect(ctx.settings.get('app:title')).toBe('Quire');
    ctx.db.$client
      .prepare("INSERT INTO settings (key, value, updated_at) VALUES ('app:title', ?, 0)")
      .run(JSON.stringify('Team wiki'));
    expect(ctx.settings.get('app:title')).toBe('Team wiki');
    ctx.db.$client.prepare("DELETE FROM settings WHERE key = 'app:title'").run();
    expect(ctx.settings.get('app:title')).toBe('Quire');
  });

  it('keeps nothing a rolled-back transaction wrote', () => {
    ctx = open();
    const attempt = ctx.db.$client.transaction(() => {
      ctx.settings.set('app:title', 'Never saved');
      expect(ctx.settings.get('app:title')).toBe('Never saved');
      throw new Error('roll back');
    });
    expect(() => attempt()).toThrow('roll back');
    expect(ctx.settings.get('app:title')).toBe('Quire');
  });

  it('reads everything again after another connection wrote and said so', () => {
    ctx = open();
    expect(ctx.settings.get('app:title')).toBe('Quire');
    const other = new Database(ctx.db.$client.name);
    other
      .prepare("INSERT INTO settings (key, value, updated_at) VALUES ('app:title', ?, 0)")
      .run(JSON.stringify('From the import'));
    other.close();
    expect(ctx.settings.get('app:title')).toBe('Quire');
    rowsChangedElsewhere(ctx.db.$client);
    expect(ctx.settings.get('app:title')).toBe('From the import');
  });
});
