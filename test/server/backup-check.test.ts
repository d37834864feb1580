// A backup's database is checked before anyone relies on it; a large one off the server's thread,
// in a child process. That must answer exactly as the check in place does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDatabase, snapshotAndCheck } from '../../src/server/modules/backups/check-runner';
import { extractBackupZip, type LocalZipJob } from '../../src/server/modules/backups/archive';
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
    expect(await checkDatabase(copy, { offThreadFrom: 0 })).toBeNull(); // in a child process
    expect(await checkDatabase(copy)).toBeNull(); // small: in place
  });

  it('names what is wrong with a damaged file or another program’s database', async () => {
    const dir = scratch();
    const damaged = path.join(dir, 'damaged.db');
    fs.writeFileSync(damaged, Buffer.alloc(64 * 1024, 7));
    const other = path.join(dir, 'other.db');
    new Database(other).exec('CREATE TABLE notes (id INTEGER)').close();
    for (const threshold of [0, undefined]) {
      expect(await checkDatabase(damaged, { offThreadFrom: threshold })).toMatch(/not a database/);
      expect(await checkDatabase(other, { offThreadFrom: threshold })).toBe(
        'not a Quire database (no pages table)',
      );
    }
  });

  it('copies the live database in a child process while the server writes on, the copy checked there', async () => {
    server = await startTestServer();
    const live = server.app.ctx.db.$client;
    expect(live.memory).toBe(false); // a file, so the child process copies it
    const count = () => (live.prepare('SELECT count(*) AS n FROM pages').get() as { n: number }).n;
    const target = path.join(scratch(), 'snapshot.db');
    const copied = snapshotAndCheck(live, target, { offThreadFrom: 0 }); // 0: off the thread whatever the size
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

  it('writes the backup zip where the copy was checked, and none of a file that failed', async () => {
    server = await startTestServer();
    const dir = scratch();
    const attachmentsDir = path.join(dir, 'attachments');
    fs.mkdirSync(attachmentsDir);
    const attachment = 'a'.repeat(24);
    fs.writeFileSync(path.join(attachmentsDir, attachment), 'picture bytes');
    const job = (name: string): LocalZipJob => ({
      target: path.join(dir, name),
      attachmentsDir,
      manifest: { reason: 'manual', createdAt: new Date().toISOString() },
    });
    // 0: in a child process; undefined: this small database in place.
    for (const offThreadFrom of [0, undefined]) {
      const zip = job(`backup-${offThreadFrom ?? 'here'}.zip`);
      const snapshot = path.join(dir, `snapshot-${offThreadFrom ?? 'here'}.db`);
      expect(await snapshotAndCheck(server.app.ctx.db.$client, snapshot, { zip, offThreadFrom })).toBeNull();
      const out = path.join(dir, `out-${offThreadFrom ?? 'here'}`);
      fs.mkdirSync(out);
      await extractBackupZip(zip.target, out);
      expect(fs.readFileSync(path.join(out, 'attachments', attachment), 'utf8')).toBe('picture bytes');
      expect(await checkDatabase(path.join(out, 'quire.db'))).toBeNull();
    }
    const damaged = path.join(dir, 'damaged.db');
    fs.writeFileSync(damaged, Buffer.alloc(64 * 1024, 7));
    const none = job('none.zip');
    expect(await checkDatabase(damaged, { zip: none, offThreadFrom: 0 })).toMatch(/not a database/);
    expect(fs.existsSync(none.target)).toBe(false);
  });

  it('fails a copy that cannot be written with SQLite’s own code, as a full disk is told', async () => {
    server = await startTestServer();
    const target = path.join(scratch(), 'missing-folder', 'snapshot.db');
    await expect(
      snapshotAndCheck(server.app.ctx.db.$client, target, { offThreadFrom: 0 }),
    ).rejects.toMatchObject({
      code: 'SQLITE_CANTOPEN',
    });
    expect(fs.existsSync(target)).toBe(false);
  });
});
