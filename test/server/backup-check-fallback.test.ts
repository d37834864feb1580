// Where no child process can be started (a runtime that will not run as Node), a large backup's
// copy and check run in a worker thread and answer the same.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkDatabase, snapshotAndCheck } from '../../src/server/modules/backups/check-runner';
import { runModuleProcess } from '../../src/server/lib/module-process';
import type * as ModuleProcess from '../../src/server/lib/module-process';
import { startTestServer, type TestServer } from '../helpers/server';

vi.mock('../../src/server/lib/module-process', async (importActual) => {
  const actual = await importActual<typeof ModuleProcess>();
  const notStarted = () => Promise.reject(new actual.ModuleProcessNotStarted('exited (1)'));
  return { ...actual, runModuleProcess: vi.fn(notStarted) };
});

let server: TestServer | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await server?.cleanup();
  server = null;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the backup database check without a child process', () => {
  it('copies and checks in a worker thread instead', async () => {
    server = await startTestServer();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-check-'));
    dirs.push(dir);
    const target = path.join(dir, 'snapshot.db');
    expect(await snapshotAndCheck(server.app.ctx.db.$client, target, { offThreadFrom: 0 })).toBeNull();
    expect(fs.statSync(target).size).toBeGreaterThan(0);
    const damaged = path.join(dir, 'damaged.db');
    fs.writeFileSync(damaged, Buffer.alloc(64 * 1024, 7));
    expect(await checkDatabase(damaged, { offThreadFrom: 0 })).toMatch(/not a database/);
    expect(vi.mocked(runModuleProcess)).toHaveBeenCalledTimes(2);
  });
});
