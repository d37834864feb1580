import { describe, expect, it } from 'vitest';
import { MarksPool } from '../../src/server/modules/search/marks-pool';

describe('per-query marks', () => {
  it('hands a slot the same array again, zeroed, and grows it when the wiki grew', () => {
    const pool = new MarksPool();
    const first = pool.zeroed(0, 100);
    first.fill(7);
    const again = pool.zeroed(0, 100);
    expect(again).toBe(first);
    expect(again.subarray(0, 100).every((v) => v === 0)).toBe(true);
    expect(pool.zeroed(1, 100)).not.toBe(first); // another slot, another array
    const grown = pool.zeroed(0, 1000);
    expect(grown.length).toBeGreaterThanOrEqual(1000);
    expect(grown.every((v) => v === 0)).toBe(true);
  });
});
