import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client';
import {
  hasPendingMigrations,
  snapshotBeforeMigration,
} from '../../src/server/modules/backups/before-migration';
import { BEFORE_MIGRATION_SNAPSHOT } from '../../src/server/modules/backups/service';
import { install, makeDataDir, startTestServer, type TestServer } from '../helpers/server';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A migrations folder whose journal has one entry newer than any applied. */
function folderWithNewerMigration(): string {
  const dir = makeDataDir();
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'));
  journal.entries.push({
    idx: 99,
    version: '6',
    when: Date.now() + 1e9,
    tag: '9999_next',
    breakpoints: true,
  });
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}

describe('the backup before migrations', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.cleanup();
    server = null;
  });

  it('is taken only when a wiki exists and newer migrations are pending', async () => {
    server = await startTestServer();
    const admin = await install(server.app);
    await admin.post('/_api/v3/page', { path: '/Precious', body: 'keep me' });
    const sqlite = server.app.ctx.db.$client;
    expect(hasPendingMigrations(sqlite, migrationsFolder())).toBe(false);
    expect(hasPendingMigrations(new Database(':memory:'), migrationsFolder())).toBe(false);

    snapshotBeforeMigration(sqlite, migrationsFolder(), server.dataDir);
    const snapshot = path.join(server.dataDir, 'backups', BEFORE_MIGRATION_SNAPSHOT);
    expect(fs.existsSync(snapshot)).toBe(false);
    snapshotBeforeMigration(sqlite, folderWithNewerMigration(), server.dataDir);
    expect(fs.existsSync(snapshot)).toBe(true);
    await server.close();

    // The next start wraps the snapshot into a complete before-migration backup.
    server = await startTestServer({ dataDir: server.dataDir });
    const backups = await waitForBackups(server);
    expect(backups.map((b) => b.reason)).toEqual(['before-migration']);
    expect(fs.existsSync(snapshot)).toBe(false);
  });
});

async function waitForBackups(server: TestServer) {
  for (let i = 0; i < 200; i++) {
    const list = server.app.ctx.backups.list();
    if (list.length > 0) return list;
    await new Promise((r) => setTimeout(r, 25));
  }
  return [];
}
