// SPEC §5/§9: interceptors run sorted by order (default 100), parallel-capable ones together and the
// others in sequence; a failing one is skipped and logged while the rest still run.
import { describe, expect, it } from 'vitest';
import { InterceptorPipeline, type Interceptor } from '../../src/shared/interceptors';

interface Hooks {
  save: { body: string };
  other: { body: string };
}

const logged: string[] = [];
const pipeline = () => {
  logged.length = 0;
  return new InterceptorPipeline<Hooks>((message) => logged.push(message));
};
const append = (
  name: string,
  order?: number,
  extra: Partial<Interceptor<Hooks>> = {},
): Interceptor<Hooks> => ({
  name,
  hooks: ['save'],
  order,
  process: (_hook, context) => ({ body: `${context.body}${name}` }),
  ...extra,
});

/** A promise and the function that settles it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('interceptor pipeline', () => {
  it('runs in order, the default order being 100, ties in the order added', async () => {
    const p = pipeline();
    p.add(append('c'));
    p.add(append('a', 10));
    p.add(append('d', 100));
    p.add(append('e', 200));
    p.add(append('b', 99));
    expect(await p.run('save', { body: '' })).toEqual({ body: 'abcde' });
    expect(p.runSync('save', { body: '' })).toEqual({ body: 'abcde' });
  });

  it('runs only the interceptors of the hook, and keeps the context when one returns nothing', async () => {
    const p = pipeline();
    p.add(append('x', 1, { hooks: ['other'] }));
    const seen: string[] = [];
    p.add({ name: 'watch', hooks: ['save'], process: (_hook, context) => void seen.push(context.body) });
    const remove = p.add(append('y'));
    expect(await p.run('save', { body: '-' })).toEqual({ body: '-y' });
    expect(seen).toEqual(['-']);
    remove();
    expect(await p.run('save', { body: '-' })).toEqual({ body: '-' });
  });

  it('hands each sequential interceptor the result of the one before, awaiting each', async () => {
    const p = pipeline();
    const order: string[] = [];
    p.add({
      name: 'slow',
      hooks: ['save'],
      order: 1,
      process: async (_hook, context) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push('slow');
        return { body: `${context.body}1` };
      },
    });
    p.add({
      name: 'fast',
      hooks: ['save'],
      order: 2,
      process: (_hook, context) => {
        order.push('fast');
        return { body: `${context.body}2` };
      },
    });
    expect(await p.run('save', { body: '' })).toEqual({ body: '12' });
    expect(order).toEqual(['slow', 'fast']);
  });

  it('starts parallel interceptors together, ignores their results and waits for them', async () => {
    const p = pipeline();
    const started: string[] = [];
    const first = gate();
    const second = gate();
    for (const [name, g] of [
      ['p1', first],
      ['p2', second],
    ] as const) {
      p.add({
        name,
        hooks: ['save'],
        parallel: true,
        order: name === 'p1' ? 1 : 2,
        process: async () => {
          started.push(name);
          await g.promise;
          return { body: 'ignored' };
        },
      });
    }
    p.add(append('s'));
    let done = false;
    const running = p.run('save', { body: '' }).then((result) => {
      done = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Both started before either finished: neither waits for the other.
    expect(started).toEqual(['p1', 'p2']);
    expect(done).toBe(false);
    second.open();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toBe(false);
    first.open();
    expect(await running).toEqual({ body: 's' });
  });

  it('skips a throwing or rejecting interceptor, logs it and runs the rest', async () => {
    const p = pipeline();
    p.add(append('a', 1));
    p.add({
      name: 'broken',
      hooks: ['save'],
      order: 2,
      process: () => {
        throw new Error('boom');
      },
    });
    p.add({ name: 'rejecting', hooks: ['save'], order: 3, process: () => Promise.reject(new Error('no')) });
    p.add({
      name: 'parallel-broken',
      hooks: ['save'],
      parallel: true,
      process: () => {
        throw new Error('p');
      },
    });
    p.add(append('b', 4));
    expect(await p.run('save', { body: '' })).toEqual({ body: 'ab' });
    expect(logged.sort()).toEqual([
      "Interceptor 'broken' failed in 'save' and was skipped",
      "Interceptor 'parallel-broken' failed in 'save' and was skipped",
      "Interceptor 'rejecting' failed in 'save' and was skipped",
    ]);
  });

  it('in a synchronous hook, skips an interceptor that answers with a promise', () => {
    const p = pipeline();
    p.add(append('a', 1));
    p.add({ name: 'async', hooks: ['save'], order: 2, process: async () => ({ body: 'late' }) });
    p.add(append('b', 3));
    expect(p.runSync('save', { body: '' })).toEqual({ body: 'ab' });
    expect(logged).toEqual(["Interceptor 'async' failed in 'save' and was skipped"]);
  });
});
