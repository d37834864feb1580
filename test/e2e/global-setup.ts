// Starts the built server on a free port with a fresh data directory (a fresh install), waits for its
// healthcheck, and returns the teardown that stops it and removes the directory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SERVER = path.resolve('out/main/server.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/_api/v3/healthcheck`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer ${url}/_api/v3/healthcheck within ${timeoutMs} ms`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A built server on a free loopback port with a fresh data directory; `close` stops and removes it. */
export async function startBuiltServer(): Promise<{ url: string; close: () => Promise<void> }> {
  if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} is missing: run \`npm run build\` first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [SERVER, '--data-dir', dataDir, '--port', String(port), '--log-level', 'warn'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        // Every index build goes through the bundled worker thread, as a large wiki's would.
        QUIRE_SEARCH_WORKER_MIN_PAGES: '0',
        // Share on LAN stays on loopback (the browser's 127.0.0.1 and a second one), never announced.
        QUIRE_SHARE_HOST: '127.0.0.1,127.0.0.2',
        QUIRE_DISCOVERY: 'off',
      },
    },
  );
  const close = async () => {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child);
  } catch (err) {
    await close();
    throw err;
  }
  return { url, close };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const { url, close } = await startBuiltServer();
  process.env.QUIRE_E2E_URL = url;
  return close;
}
