// A backup's database is checked before anyone relies on it; a large one off the server's thread,
// in a child process. That must answer exactly as the check in place does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDatabase, snapshotAndCheck } from '../../src/server/modules/backups/check-runner';
import { startTestServer, type TestServer } from '../helpers/server';

const dirs: string[] = [];
let server: TestServer | null = null;
afterEach(async () => {
  await server?.cleanup();
  server = null;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-check-'));
  dirs.push(dir);
  return dir;
}

describe('the backup database check', () => {
  it('passes a sound Quire database, in a child process as in place', async () => {
    server = await startTestServer();
    const copy = path.join(scratch(), 'copy.db');
    await server.app.ctx.db.$client.backup(copy);
    expect(await checkDatabase(copy, 0)).toBeNull(); // in a child process
    expect(await checkDatabase(copy)).toBeNull(); // small: in place
  });

  it('names what is wrong with a damaged file or another program’s database', async () => {
    const dir = scratch();
    const damaged = path.join(dir, 'damaged.db');
    fs.writeFileSync(damaged, Buffer.alloc(64 * 1024, 7));
    const other = path.join(dir, 'other.db');
    new Database(other).exec('CREATE TABLE notes (id INTEGER)').close();
    for (const threshold of [0, undefined]) {
      expect(await checkDatabase(damaged, threshold)).toMatch(/not a database/);
      expect(await checkDatabase(other, threshold)).toBe('not a Quire database (no pages table)');
    }
  });

  it('copies the live database in a child process while the server writes on, the copy checked there', async () => {
    server = await startTestServer();
    const live = server.app.ctx.db.$client;
    expect(live.memory).toBe(false); // a file, so the child process copies it
    const count = () => (live.prepare('SELECT count(*) AS n FROM pages').get() as { n: number }).n;
    const target = path.join(scratch(), 'snapshot.db');
    const copied = snapshotAndCheck(live, target, 0); // 0: off the thread whatever the size
    const before = count();
    live.prepare("UPDATE pages SET updated_at = updated_at + 1 WHERE path = '/'").run(); // meanwhile
    expect(await copied).toBeNull();
    const copy = new Database(target, { readonly: true });
    try {
      expect((copy.prepare('SELECT count(*) AS n FROM pages').get() as { n: number }).n).toBe(before);
    } finally {
      copy.close();
    }
  });

  it('fails a copy that cannot be written with SQLite’s own code, as a full disk is told', async () => {
    server = await startTestServer();
    const target = path.join(scratch(), 'missing-folder', 'snapshot.db');
    await expect(snapshotAndCheck(server.app.ctx.db.$client, target, 0)).rejects.toMatchObject({
      code: 'SQLITE_CANTOPEN',
    });
    expect(fs.existsSync(target)).toBe(false);
  });
});
