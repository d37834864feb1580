// At most `count` of some work at once; the rest waits its turn in order. Password hashing takes
// one: scrypt is about 50 ms of a core each, and a morning's sign-ins at once (200 in the soak)
// ran four in libuv's pool on a two-core machine, so every colleague's reads waited for a core.
export class Slots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly count: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy >= this.count) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy -= 1;
    }
  }
}
