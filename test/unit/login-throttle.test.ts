import { describe, expect, it } from 'vitest';
import { accountKeyOf, LoginThrottle } from '../../src/server/modules/auth/login-throttle';

/** An account known only by the name typed (no local user). */
const named = (name: string) => accountKeyOf(undefined, name);

const limits = { windowMs: 60_000, maxFailuresPerAccount: 3, maxFailuresPerAddress: 5 };

function throttleAt(start = 1_000_000) {
  let now = start;
  const throttle = new LoginThrottle(limits, () => now);
  return { throttle, advance: (ms: number) => (now += ms) };
}

describe('failed sign-in throttling', () => {
  it('refuses an account after too many failures, until the window moves on', () => {
    const { throttle, advance } = throttleAt();
    for (let i = 0; i < 3; i++) throttle.recordFailure('10.0.0.1', named('Ada'));
    expect(throttle.retryAfter('10.0.0.9', named('ada'))).toBe(60_000); // any address, any case
    advance(59_999);
    expect(throttle.retryAfter('10.0.0.9', named('ada'))).toBe(1);
    advance(1);
    expect(throttle.retryAfter('10.0.0.9', named('ada'))).toBe(0);
  });

  it('refuses an address that tries many accounts', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 5; i++) throttle.recordFailure('10.0.0.1', named(`user${i}`));
    expect(throttle.retryAfter('10.0.0.1', named('someone-else'))).toBeGreaterThan(0);
    expect(throttle.retryAfter('10.0.0.2', named('someone-else'))).toBe(0);
  });

  it('forgets an account’s failures after a successful sign-in', () => {
    const { throttle } = throttleAt();
    throttle.recordFailure('10.0.0.1', named('ada'));
    throttle.recordFailure('10.0.0.1', named('ada'));
    throttle.recordSuccess(named('ADA'));
    throttle.recordFailure('10.0.0.1', named('ada'));
    expect(throttle.retryAfter('10.0.0.1', named('ada'))).toBe(0);
  });

  it("counts a local user's failures under their account, whatever name was typed", () => {
    const { throttle } = throttleAt();
    const ada = accountKeyOf({ id: 'u1' }, 'ada');
    for (let i = 0; i < 3; i++)
      throttle.recordFailure('10.0.0.1', accountKeyOf({ id: 'u1' }, 'ada@example.com'));
    expect(throttle.retryAfter('10.0.0.2', ada)).toBe(60_000);
    expect(throttle.retryAfter('10.0.0.2', named('ada'))).toBe(0);
  });
});
