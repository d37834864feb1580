// The interceptor pipeline (SPEC §5, §9): named hooks that Quire's extensions pass through.
// Interceptors run sorted by `order` (default 100; equal orders keep the order of adding). Those
// that declare themselves parallel start together with the sequence and only observe the context;
// the others run one after another, each handing its (possibly new) context to the next. An
// interceptor that throws or rejects is skipped — its step changes nothing — and reported to the
// logger while the others still run. Isomorphic: the renderer and the server both use it.

export const DEFAULT_INTERCEPTOR_ORDER = 100;

export interface Interceptor<Hooks, K extends keyof Hooks = keyof Hooks> {
  /** Names the interceptor in logs. */
  name: string;
  /** The hooks it takes part in. */
  hooks: readonly K[];
  order?: number;
  /** Parallel-capable: runs alongside the sequence, and its result is ignored. */
  parallel?: boolean;
  /** The new context, or nothing to keep the one given. */
  process(hook: K, context: Hooks[K]): Hooks[K] | void | Promise<Hooks[K] | void>;
}

export type InterceptorLogger = (message: string, error: unknown) => void;

const defaultLogger: InterceptorLogger = (message, error) => console.error(message, error);

export class InterceptorPipeline<Hooks extends object> {
  private readonly interceptors: Interceptor<Hooks>[] = [];

  constructor(private readonly log: InterceptorLogger = defaultLogger) {}

  add(interceptor: Interceptor<Hooks>): () => void {
    this.interceptors.push(interceptor);
    return () => {
      const index = this.interceptors.indexOf(interceptor);
      if (index !== -1) this.interceptors.splice(index, 1);
    };
  }

  /** The interceptors of a hook in running order (Array.prototype.sort is stable). */
  private of<K extends keyof Hooks>(hook: K): Interceptor<Hooks>[] {
    return this.interceptors
      .filter((interceptor) => interceptor.hooks.includes(hook))
      .sort((a, b) => (a.order ?? DEFAULT_INTERCEPTOR_ORDER) - (b.order ?? DEFAULT_INTERCEPTOR_ORDER));
  }

  private failed(interceptor: Interceptor<Hooks>, hook: keyof Hooks, error: unknown): void {
    this.log(`Interceptor '${interceptor.name}' failed in '${String(hook)}' and was skipped`, error);
  }

  /** Passes the context through the hook; resolves when every interceptor has finished. */
  async run<K extends keyof Hooks>(hook: K, context: Hooks[K]): Promise<Hooks[K]> {
    const all = this.of(hook);
    const parallel = Promise.allSettled(
      all
        .filter((interceptor) => interceptor.parallel)
        .map(async (interceptor) => {
          try {
            await interceptor.process(hook, context);
          } catch (error) {
            this.failed(interceptor, hook, error);
          }
        }),
    );
    let current = context;
    for (const interceptor of all.filter((candidate) => !candidate.parallel)) {
      try {
        const next = await interceptor.process(hook, current);
        if (next !== undefined) current = next as Hooks[K];
      } catch (error) {
        this.failed(interceptor, hook, error);
      }
    }
    await parallel;
    return current;
  }

  /**
   * The same, for hooks that must finish inside a synchronous step (building a renderer): every
   * interceptor runs in order, and one that answers with a promise is skipped as failed.
   */
  runSync<K extends keyof Hooks>(hook: K, context: Hooks[K]): Hooks[K] {
    let current = context;
    for (const interceptor of this.of(hook)) {
      try {
        const next = interceptor.process(hook, current);
        if (next instanceof Promise) {
          next.catch(() => undefined);
          throw new Error('an asynchronous interceptor in a synchronous hook');
        }
        if (next !== undefined && !interceptor.parallel) current = next as Hooks[K];
      } catch (error) {
        this.failed(interceptor, hook, error);
      }
    }
    return current;
  }
}
