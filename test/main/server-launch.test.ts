import { describe, expect, it } from 'vitest';
import {
  describeStartFailure,
  launchServer,
  resolveServerSettings,
  serverArgs,
  ServerSettingsError,
} from '../../src/main/server-launch';
import { utilityProcessForker } from '../../src/main/server-forkers';
import { ServerStartError } from '../../src/main/server-process';
import { createFakeElectron } from './fakes';
import { startHealthServer } from './health-server';

describe('server settings', () => {
  it('defaults to 127.0.0.1:3000, LAN sharing off', () => {
    expect(resolveServerSettings({})).toEqual({ port: 3000, host: '127.0.0.1', portIsExplicit: false });
  });

  it('honours QUIRE_PORT and QUIRE_HOST', () => {
    expect(resolveServerSettings({ QUIRE_PORT: '8080', QUIRE_HOST: '0.0.0.0' })).toEqual({
      port: 8080,
      host: '0.0.0.0',
      portIsExplicit: true,
    });
  });

  it('rejects a QUIRE_PORT that is not a port', () => {
    for (const bad of ['http', '70000', '-1', '30.5']) {
      expect(() => resolveServerSettings({ QUIRE_PORT: bad })).toThrow(ServerSettingsError);
    }
  });

  it('passes everything as flags, which beat inherited variables', () => {
    expect(serverArgs('/data', 3000, '127.0.0.1')).toEqual([
      '--data-dir',
      '/data',
      '--port',
      '3000',
      '--host',
      '127.0.0.1',
    ]);
  });
});

/** A fake utilityProcess whose server fails with EADDRINUSE unless given port 0. */
async function busyPortElectron() {
  const health = await startHealthServer();
  const fake = createFakeElectron({
    onFork: (child, _module, args) => {
      if (args[args.indexOf('--port') + 1] !== '0') {
        child.stderr.write('listen EADDRINUSE: address already in use 127.0.0.1:3000\n');
        child.exit(1);
      } else {
        child.emit('message', { type: 'ready', url: health.url, urls: [health.url] });
      }
    },
  });
  return { fake, health };
}

describe('launchServer', () => {
  it('retries once on a free port when the default port is taken', async () => {
    const { fake, health } = await busyPortElectron();
    try {
      const server = await launchServer({
        fork: utilityProcessForker(fake.ports.utilityProcess),
        serverJs: '/app/server.js',
        dataDir: '/data',
        settings: resolveServerSettings({}),
        echo: null,
      });
      expect(server.url).toBe(health.url);
      const ports = fake.ports.utilityProcess.fork.mock.calls.map(([, args]) => args[3]);
      expect(ports).toEqual(['3000', '0']);
      await server.stop();
    } finally {
      await health.close();
    }
  });

  it('does not move a port the user chose: it reports it', async () => {
    const { fake, health } = await busyPortElectron();
    try {
      const settings = resolveServerSettings({ QUIRE_PORT: '3000' });
      const error = await launchServer({
        fork: utilityProcessForker(fake.ports.utilityProcess),
        serverJs: '/app/server.js',
        dataDir: '/data',
        settings,
        echo: null,
      }).catch((err: unknown) => err);
      expect(fake.ports.utilityProcess.fork).toHaveBeenCalledTimes(1);
      expect(describeStartFailure(error, settings)).toMatch(/Port 3000 is already in use.*\n.*QUIRE_PORT/);
    } finally {
      await health.close();
    }
  });
});

describe('describeStartFailure', () => {
  it('says what happened and ends with the server’s last lines', () => {
    const output = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const text = describeStartFailure(new ServerStartError('exited', 'it exited with code 3', output), null);
    expect(text.split('\n')[0]).toBe('The wiki server could not start: it exited with code 3.');
    expect(text).toMatch(/line 20$/);
    expect(text).not.toMatch(/line 8\n/);
  });
});
