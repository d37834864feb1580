// Issue 26: a database file damaged while the server was down (a sync tool, a bad sector) is found
// at start by `PRAGMA quick_check`; the headless server refuses to start, naming the last verified
// backup and the command that restores it; the desktop's way out (`--restore-from`) restores it and
// keeps the damaged file aside. Backups say whether they were verified when made.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDataDir } from '../helpers/server';
import { HttpAgent, installAdmin, spawnServer, waitForExit } from '../helpers/process';
import { serverEnv } from '../../src/main/server-env';
import type { BackupInfo } from '../../src/shared/backup-types';
import { DAMAGED_DATABASE_EXIT } from '../../src/shared/desktop-api';

const dataDir = makeDataDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs the server on the data folder until it exits by itself; its exit code and output. */
function runUntilExit(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts', ...args], {
    env: serverEnv({ ...process.env, QUIRE_LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/** Overwrites a stretch in the middle of the file: the b-tree pages there no longer parse. */
function damage(file: string): void {
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(8192, 0xa5), 0, 8192, Math.floor(size / 2 / 4096) * 4096);
  fs.closeSync(fd);
}

describe('a damaged database', () => {
  it('is refused at start with the way out, and restored from the last verified backup', async () => {
    let running = await spawnServer(['--data-dir', dataDir, '--port', '0']);
    const admin = new HttpAgent(running.url);
    expect((await installAdmin(admin)).status).toBe(201);
    for (let i = 0; i < 300; i++) {
      await admin.call('POST', '/_api/v3/page', {
        path: `/kept/p${i}`,
        body: `page ${i} ${'words '.repeat(80)}`,
      });
    }
    const made = await admin.call('POST', '/_api/v3/backups', {});
    expect(made.status).toBe(201);
    const { backup } = (await made.json()) as { backup: BackupInfo };
    expect(backup.verified).toBe(true);
    const listed = (await (await admin.call('GET', '/_api/v3/backups')).json()) as { backups: BackupInfo[] };
    expect(listed.backups.find((b) => b.name === backup.name)?.verified).toBe(true);
    running.child.kill('SIGTERM');
    expect(await waitForExit(running.child)).toBe(0);

    const dbFile = path.join(dataDir, 'quire.db');
    damage(dbFile);
    const refused = await runUntilExit(['--data-dir', dataDir, '--port', '0']);
    expect(refused.code, refused.output).toBe(DAMAGED_DATABASE_EXIT);
    expect(refused.output).toContain(`the database ${dbFile} is damaged`);
    expect(refused.output).toContain(`The last verified backup is ${backup.name}`);
    expect(refused.output).toContain(`npm run restore -- --data-dir "${dataDir}" --from "`);
    const damagedBytes = fs.readFileSync(dbFile);

    // The desktop's "Restore": the backup comes back, the damaged file is kept aside as it was.
    running = await spawnServer([
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--restore-from',
      path.join(dataDir, 'backups', backup.name),
    ]);
    const again = new HttpAgent(running.url);
    const page = await again.call('GET', '/_api/v3/page?path=%2Fkept%2Fp299');
    expect(page.status).toBe(200);
    expect(fs.readFileSync(path.join(dataDir, 'restore-previous', 'quire.db')).equals(damagedBytes)).toBe(
      true,
    );
    running.child.kill('SIGTERM');
    expect(await waitForExit(running.child)).toBe(0);
  }, 90_000);
});
