import type { ChildProcess } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { chooseServerForker, utilityProcessForker } from '../../src/main/server-forkers';
import { createFakeElectron, FakeUtilityChild } from './fakes';

const SERVER_MEMORY_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
};

function fakeNodeFork() {
  return vi.fn((..._args: unknown[]) => {
    const child = new FakeUtilityChild() as unknown as ChildProcess;
    return child;
  });
}

describe('choosing how to run the server', () => {
  it('packaged app: Electron’s utilityProcess, named, with piped output', () => {
    const fake = createFakeElectron();
    const nodeFork = fakeNodeFork();
    const forker = chooseServerForker({
      isPackaged: true,
      utilityProcess: fake.ports.utilityProcess,
      nodeFork,
      env: { npm_node_execpath: '/usr/bin/node' },
    });
    forker('/app/out/main/server.js', ['--data-dir', '/data']);
    expect(fake.ports.utilityProcess.fork).toHaveBeenCalledWith(
      '/app/out/main/server.js',
      ['--data-dir', '/data'],
      // The server's memory settings (src/main/server-env.ts).
      {
        serviceName: 'Quire server',
        stdio: 'pipe',
        env: { npm_node_execpath: '/usr/bin/node', ...SERVER_MEMORY_ENV },
      },
    );
    expect(nodeFork).not.toHaveBeenCalled();
  });

  it('development: the Node that ran npm, because node_modules were built for it', () => {
    const fake = createFakeElectron();
    const nodeFork = fakeNodeFork();
    const forker = chooseServerForker({
      isPackaged: false,
      utilityProcess: fake.ports.utilityProcess,
      nodeFork,
      env: { npm_node_execpath: '/opt/node20/bin/node' },
    });
    forker('/repo/out/main/server.js', ['--port', '3000']);
    expect(nodeFork).toHaveBeenCalledWith(
      '/repo/out/main/server.js',
      ['--port', '3000'],
      expect.objectContaining({
        execPath: '/opt/node20/bin/node',
        env: { npm_node_execpath: '/opt/node20/bin/node', ...SERVER_MEMORY_ENV },
      }),
    );
    expect(fake.ports.utilityProcess.fork).not.toHaveBeenCalled();
  });

  it('development without npm: `node` from PATH', () => {
    const nodeFork = fakeNodeFork();
    const forker = chooseServerForker({
      isPackaged: false,
      utilityProcess: createFakeElectron().ports.utilityProcess,
      nodeFork,
      env: {},
    });
    forker('/repo/out/main/server.js', []);
    expect(nodeFork.mock.calls[0]?.[2]).toMatchObject({ execPath: 'node' });
  });

  it("keeps the user's own MALLOC_ARENA_MAX", () => {
    const nodeFork = fakeNodeFork();
    chooseServerForker({
      isPackaged: false,
      utilityProcess: createFakeElectron().ports.utilityProcess,
      nodeFork,
      env: { MALLOC_ARENA_MAX: '8' },
    })('/repo/out/main/server.js', []);
    expect(nodeFork.mock.calls[0]?.[2]).toMatchObject({ env: { MALLOC_ARENA_MAX: '8' } });
  });
});

describe('utilityProcess child', () => {
  it('passes messages and exits through, and terminates with kill()', () => {
    const fake = createFakeElectron();
    const child = utilityProcessForker(fake.ports.utilityProcess)('/app/server.js', []);
    const raw = fake.children[0]!;
    const messages: unknown[] = [];
    const exits: unknown[] = [];
    child.onMessage((message) => messages.push(message));
    child.onExit((exit) => exits.push(exit));
    raw.emit('message', { type: 'ready' });
    expect(messages).toEqual([{ type: 'ready' }]);
    raw.onTerminate = () => undefined;
    child.terminate();
    expect(raw.kill).toHaveBeenCalled();
    raw.exit(0);
    expect(exits).toEqual([{ code: 0 }]);
  });

  it('asks the server to shut down by message on Windows, where there is no SIGTERM', () => {
    const fake = createFakeElectron();
    const child = utilityProcessForker(fake.ports.utilityProcess, 'win32')('/app/server.js', []);
    const raw = fake.children[0]!;
    raw.onTerminate = () => undefined;
    child.terminate();
    expect(raw.postMessage).toHaveBeenCalledWith({ type: 'shutdown' });
    expect(raw.kill).not.toHaveBeenCalled();
  });

  it('force-kills by pid with SIGKILL', () => {
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
    try {
      const fake = createFakeElectron();
      const child = utilityProcessForker(fake.ports.utilityProcess)('/app/server.js', []);
      child.forceKill();
      expect(kill).toHaveBeenCalledWith(fake.children[0]!.pid, 'SIGKILL');
    } finally {
      kill.mockRestore();
    }
  });
});
