// The server is killed with SIGKILL in the middle of concurrent saves: after a restart every save
// it acknowledged is there, and people are still signed in.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDataDir } from '../helpers/server';
import { HttpAgent, installAdmin, spawnServer, waitForExit, type ServerProcess } from '../helpers/process';

const dataDir = makeDataDir();
let running: ServerProcess | null = null;

afterAll(async () => {
  if (running && running.child.exitCode === null) {
    running.child.kill('SIGKILL');
    await waitForExit(running.child);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('crash safety', () => {
  it('loses no acknowledged save when killed mid-write', async () => {
    running = await spawnServer(['--data-dir', dataDir, '--port', '0']);
    const admin = new HttpAgent(running.url);
    const installed = await installAdmin(admin);
    expect(installed.status).toBe(201);

    // Writers create pages and save them again, as fast as they can, until the kill.
    const acknowledged = new Map<string, string>(); // path -> last acknowledged body
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop && i < 500; i++) {
        const path = `/crash/w${w}/p${i}`;
        try {
          const created = await admin.call('POST', '/_api/v3/page', { path, body: `v1 ${path}` });
          if (created.status !== 201) continue;
          acknowledged.set(path, `v1 ${path}`);
          const { page } = (await created.json()) as { page: { _id: string; revision: { _id: string } } };
          const body = `v2 ${path}`;
          const saved = await admin.call('PUT', '/_api/v3/page', {
            pageId: page._id,
            revisionId: page.revision._id,
            body,
          });
          if (saved.status === 200) acknowledged.set(path, body);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = Promise.all([0, 1, 2, 3, 4, 5].map(writer));
    while (acknowledged.size < 40) await new Promise((r) => setTimeout(r, 10));
    running.child.kill('SIGKILL');
    stop = true;
    await waitForExit(running.child);
    await writers;

    running = await spawnServer(['--data-dir', dataDir, '--port', '0']);
    const again = new HttpAgent(running.url);
    again.cookie = admin.cookie; // the same browser after the restart
    const me = await again.call('GET', '/_api/v3/personal-setting');
    expect(me.status).toBe(200);
    for (const [path, body] of acknowledged) {
      const res = await again.call('GET', `/_api/v3/page?path=${encodeURIComponent(path)}`);
      expect(res.status, path).toBe(200);
      const { page } = (await res.json()) as { page: { revision: { body: string } } };
      // A save that reached the database but whose answer was lost may be newer: never older.
      expect([body, body.replace('v1', 'v2')]).toContain(page.revision.body);
    }
    running.child.kill('SIGTERM');
    expect(await waitForExit(running.child)).toBe(0);
    // A graceful stop folds the write-ahead log into the database file.
    const wal = path.join(dataDir, 'quire.db-wal');
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
  }, 60_000);
});
