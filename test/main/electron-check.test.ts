// `npm start` decides between the desktop app and the headless server (scripts/start.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decideLaunch,
  hasDisplay,
  headlessNotice,
  headlessUrl,
  locateElectron,
  needsBuild,
  newestMtime,
} from '../../scripts/electron-check.mjs';

const ELECTRON_MISSING =
  'Electron failed to install correctly, please delete node_modules/electron and try installing again';

describe('locating the Electron binary', () => {
  it('takes the path the electron package exports, if that file exists', () => {
    const found = locateElectron(
      () => '/repo/node_modules/electron/dist/electron',
      () => true,
    );
    expect(found).toEqual({ path: '/repo/node_modules/electron/dist/electron' });
  });

  it('reports a binary that was never downloaded', () => {
    const found = locateElectron(
      () => {
        throw new Error(ELECTRON_MISSING);
      },
      () => true,
    );
    expect(found).toEqual({ path: null, problem: ELECTRON_MISSING });
  });

  it('reports a path that does not exist', () => {
    expect(
      locateElectron(
        () => '/gone/electron',
        () => false,
      ).path,
    ).toBeNull();
  });
});

describe('deciding how to start', () => {
  it('runs Electron with a binary and a display', () => {
    expect(decideLaunch({ electronPath: '/e', platform: 'linux', env: { DISPLAY: ':0' } })).toEqual({
      mode: 'electron',
      electronPath: '/e',
    });
    expect(
      decideLaunch({ electronPath: '/e', platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0' } }).mode,
    ).toBe('electron');
    expect(decideLaunch({ electronPath: '/e', platform: 'darwin', env: {} }).mode).toBe('electron');
    expect(decideLaunch({ electronPath: '/e', platform: 'win32', env: {} }).mode).toBe('electron');
  });

  it('falls back to the headless server, saying why', () => {
    expect(decideLaunch({ electronPath: null, platform: 'linux', env: { DISPLAY: ':0' } })).toEqual({
      mode: 'headless',
      reasons: ['no Electron binary'],
    });
    expect(decideLaunch({ electronPath: '/e', platform: 'linux', env: {} })).toEqual({
      mode: 'headless',
      reasons: ['no display'],
    });
    expect(decideLaunch({ electronPath: null, platform: 'linux', env: {} })).toEqual({
      mode: 'headless',
      reasons: ['no Electron binary', 'no display'],
    });
  });

  it('needs a display only where one can be missing', () => {
    expect(hasDisplay('linux', { DISPLAY: '' })).toBe(false);
    expect(hasDisplay('freebsd', {})).toBe(false);
    expect(hasDisplay('darwin', {})).toBe(true);
  });

  it('prints one line with the reasons and the address', () => {
    const line = headlessNotice(['no Electron binary', 'no display'], 'http://127.0.0.1:3000');
    expect(line).toBe(
      'Quire: no Electron binary and no display here — starting the headless server instead (http://127.0.0.1:3000).',
    );
    expect(line).not.toContain('\n');
  });

  it('shows the address the server will use, from flags, then variables, then defaults', () => {
    expect(headlessUrl([], {})).toBe('http://127.0.0.1:3000');
    expect(headlessUrl([], { QUIRE_PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(headlessUrl(['--port', '4000', '--host=0.0.0.0'], { QUIRE_PORT: '8080' })).toBe(
      'http://127.0.0.1:4000',
    );
    expect(headlessUrl(['--host', '192.168.1.20'], {})).toBe('http://192.168.1.20:3000');
    expect(headlessUrl(['--host', '::1'], {})).toBe('http://[::1]:3000');
  });
});

describe('deciding whether to build', () => {
  it('builds when an output is missing or older than the newest input', () => {
    expect(needsBuild([100, null], 50)).toBe(true);
    expect(needsBuild([100, 200], 150)).toBe(true);
    expect(needsBuild([100, 200], 100)).toBe(false);
  });

  it('finds the newest file in a tree', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-mtime-'));
    try {
      fs.mkdirSync(path.join(dir, 'a/b'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'old.ts'), '');
      fs.writeFileSync(path.join(dir, 'a/b/new.ts'), '');
      fs.utimesSync(path.join(dir, 'old.ts'), 1_000, 1_000);
      fs.utimesSync(path.join(dir, 'a/b/new.ts'), 2_000, 2_000);
      expect(newestMtime([dir, path.join(dir, 'missing')])).toBe(2_000_000);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
