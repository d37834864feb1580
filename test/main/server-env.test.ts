import { describe, expect, it } from 'vitest';
import { serverEnv } from '../../src/main/server-env';
// @ts-expect-error: the launch scripts are plain JavaScript (npm start / npm run serve run them as is)
import { serverEnv as scriptServerEnv } from '../../scripts/launch.mjs';

describe("the server process's memory settings", () => {
  it('two malloc arenas, a fixed mmap threshold and an 8 MiB young generation by default', () => {
    expect(serverEnv({ PATH: '/usr/bin' })).toEqual({
      PATH: '/usr/bin',
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      NODE_OPTIONS: '--max-semi-space-size=8',
    });
  });

  it("keeps what the user set, and adds to the user's NODE_OPTIONS", () => {
    expect(
      serverEnv({ MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '4096', NODE_OPTIONS: '--trace-warnings' }),
    ).toEqual({
      MALLOC_ARENA_MAX: '8',
      MALLOC_MMAP_THRESHOLD_: '4096',
      NODE_OPTIONS: '--trace-warnings --max-semi-space-size=8',
    });
    expect(serverEnv({ NODE_OPTIONS: '--max-semi-space-size=32' }).NODE_OPTIONS).toBe(
      '--max-semi-space-size=32',
    );
  });

  it('npm start and npm run serve start the server with the same settings as the desktop app', () => {
    for (const env of [{}, { MALLOC_ARENA_MAX: '4' }, { NODE_OPTIONS: '--enable-source-maps' }]) {
      expect(scriptServerEnv(env)).toEqual(serverEnv(env));
    }
  });
});
