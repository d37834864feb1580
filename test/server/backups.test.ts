import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/server/config';
import { ServerRunner } from '../../src/server/runner';
import { extractBackupZip } from '../../src/server/modules/backups/archive';
import { Agent, install, makeDataDir, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { multipartBody, uploadAs } from '../helpers/multipart';
import type { BackupCreatedResponse, BackupInfo } from '../../src/shared/backup-types';

const tmp: string[] = [];
function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-backup-test-'));
  tmp.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tmp.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Extracts a backup and opens its database read-only (the caller closes it). */
async function openBackup(file: string): Promise<{ db: Database.Database; dir: string }> {
  const dir = tmpDir();
  await extractBackupZip(file, dir);
  return { db: new Database(path.join(dir, 'quire.db'), { readonly: true }), dir };
}

async function backUp(agent: Agent): Promise<BackupInfo> {
  const res = await agent.post('/_api/v3/backups');
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BackupCreatedResponse>().backup;
}

describe('backup routes', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.cleanup();
  });

  it('are for administrators only: 401 for guests, 403 for users', async () => {
    const { admin, bob } = await signInTeam(server.app, ['bob']);
    const name = (await backUp(admin)).name;
    const guest = new Agent(server.app);
    for (const [method, url] of [
      ['GET', '/_api/v3/backups'],
      ['POST', '/_api/v3/backups'],
      ['GET', `/_api/v3/backups/${name}`],
      ['POST', `/_api/v3/backups/${name}/restore`],
      ['POST', '/_api/v3/backups/restore-upload'],
    ] as const) {
      expect((await guest.request(method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
      const res = await bob.request(method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await admin.get('/_api/v3/backups')).json().backups).toHaveLength(1);
  });

  it('refuse names that are not backup names, so no path leaves the backups folder', async () => {
    const admin = await install(server.app);
    fs.writeFileSync(path.join(server.dataDir, 'secret.zip'), 'x');
    for (const name of ['..%2Fsecret.zip', '..%2F..%2Fetc%2Fpasswd', 'secret.zip', 'quire-1-2-manual.zip']) {
      const res = await admin.get(`/_api/v3/backups/${name}`);
      expect(res.statusCode, name).toBe(400);
    }
    const missing = await admin.get('/_api/v3/backups/quire-20260101-000000000-manual.zip');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('backup_not_found');
  });

  it('list, and download a complete backup: database snapshot and attachments', async () => {
    const admin = await install(server.app);
    const page = (await admin.post('/_api/v3/page', { path: '/Kept', body: 'kept body' })).json().page;
    const upload = await uploadAs(admin, page._id, {
      name: 'notes.txt',
      type: 'text/plain',
      bytes: 'attached bytes',
    });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    const backup = await backUp(admin);
    expect(backup).toMatchObject({ reason: 'manual' });
    expect(backup.name).toMatch(/^quire-\d{8}-\d{9}-manual\.zip$/);
    const list = (await admin.get('/_api/v3/backups')).json<{ backups: BackupInfo[] }>().backups;
    expect(list).toEqual([backup]);

    const res = await admin.get(`/_api/v3/backups/${backup.name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(backup.name);
    const file = path.join(tmpDir(), 'download.zip');
    fs.writeFileSync(file, res.rawPayload);
    expect(res.rawPayload.length).toBe(backup.size);
    const { db, dir } = await openBackup(file);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare("SELECT count(*) AS n FROM pages WHERE path = '/Kept'").get()).toEqual({ n: 1 });
      const ids = fs.readdirSync(path.join(dir, 'attachments'));
      expect(ids).toHaveLength(1);
      expect(fs.readFileSync(path.join(dir, 'attachments', ids[0] ?? '')).toString()).toBe('attached bytes');
    } finally {
      db.close();
    }
  });

  it('hold every save acknowledged before the backup started, while 16 writers save', async () => {
    const admin = await install(server.app);
    await admin.csrfToken(); // one token for all writers, fetched before they race
    const acknowledged = new Set<string>();
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const res = await admin.post('/_api/v3/page', {
          path: `/Load/w${w}/p${i}`,
          body: `writer ${w} save ${i}`,
        });
        expect(res.statusCode, res.body).toBe(201);
        acknowledged.add(`/Load/w${w}/p${i}`);
      }
    };
    const writers = Array.from({ length: 16 }, (_, w) => writer(w));
    while (acknowledged.size < 48) await new Promise((r) => setTimeout(r, 5));
    const before = new Set(acknowledged);
    const backup = await backUp(admin);
    stop = true;
    await Promise.all(writers);
    const { db } = await openBackup(path.join(server.dataDir, 'backups', backup.name));
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const saved = new Set(
        (db.prepare("SELECT path FROM pages WHERE path LIKE '/Load/%'").all() as { path: string }[]).map(
          (r) => r.path,
        ),
      );
      const lost = [...before].filter((p) => !saved.has(p));
      expect(lost).toEqual([]);
    } finally {
      db.close();
    }
  }, 60_000);
});

describe('restore', () => {
  let runner: ServerRunner;
  let dataDir: string;
  let restarted: Promise<void>;
  beforeEach(async () => {
    dataDir = makeDataDir();
    tmp.push(dataDir);
    let onRestart = () => undefined as void;
    restarted = new Promise((resolve) => (onRestart = resolve));
    runner = new ServerRunner(
      defaultConfig({ dataDir, port: 0, host: '127.0.0.1', logLevel: 'silent', logToFile: false }),
      () => onRestart(),
    );
    await runner.start();
  });
  afterEach(async () => {
    await runner.close();
  });

  const search = async (agent: Agent, q: string) => {
    await runner.app.ctx.search.whenIdle();
    const res = await agent.get(`/_api/v3/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { data: { path: string } }[]).map((hit) => hit.data.path);
  };

  it('brings back the state of the backup, restarting in the process, search in line', async () => {
    let admin = await install(runner.app);
    await admin.post('/_api/v3/page', { path: '/Before', body: 'aubergine before the backup' });
    const backup = await backUp(admin);
    await admin.post('/_api/v3/page', { path: '/After', body: 'aubergine after the backup' });
    expect(await search(admin, 'aubergine')).toHaveLength(2);
    const oldApp = runner.app;

    const res = await admin.post(`/_api/v3/backups/${backup.name}/restore`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ restoring: true });
    await restarted;
    expect(runner.app).not.toBe(oldApp);

    const cookie = admin.cookie;
    admin = new Agent(runner.app);
    admin.cookie = cookie;
    const pages = runner.app.ctx.db.$client.prepare('SELECT path FROM pages ORDER BY path').all();
    expect(pages.map((p) => (p as { path: string }).path)).toContain('/Before');
    expect(pages.map((p) => (p as { path: string }).path)).not.toContain('/After');
    // The session in the backup still signs the admin in; the search index was rebuilt.
    expect(await search(admin, 'aubergine')).toEqual(['/Before']);
    expect(fs.existsSync(path.join(dataDir, 'restore-pending'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'restore-previous', 'quire.db'))).toBe(true);
  });

  it('from a backup file sent from elsewhere (the desktop menu), refusing a corrupt one first', async () => {
    let admin = await install(runner.app);
    await admin.post('/_api/v3/page', { path: '/Kept', body: 'in the backup' });
    const backup = await backUp(admin);
    const bytes = fs.readFileSync(path.join(dataDir, 'backups', backup.name));
    await admin.post('/_api/v3/page', { path: '/Later', body: 'after it' });
    const send = async (file: Buffer) => {
      const { body, contentType } = await multipartBody(
        {},
        { name: 'copied.zip', type: 'application/zip', bytes: new Uint8Array(file) },
      );
      return admin.post('/_api/v3/backups/restore-upload', body, { 'content-type': contentType });
    };

    const oldApp = runner.app;
    const corrupt = await send(bytes.subarray(0, bytes.length / 2));
    expect(corrupt.statusCode, corrupt.body).toBe(400);
    expect(corrupt.json().errors[0].code).toBe('backup_invalid');
    expect(runner.app).toBe(oldApp);
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('restore'))).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'backups')).filter((f) => f.startsWith('.'))).toEqual([]);

    const res = await send(bytes);
    expect(res.statusCode, res.body).toBe(202);
    await restarted;
    const cookie = admin.cookie;
    admin = new Agent(runner.app);
    admin.cookie = cookie;
    expect((await admin.get('/_api/v3/page?path=/Kept')).statusCode).toBe(200);
    expect((await admin.get('/_api/v3/page?path=/Later')).statusCode).toBe(404);
  });

  it('from a corrupt file changes nothing', async () => {
    const admin = await install(runner.app);
    await admin.post('/_api/v3/page', { path: '/Current', body: 'current' });
    const good = await backUp(admin);
    const bytes = fs.readFileSync(path.join(dataDir, 'backups', good.name));
    const corrupt = 'quire-20200101-000000000-manual.zip';
    // Half a backup: the zip's directory is gone.
    fs.writeFileSync(path.join(dataDir, 'backups', corrupt), bytes.subarray(0, bytes.length / 2));
    // A zip whose database is not SQLite.
    const notDb = 'quire-20200102-000000000-manual.zip';
    const yazl = (await import('yazl')).default;
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('not a database at all'.repeat(100)), 'quire.db');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    fs.writeFileSync(path.join(dataDir, 'backups', notDb), Buffer.concat(chunks));

    const app = runner.app;
    for (const name of [corrupt, notDb]) {
      const res = await admin.post(`/_api/v3/backups/${name}/restore`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].code).toBe('backup_invalid');
    }
    expect(runner.app).toBe(app);
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('restore'))).toEqual([]);
    const current = await admin.get('/_api/v3/page?path=/Current');
    expect(current.statusCode).toBe(200);
  });
});

describe('npm run restore', () => {
  it('restores a stopped server from a backup file, and refuses a corrupt one changing nothing', async () => {
    const { spawnSync } = await import('node:child_process');
    const server = await startTestServer();
    const admin = await install(server.app);
    await admin.post('/_api/v3/page', { path: '/Old', body: 'old' });
    const backup = await backUp(admin);
    await admin.post('/_api/v3/page', { path: '/New', body: 'new' });
    await server.close();
    const file = path.join(tmpDir(), backup.name);
    fs.copyFileSync(path.join(server.dataDir, 'backups', backup.name), file);
    const corrupt = path.join(tmpDir(), 'corrupt.zip');
    fs.writeFileSync(corrupt, fs.readFileSync(file).subarray(0, 300));
    const restore = (from: string) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/restore.ts', '--data-dir', server.dataDir, '--from', from],
        {
          encoding: 'utf8',
        },
      );
    const paths = () => {
      const db = new Database(path.join(server.dataDir, 'quire.db'), { readonly: true });
      try {
        return (
          db.prepare("SELECT path FROM pages WHERE path IN ('/Old', '/New') ORDER BY path").all() as {
            path: string;
          }[]
        ).map((r) => r.path);
      } finally {
        db.close();
      }
    };

    const failed = restore(corrupt);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('nothing was changed');
    expect(paths()).toEqual(['/New', '/Old']);

    const done = restore(file);
    expect(done.status, done.stderr).toBe(0);
    expect(paths()).toEqual(['/Old']);
    await server.cleanup();
  });
});
