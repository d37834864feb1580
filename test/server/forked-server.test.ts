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

  it('answers the desktop on its control channel and switches sharing there', async () => {
    const child = fork(path.resolve('src/server/index.ts'), ['--data-dir', dataDir, '--port', '0'], {
      execArgv: ['--import', 'tsx'],
      // "Shared" is another loopback address here: nothing leaves this machine.
      env: { ...process.env, QUIRE_LOG_LEVEL: 'warn', QUIRE_SHARE_HOST: '127.0.0.2', QUIRE_DISCOVERY: 'off' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const messages: { type: string; id?: number; ok?: boolean; state?: { shared: boolean; port: number } }[] =
      [];
    const next = (type: string) =>
      new Promise<(typeof messages)[number]>((resolve, reject) => {
        const poll = setInterval(() => {
          const found = messages.find((m) => m.type === type);
          if (!found) return;
          clearInterval(poll);
          resolve(found);
        }, 20);
        child.once('exit', (code) => (clearInterval(poll), reject(new Error(`exited with ${code}`))));
      });
    child.on('message', (message) => messages.push(message as (typeof messages)[number]));
    try {
      await next('ready');
      child.send({ type: 'sharing:set', id: 7, shared: true });
      const reply = await next('sharing:reply');
      expect(reply).toMatchObject({ id: 7, ok: true, state: { shared: true } });
      expect(await next('sharing:changed')).toMatchObject({ state: { shared: true } });
      const health = await fetch(`http://127.0.0.2:${reply.state!.port}/_api/v3/healthcheck`);
      expect(health.status).toBe(200);
      child.send({ type: 'nonsense', id: 8 }); // Ignored: only the known requests are answered.
      child.send({ type: 'sharing:get', id: 9 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(messages.filter((m) => m.type === 'sharing:reply').map((m) => m.id)).toEqual([7, 9]);
      child.disconnect();
      expect(await waitForExit(child)).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
