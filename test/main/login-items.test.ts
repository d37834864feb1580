// "Start Quire when I log in": login items on macOS and Windows, an XDG autostart entry on Linux;
// and the desktop's own preferences file, which a broken file never breaks.
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreferencesStore, DEFAULT_PREFERENCES } from '../../src/main/desktop-preferences';
import { autostartFile, desktopEntry, setStartAtLogin } from '../../src/main/login-items';
import { SharingChannel } from '../../src/main/sharing-channel';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-login-'));
  dirs.push(dir);
  return dir;
}

describe('start at login', () => {
  it('uses login items on macOS and Windows, started hidden in the tray', () => {
    for (const platform of ['darwin', 'win32'] as const) {
      const setLoginItemSettings = vi.fn();
      setStartAtLogin(true, { platform, setLoginItemSettings, env: {}, execPath: '/x' });
      expect(setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true, args: ['--start-hidden'] });
    }
  });

  it('writes and removes an autostart entry on Linux, preferring the AppImage', () => {
    const config = tempDir();
    const env = { XDG_CONFIG_HOME: config, APPIMAGE: '/home/ada/Apps/Quire "beta".AppImage' };
    const setLoginItemSettings = vi.fn();
    setStartAtLogin(true, { platform: 'linux', setLoginItemSettings, env, execPath: '/opt/Quire/quire' });
    const file = path.join(config, 'autostart', 'quire.desktop');
    expect(autostartFile(env)).toBe(file);
    const entry = fs.readFileSync(file, 'utf8');
    expect(entry).toContain('[Desktop Entry]');
    expect(entry).toContain('Exec="/home/ada/Apps/Quire \\"beta\\".AppImage" --start-hidden');
    expect(setLoginItemSettings).not.toHaveBeenCalled();
    setStartAtLogin(false, { platform: 'linux', setLoginItemSettings, env, execPath: '/opt/Quire/quire' });
    expect(fs.existsSync(file)).toBe(false);
    expect(desktopEntry('/opt/Quire/quire')).toContain('Exec="/opt/Quire/quire" --start-hidden');
  });
});

describe('desktop preferences', () => {
  it('start from the defaults, persist changes, and survive a broken file', () => {
    const dir = tempDir();
    expect(new PreferencesStore(dir).get()).toEqual(DEFAULT_PREFERENCES);
    new PreferencesStore(dir).update({ closeToTray: 'keep-serving', confirmedSharing: true });
    expect(new PreferencesStore(dir).get()).toMatchObject({
      closeToTray: 'keep-serving',
      confirmedSharing: true,
    });
    fs.writeFileSync(
      path.join(dir, 'desktop-preferences.json'),
      '{"closeToTray": "explode", "startAtLogin": 1',
    );
    expect(new PreferencesStore(dir).get()).toEqual(DEFAULT_PREFERENCES);
    fs.writeFileSync(path.join(dir, 'desktop-preferences.json'), '{"closeToTray": "explode"}');
    expect(new PreferencesStore(dir).get().closeToTray).toBe('ask');
  });
});

describe('the sharing control channel', () => {
  function fakeServer() {
    const events = new EventEmitter();
    const sent: { type: string; id: number }[] = [];
    return {
      sent,
      server: {
        send: (message: unknown) => sent.push(message as { type: string; id: number }),
        onMessage: (listener: (message: unknown) => void) => void events.on('message', listener),
        onExit: (listener: () => void) => void events.on('exit', listener),
      },
      reply: (message: unknown) => events.emit('message', message),
      exit: () => events.emit('exit'),
    };
  }

  it('matches replies to requests by id, and reports errors in the server’s words', async () => {
    const fake = fakeServer();
    const channel = new SharingChannel(fake.server);
    const first = channel.set(true);
    const second = channel.get();
    expect(fake.sent).toEqual([
      { type: 'sharing:set', shared: true, id: 1, lang: 'en_US' },
      { type: 'sharing:get', id: 2, lang: 'en_US' },
    ]);
    fake.reply({ type: 'sharing:reply', id: 2, ok: true, state: { shared: false } });
    fake.reply({ type: 'sharing:reply', id: 1, ok: false, error: 'port taken' });
    await expect(second).resolves.toEqual({ shared: false });
    await expect(first).rejects.toThrow('port taken');
  });

  it('fails requests when the server is silent or gone, and passes changes on', async () => {
    const fake = fakeServer();
    const channel = new SharingChannel(fake.server, 'en_US', 20);
    await expect(channel.get()).rejects.toMatchObject({ kind: 'timeout' });
    const changes: unknown[] = [];
    channel.onChanged((state) => changes.push(state));
    fake.reply({ type: 'sharing:changed', state: { shared: true } });
    fake.reply({ type: 'sharing:changed' }); // Malformed: ignored.
    expect(changes).toEqual([{ shared: true }]);
    const pending = channel.get(5_000);
    fake.exit();
    await expect(pending).rejects.toMatchObject({ kind: 'stopped' });
    await expect(channel.get()).rejects.toMatchObject({ kind: 'stopped' });
  });
});

describe('sharing errors in the desktop', () => {
  it("says a failed channel in the desktop's words and the server's refusal in the server's", async () => {
    const { DesktopSharing } = await import('../../src/main/desktop-sharing');
    const { ChannelError } = await import('../../src/main/sharing-channel');
    const { desktopTranslator } = await import('../../src/main/i18n');
    const showErrorBox = vi.fn();
    const set = vi
      .fn()
      .mockRejectedValueOnce(new ChannelError('stopped'))
      .mockRejectedValueOnce(new Error('ポート 3000 でネットワークを待ち受けられませんでした'));
    const channel = {
      onChanged: vi.fn(),
      set,
    } as unknown as SharingChannel;
    const preferences = new PreferencesStore(tempDir());
    preferences.update({ confirmedSharing: true });
    const desktop = new DesktopSharing({
      channel,
      dialog: { showErrorBox } as never,
      clipboard: { writeText: vi.fn() },
      nativeImage: { createFromDataURL: vi.fn() },
      preferences,
      t: desktopTranslator('ja'),
      window: () => null,
      localUrl: 'http://127.0.0.1:3000',
      backUpNow: vi.fn(),
    });
    await desktop.setShared(true);
    expect(showErrorBox).toHaveBeenLastCalledWith('LAN で共有', 'Wiki サーバーが停止しました。');
    await desktop.setShared(true);
    expect(showErrorBox).toHaveBeenLastCalledWith(
      'LAN で共有',
      'ポート 3000 でネットワークを待ち受けられませんでした',
    );
  });
});
