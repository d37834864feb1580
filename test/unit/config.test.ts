import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/server/config';

describe('server configuration', () => {
  it('defaults to 127.0.0.1:3000, 30-day sessions and ~/.quire', () => {
    const config = resolveConfig([], {});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 3000, sessionMaxAge: 2_592_000_000 });
    expect(config.dataDir).toBe(path.join(os.homedir(), '.quire'));
  });

  it('lets environment variables override defaults, and flags override both', () => {
    const env = { QUIRE_DATA_DIR: '/srv/env', QUIRE_PORT: '4000', QUIRE_HOST: '0.0.0.0' };
    expect(resolveConfig([], env)).toMatchObject({ dataDir: '/srv/env', port: 4000, host: '0.0.0.0' });
    const flags = ['--data-dir', '/srv/flag', '--port', '5000', '--host', '192.0.2.1'];
    expect(resolveConfig(flags, env)).toMatchObject({ dataDir: '/srv/flag', port: 5000, host: '192.0.2.1' });
  });

  it('refuses a bad port and unknown flags with a clear message', () => {
    expect(() => resolveConfig(['--port', 'eighty'], {})).toThrow(
      '--port must be a port number from 0 to 65535, not "eighty"',
    );
    expect(() => resolveConfig([], { QUIRE_PORT: '70000' })).toThrow('QUIRE_PORT must be a port number');
    expect(() => resolveConfig(['--colour', 'red'], {})).toThrow(/Unknown option '--colour'/);
  });

  it('takes the upload size limit from QUIRE_MAX_FILE_SIZE, else leaves it to the admin setting', () => {
    expect(resolveConfig([], {}).maxFileSize).toBeNull();
    expect(resolveConfig([], { QUIRE_MAX_FILE_SIZE: '52428800' }).maxFileSize).toBe(52_428_800);
    expect(() => resolveConfig([], { QUIRE_MAX_FILE_SIZE: 'big' })).toThrow(
      'QUIRE_MAX_FILE_SIZE must be a positive number, not "big"',
    );
  });

  it('takes the archive upload limit from QUIRE_ARCHIVE_MAX_UPLOAD (bytes)', () => {
    expect(resolveConfig([], {}).archiveLimits).toBeUndefined();
    expect(resolveConfig([], { QUIRE_ARCHIVE_MAX_UPLOAD: '1048576' }).archiveLimits).toEqual({
      maxUpload: 1_048_576,
    });
    expect(() => resolveConfig([], { QUIRE_ARCHIVE_MAX_UPLOAD: '-1' })).toThrow(
      'QUIRE_ARCHIVE_MAX_UPLOAD must be a positive number, not "-1"',
    );
  });

  it('takes the page count from which search builds use a worker thread from QUIRE_SEARCH_WORKER_MIN_PAGES', () => {
    expect(resolveConfig([], {}).searchWorkerMinPages).toBe(2000);
    expect(resolveConfig([], { QUIRE_SEARCH_WORKER_MIN_PAGES: '0' }).searchWorkerMinPages).toBe(0);
    expect(() => resolveConfig([], { QUIRE_SEARCH_WORKER_MIN_PAGES: '1.5' })).toThrow(
      'QUIRE_SEARCH_WORKER_MIN_PAGES must be a whole number of pages, not "1.5"',
    );
  });
});

describe('LAN sharing configuration', () => {
  it('lets the stored switch decide unless --host or QUIRE_HOST fixed the address', () => {
    expect(resolveConfig([], {})).toMatchObject({
      hostIsExplicit: false,
      shareHosts: ['::'],
      announce: false,
    });
    expect(resolveConfig(['--host', '0.0.0.0'], {}).hostIsExplicit).toBe(true);
    expect(resolveConfig([], { QUIRE_HOST: '127.0.0.1' }).hostIsExplicit).toBe(true);
  });

  it('announces only with --announce, and never with QUIRE_DISCOVERY=off', () => {
    expect(resolveConfig(['--host', '0.0.0.0'], {}).announce).toBe(false);
    expect(resolveConfig(['--announce'], {}).announce).toBe(true);
    expect(resolveConfig(['--announce'], { QUIRE_DISCOVERY: 'off' }).discoveryOff).toBe(true);
    expect(() => resolveConfig([], { QUIRE_DISCOVERY: 'maybe' })).toThrow(
      'QUIRE_DISCOVERY must be "on" or "off", not "maybe"',
    );
  });

  it('takes the shared address from QUIRE_SHARE_HOST (tests share on 127.0.0.2)', () => {
    expect(resolveConfig([], { QUIRE_SHARE_HOST: '127.0.0.2' }).shareHosts).toEqual(['127.0.0.2']);
    const both = resolveConfig([], { QUIRE_SHARE_HOST: '127.0.0.1, 127.0.0.2' });
    expect(both.shareHosts).toEqual(['127.0.0.1', '127.0.0.2']);
  });
});
