// A renderer extension's remark/rehype plugins, each wrapped so that a plugin that throws — when
// it is set up or when it transforms a page — is skipped and reported, and the page renders without
// it (SPEC §5: "A failing interceptor is skipped"). Asynchronous transformers are refused the same
// way: the page pipeline is synchronous. Isomorphic, so it is tested without a browser.

export type GuardLogger = (message: string, error: unknown) => void;

type Transformer = (this: unknown, ...args: unknown[]) => unknown;
type Attacher = (this: unknown, ...args: unknown[]) => unknown;

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

function guardAttacher(attacher: Attacher, name: string, log: GuardLogger): Attacher {
  return function guarded(this: unknown, ...options: unknown[]) {
    let transformer: unknown;
    try {
      transformer = attacher.apply(this, options);
    } catch (error) {
      log(`Plugin '${name}' failed to start and was skipped`, error);
      return undefined;
    }
    if (typeof transformer !== 'function') return transformer;
    const transform = transformer as Transformer;
    return function guardedTransform(this: unknown, ...args: unknown[]) {
      try {
        const result = transform.apply(this, args);
        if (!isThenable(result)) return result;
        Promise.resolve(result).catch(() => undefined);
        log(`Plugin '${name}' is asynchronous and was skipped`, new Error('asynchronous transformer'));
        return undefined;
      } catch (error) {
        log(`Plugin '${name}' failed on this page and was skipped`, error);
        return undefined;
      }
    };
  };
}

/** A unified plugin entry (`attacher` or `[attacher, ...options]`), guarded; anything else as it is. */
export function guardPlugin<T>(entry: T, name: string, log: GuardLogger): T {
  if (typeof entry === 'function') return guardAttacher(entry as Attacher, name, log) as T;
  if (Array.isArray(entry) && typeof entry[0] === 'function') {
    const [attacher, ...options] = entry as [Attacher, ...unknown[]];
    return [guardAttacher(attacher, name, log), ...options] as T;
  }
  return entry;
}
