// The server launcher against real child processes: the fixture stands in for the server bundle
// and is forked by the development path (plain Node), exactly as `npm start` does on a desktop.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nodeForker } from '../../src/main/server-forkers';
import { pickLocalUrl, ServerStartError, startServerProcess } from '../../src/main/server-process';
import type { ServerExit, ServerProcess, StartServerOptions } from '../../src/main/server-process';

const FAKE_SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/fake-server.mjs');
const running: ServerProcess[] = [];

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Forks the fixture in `mode`, remembering the child's pid. */
function start(mode: string, extra: Partial<StartServerOptions> = {}) {
  vi.stubEnv('FAKE_SERVER_MODE', mode);
  const pids: number[] = [];
  const forkAndRemember: typeof fork = ((...args: Parameters<typeof fork>) => {
    const child = fork(...args);
    if (child.pid) pids.push(child.pid);
    return child;
  }) as typeof fork;
  const promise = startServerProcess({
    fork: nodeForker(forkAndRemember, process.execPath),
    serverJs: FAKE_SERVER,
    args: ['--data-dir', '/tmp/quire-test', '--port', '3000', '--host', '127.0.0.1'],
    timeoutMs: 5_000,
    stopTimeoutMs: 1_000,
    echo: null,
    ...extra,
  });
  void promise.then((server) => running.push(server)).catch(() => undefined);
  return { promise, pids };
}

afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

describe('startServerProcess', () => {
  it('resolves once the server said ready and its healthcheck answers 200', async () => {
    const server = await start('ok').promise;
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/_api/v3/healthcheck`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'OK', dataDir: '/tmp/quire-test' });
  });

  it('stop() ends the server with SIGTERM and reports the exit as expected', async () => {
    const { promise, pids } = start('ok');
    const server = await promise;
    const exits: ServerExit[] = [];
    server.onExit((exit) => exits.push(exit));
    await server.stop();
    await vi.waitFor(() => expect(exits).toHaveLength(1));
    expect(exits[0]).toMatchObject({ code: 0, expected: true });
    expect(isAlive(pids[0]!)).toBe(false);
  });

  it('kills a server that ignores SIGTERM', async () => {
    const { promise, pids } = start('stubborn', { stopTimeoutMs: 300 });
    const server = await promise;
    await server.stop();
    await vi.waitFor(() => expect(isAlive(pids[0]!)).toBe(false));
  });

  it('reports an early exit with the server’s stderr', async () => {
    const error = await start('crash').promise.catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ServerStartError);
    expect(error).toMatchObject({ failure: 'exited', portInUse: false });
    expect((error as ServerStartError).message).toMatch(/exited with code 3/);
    expect((error as ServerStartError).output).toMatch(/database is locked/);
  });

  it('recognises a taken port', async () => {
    const error = await start('busy').promise.catch((err: unknown) => err);
    expect(error).toMatchObject({ failure: 'exited', portInUse: true });
  });

  it('gives up on a server that never says ready, and ends it', async () => {
    const { promise, pids } = start('silent', { timeoutMs: 600 });
    await expect(promise).rejects.toMatchObject({ failure: 'timeout' });
    expect(isAlive(pids[0]!)).toBe(false);
  });

  it('keeps polling while the healthcheck fails, and times out if it never passes', async () => {
    const { promise, pids } = start('unhealthy', { timeoutMs: 800 });
    await expect(promise).rejects.toMatchObject({ failure: 'timeout' });
    expect(isAlive(pids[0]!)).toBe(false);
  });

  it('stops the child when starting is aborted (the user quit meanwhile)', async () => {
    const controller = new AbortController();
    const { promise, pids } = start('silent', { signal: controller.signal });
    await vi.waitFor(() => expect(pids).toHaveLength(1));
    controller.abort();
    await expect(promise).rejects.toMatchObject({ failure: 'aborted' });
    expect(isAlive(pids[0]!)).toBe(false);
  });

  it('reports a runtime that cannot be started', async () => {
    const promise = startServerProcess({
      fork: nodeForker(fork, '/nonexistent/node'),
      serverJs: FAKE_SERVER,
      args: [],
      timeoutMs: 5_000,
      echo: null,
    });
    await expect(promise).rejects.toMatchObject({ failure: 'exited' });
    await expect(promise).rejects.toThrow(/\/nonexistent\/node/);
  });
});

describe('pickLocalUrl', () => {
  it('uses the loopback URL when the server listens there', () => {
    const url = 'http://127.0.0.1:3000';
    expect(pickLocalUrl({ url, urls: [url] })).toBe(url);
    expect(pickLocalUrl({ url, urls: [url, 'http://192.168.1.20:3000'] })).toBe(url);
  });

  it('uses the bound address when the server listens on one interface only', () => {
    expect(pickLocalUrl({ url: 'http://127.0.0.1:3000', urls: ['http://192.168.1.20:3000'] })).toBe(
      'http://192.168.1.20:3000',
    );
  });
});
