// An in-process restart (a backup's restore) with people connected: an open live-events socket and an
// idle keep-alive connection must not keep the old server from closing. The runner owns the
// sockets (sharing/listeners.ts) and ends them once the app has closed, so the restart finishes and the
// wiki answers again on the same port.
import fs from 'node:fs';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import { defaultConfig } from '../../src/server/config';
import { ServerRunner } from '../../src/server/runner';
import { openSocket } from '../helpers/coedit-client';
import { install, makeDataDir } from '../helpers/server';
import { reach } from '../helpers/sharing';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('restarting the server in its process', () => {
  it('finishes with a live socket and a keep-alive connection open, and answers on the same port', async () => {
    const dataDir = makeDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const config = defaultConfig({ dataDir, port: 0, logLevel: 'silent', logToFile: false });
    const runner = new ServerRunner(config, undefined, undefined, buildServer, { announcer: null });
    const port = await runner.start();
    cleanups.push(() => runner.close());
    const admin = await install(runner.app);

    const live = await openSocket(`ws://127.0.0.1:${port}/_api/v3/events?clientId=abcdef0123456789`, {
      cookie: admin.cookie,
    });
    const closed = new Promise<number>((resolve) => live.once('close', (code) => resolve(code)));
    const agent = new http.Agent({ keepAlive: true });
    cleanups.push(() => agent.destroy());
    await new Promise<void>((resolve, reject) =>
      http
        .get(
          `http://127.0.0.1:${port}/_api/v3/healthcheck`,
          { agent },
          (res) => (res.resume(), res.on('end', resolve)),
        )
        .on('error', reject),
    );

    const started = Date.now();
    await runner.restart();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await closed).toBeGreaterThan(0); // The old server's socket was ended, not left hanging.
    expect(await reach(`http://127.0.0.1:${port}/_api/v3/healthcheck`)).toBe(200);
  }, 20_000);
});
