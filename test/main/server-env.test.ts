import { describe, expect, it } from 'vitest';
import { serverEnv } from '../../src/main/server-env';
// @ts-expect-error: the launch scripts are plain JavaScript (npm start / npm run serve run them as is)
import { serverEnv as scriptServerEnv } from '../../scripts/launch.mjs';

describe("the server process's memory settings", () => {
  it('two malloc arenas and a fixed mmap threshold by default', () => {
    expect(serverEnv({ PATH: '/usr/bin' })).toEqual({
      PATH: '/usr/bin',
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
    });
  });

  it('keeps what the user set', () => {
    expect(serverEnv({ MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '4096' })).toEqual({
      MALLOC_ARENA_MAX: '8',
      MALLOC_MMAP_THRESHOLD_: '4096',
    });
  });

  it('npm start and npm run serve start the server with the same settings as the desktop app', () => {
    for (const env of [{}, { MALLOC_ARENA_MAX: '4' }, { MALLOC_MMAP_THRESHOLD_: '65536', HOME: '/home/a' }]) {
      expect(scriptServerEnv(env)).toEqual(serverEnv(env));
    }
  });
});
