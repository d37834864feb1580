// The disk watch (issue 26): low below the admin's megabytes or share of the disk, full below the
// floor or right after a write failed for lack of space, fine again once room comes back.
import { describe, expect, it } from 'vitest';
import { DiskWatch } from '../../src/server/modules/health/disk-watch';
import type { DiskSpace } from '../../src/shared/disk-types';

const MB = 1024 * 1024;

function watchWith(freeMb: () => number, totalMb = 10_000) {
  const settings = new Map<string, number>([
    ['app:diskWarnMb', 500],
    ['app:diskWarnPercent', 5],
    ['app:diskFloorMb', 100],
  ]);
  const changes: DiskSpace[] = [];
  let now = 1_000_000;
  const watch = new DiskWatch(
    '/data',
    { get: (key: string) => settings.get(key) } as never,
    (space) => changes.push(space),
    () => ({ bavail: freeMb(), blocks: totalMb, bsize: MB }),
    () => now,
  );
  return { watch, changes, settings, advance: (ms: number) => (now += ms) };
}

describe('the disk watch', () => {
  it('is low below 500 MB or 5 %, full below the floor, and tells each change once', () => {
    let free = 2_000;
    const { watch, changes } = watchWith(() => free);
    expect(watch.check().condition).toBe('ok');
    free = 400; // 4 % of 10 GB and under 500 MB
    expect(watch.check().condition).toBe('low');
    watch.check();
    free = 99;
    expect(watch.check().condition).toBe('full');
    expect(() => watch.assertRoom()).toThrow(expect.objectContaining({ statusCode: 507, code: 'disk_full' }));
    free = 3_000;
    expect(watch.check().condition).toBe('ok');
    expect(changes.map((c) => c.condition)).toEqual(['ok', 'low', 'full', 'ok']);
  });

  it('counts a failed write as full until room comes back, and refuses what would not fit', () => {
    let free = 700;
    const { watch, advance } = watchWith(() => free, 100_000);
    expect(watch.check().condition).toBe('low'); // 5 % of 100 GB is 5 GB
    watch.sawDiskFull(); // a quota statfs does not see
    expect(watch.check().condition).toBe('full');
    advance(31_000);
    expect(watch.check().condition).toBe('low');
    watch.sawDiskFull();
    free = 700 + 150; // freed more than the floor
    expect(watch.check().condition).toBe('low');
    expect(() => watch.assertRoom(800 * MB)).toThrow(expect.objectContaining({ code: 'disk_full' }));
    expect(() => watch.assertRoom(100 * MB)).not.toThrow();
  });
});
