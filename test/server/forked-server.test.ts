// The desktop app forks the server: it says "ready" over IPC, and stops when its parent goes away.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDataDir } from '../helpers/server';
import { waitForExit } from '../helpers/process';

const dataDir = makeDataDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the server as a forked child', () => {
  it('reports ready with its URL and stops cleanly when the parent disconnects', async () => {
    const child = fork(path.resolve('src/server/index.ts'), ['--data-dir', dataDir, '--port', '0'], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, QUIRE_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    try {
      const ready = await new Promise<{ type: string; url: string; urls: string[] }>((resolve, reject) => {
        child.once('message', (message) => resolve(message as { type: string; url: string; urls: string[] }));
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      expect(ready.type).toBe('ready');
      expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(ready.urls).toEqual([ready.url]);
      const health = await fetch(`${ready.url}/_api/v3/healthcheck`);
      expect(await health.json()).toEqual({ status: 'OK' });

      child.disconnect();
      expect(await waitForExit(child)).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
