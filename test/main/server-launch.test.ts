import { describe, expect, it } from 'vitest';
import {
  describeStartFailure,
  launchServer,
  resolveServerSettings,
  serverArgs,
  ServerSettingsError,
} from '../../src/main/server-launch';
import { desktopTranslator } from '../../src/main/i18n';
import { utilityProcessForker } from '../../src/main/server-forkers';
import { ServerStartError } from '../../src/main/server-process';
import { createFakeElectron } from './fakes';
import { startHealthServer } from './health-server';

const t = desktopTranslator('en-US');

describe('server settings', () => {
  it('defaults to 127.0.0.1:3000, LAN sharing off', () => {
    expect(resolveServerSettings({})).toEqual({ port: 3000, host: null, portIsExplicit: false });
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

  it('passes everything as flags, which beat inherited variables, and asks to announce when shared', () => {
    expect(serverArgs('/data', 3000, '0.0.0.0')).toEqual([
      '--data-dir',
      '/data',
      '--port',
      '3000',
      '--host',
      '0.0.0.0',
      '--announce',
    ]);
  });

  it('leaves the address to the server’s Share on LAN switch unless QUIRE_HOST chose one', () => {
    expect(resolveServerSettings({}).host).toBeNull();
    expect(serverArgs('/data', 3000, null)).toEqual(['--data-dir', '/data', '--port', '3000', '--announce']);
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
      expect(describeStartFailure(error, settings, t)).toMatch(/Port 3000 is already in use.*\n.*QUIRE_PORT/);
    } finally {
      await health.close();
    }
  });
});

describe('describeStartFailure', () => {
  it('says what happened and ends with the server’s last lines', () => {
    const output = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const error = new ServerStartError('exited', 'it exited with code 3', output, { code: 3 });
    const text = describeStartFailure(error, null, t);
    expect(text.split('\n')[0]).toBe(
      'The wiki server could not start: it exited with code 3 before it was ready.',
    );
    expect(text).toMatch(/line 20$/);
    expect(text).not.toMatch(/line 8\n/);
  });

  it('says it in the user’s language, but keeps the OS’s own error and the server’s output as they are', () => {
    const ja = desktopTranslator('ja-JP');
    const timeout = new ServerStartError('timeout', 'it did not answer within 60 s', '', { seconds: 60 });
    expect(describeStartFailure(timeout, null, ja)).toBe(
      'Wiki サーバーを起動できませんでした：60 秒以内に応答がありませんでした。',
    );
    const spawn = new ServerStartError('exited', 'node: spawn node ENOENT', 'boom\n', {
      code: null,
      error: 'node: spawn node ENOENT',
    });
    expect(describeStartFailure(spawn, null, desktopTranslator('zh-CN'))).toBe(
      'Wiki 服务器无法启动：node: spawn node ENOENT。\n\nboom',
    );
    const settings = { port: 8080, host: '127.0.0.1', portIsExplicit: true };
    const taken = new ServerStartError('exited', '', 'listen EADDRINUSE', { code: 1 });
    expect(describeStartFailure(taken, settings, ja).split('\n').slice(0, 2)).toEqual([
      'ポート 8080 は別のプログラムが使用中です。',
      'そのプログラムを終了するか、環境変数 QUIRE_PORT で別のポートを指定してください。',
    ]);
    expect(describeStartFailure(new ServerSettingsError('http'), null, ja)).toBe(
      'QUIRE_PORT には 0〜65535 のポート番号を指定してください（指定された値："http"）。',
    );
  });
});
