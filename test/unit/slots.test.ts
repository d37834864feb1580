import { describe, expect, it } from 'vitest';
import { Slots } from '../../src/server/lib/slots';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('Slots', () => {
  it('runs at most its count at once and the rest in the order they came', async () => {
    const slots = new Slots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const work = (i: number) =>
      slots.run(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
        return i * 10;
      });
    const results = await Promise.all([0, 1, 2, 3, 4].map(work));
    expect(results).toEqual([0, 10, 20, 30, 40]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('frees the slot of work that failed', async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(slots.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('a password check waits for a slot but still answers (users/password.ts)', async () => {
    const { hashPassword, verifyPassword } = await import('../../src/server/modules/users/password');
    const stored = await hashPassword('correct horse');
    const checks = await Promise.all(
      ['correct horse', 'wrong', 'correct horse'].map((p) => verifyPassword(p, stored)),
    );
    expect(checks).toEqual([true, false, true]);
  });
});
