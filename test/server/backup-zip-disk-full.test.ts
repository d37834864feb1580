// Issue 26 and 32: a large backup's zip is written in the child process that copied and checked
// the database. A disk that fills while it writes is told as a full disk (ENOSPC kept across),
// as when the server wrote the zip itself. On a small tmpfs this test mounts (root, as CI has).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDatabase } from '../../src/server/modules/backups/check-runner';
import { startTestServer, type TestServer } from '../helpers/server';

const isRoot = process.getuid?.() === 0;
if (!isRoot) console.warn('backup-zip-disk-full.test.ts skipped: mounting a small tmpfs needs root');

let mountPoint = '';
let scratch = '';
let server: TestServer | null = null;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-zip-full-'));
  if (!isRoot) return;
  mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-zip-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint]);
});
afterAll(async () => {
  await server?.cleanup();
  fs.rmSync(scratch, { recursive: true, force: true });
  if (!isRoot) return;
  execFileSync('umount', ['-l', mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

describe('a backup zip on a disk that fills', () => {
  it.skipIf(!isRoot)('fails with ENOSPC from the child process that writes it', async () => {
    server = await startTestServer();
    const copy = path.join(scratch, 'copy.db');
    await server.app.ctx.db.$client.backup(copy);
    // An attachment that does not compress (stored as it is) and does not fit on the 4 MiB disk.
    const attachmentsDir = path.join(scratch, 'attachments');
    fs.mkdirSync(attachmentsDir);
    fs.writeFileSync(path.join(attachmentsDir, 'b'.repeat(24)), randomBytes(8 * 2 ** 20));
    const zip = {
      target: path.join(mountPoint, 'backup.zip'),
      attachmentsDir,
      manifest: { reason: 'manual' as const, createdAt: new Date().toISOString() },
    };
    await expect(checkDatabase(copy, { zip, offThreadFrom: 0 })).rejects.toMatchObject({ code: 'ENOSPC' });
  });
});
