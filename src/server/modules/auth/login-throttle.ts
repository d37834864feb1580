// Failed password checks, per client address and per account: after too many failures in a
// window, further attempts are refused (429) until the window moves on, so passwords cannot be
// guessed at speed from one machine, nor one account from many. A success clears the account.
//
// One throttle for the whole server (ctx.passwordAttempts, issue 27): the sign-in form, HTTP Basic,
// associating a directory account and changing one's password all count against the same
// account, so a name locked at /login is locked for Basic too, and guesses spread over several
// doors add up.
export interface ThrottleLimits {
  windowMs: number;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerAccount: 10,
  maxFailuresPerAddress: 50,
};

/** Keeps memory bounded if someone sprays many names: old keys are dropped first. */
const MAX_TRACKED_KEYS = 10_000;

/** The account a password was tried against: a local user's id when the name is one's, else the name. */
export type AccountKey = string;

export function accountKeyOf(user: { id: string } | undefined, name: string): AccountKey {
  return user ? `user:${user.id}` : `name:${name.trim().toLowerCase()}`;
}

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  private keys(address: string, account: AccountKey): [string, string] {
    return [`addr:${address}`, `acct:${account}`];
  }

  /** Milliseconds until another attempt is allowed, or 0 when it is allowed now. */
  retryAfter(address: string, account: AccountKey): number {
    const [addressKey, accountKey] = this.keys(address, account);
    const waits = [
      [this.recent(addressKey), this.limits.maxFailuresPerAddress] as const,
      [this.recent(accountKey), this.limits.maxFailuresPerAccount] as const,
    ].map(([times, max]) => {
      if (times.length < max) return 0;
      const oldestThatCounts = times[times.length - max] ?? 0;
      return oldestThatCounts + this.limits.windowMs - this.now();
    });
    return Math.max(0, ...waits);
  }

  recordFailure(address: string, account: AccountKey): void {
    for (const key of this.keys(address, account)) {
      if (!this.failures.has(key) && this.failures.size >= MAX_TRACKED_KEYS) {
        const oldest = this.failures.keys().next().value;
        if (oldest !== undefined) this.failures.delete(oldest);
      }
      this.failures.set(key, [...this.recent(key), this.now()]);
    }
  }

  recordSuccess(account: AccountKey): void {
    this.failures.delete(this.keys('', account)[1]);
  }
}
