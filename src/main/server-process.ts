// Starts the wiki server as a child process and knows when it is really up: the server posts
// {type:'ready'} once it listens, and then GET /_api/v3/healthcheck must answer 200 (it answers 503
// while the database is not usable). Either step can fail — the child may exit early, hang, or the
// user may quit meanwhile — and every failure ends the child before it is reported.
import type { ServerChild, ServerChildExit, ServerForker } from './server-forkers';

export interface ServerExit extends ServerChildExit {
  /** True when the exit followed `stop()`. */
  expected: boolean;
  /** The end of the server's stderr, for error messages. */
  output: string;
}

export interface ServerProcess {
  /** The address the desktop window loads. */
  readonly url: string;
  /** Every address the server printed (with LAN sharing on, also those colleagues use). */
  readonly urls: readonly string[];
  /** SIGTERM, wait for the exit; if it does not come in time, kill. Safe to call twice. */
  stop(): Promise<void>;
  onExit(listener: (exit: ServerExit) => void): void;
  /** The control channel (issue 16): messages to and from the running server. */
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
}

export type ServerStartFailure = 'exited' | 'timeout' | 'aborted';

/** The facts behind the (English) message, so the dialog can say it in the user's language. */
export interface ServerStartDetails {
  /** 'timeout': the limit that passed. */
  seconds?: number;
  /** 'exited': the exit code (null: killed by a signal). */
  code?: number | null;
  /** 'exited' without starting at all: the OS's error. */
  error?: string;
}

export class ServerStartError extends Error {
  constructor(
    readonly failure: ServerStartFailure,
    message: string,
    /** The end of the server's stderr. */
    readonly output = '',
    readonly details: ServerStartDetails = {},
  ) {
    super(message);
    this.name = 'ServerStartError';
  }

  /** The server could not listen because its port is taken (Node's EADDRINUSE in its stderr). */
  get portInUse(): boolean {
    return this.failure === 'exited' && this.output.includes('EADDRINUSE');
  }
}

export interface StartServerOptions {
  fork: ServerForker;
  serverJs: string;
  args: string[];
  fetch?: typeof fetch;
  /** From fork to healthy. Migrations of a large wiki can take a while: be generous. */
  timeoutMs?: number;
  /** How long `stop()` waits after SIGTERM (and again after the kill). */
  stopTimeoutMs?: number;
  /** Aborting (e.g. the user quits while starting) ends the child and rejects with 'aborted'. */
  signal?: AbortSignal;
  /** Where the child's output goes besides the error tail; default: this process's stdout/stderr. */
  echo?: ((stream: 'stdout' | 'stderr', text: string) => void) | null;
}

interface ReadyMessage {
  type: 'ready';
  url: string;
  urls: string[];
}

const HEALTH_PATH = '/_api/v3/healthcheck';
const HEALTH_POLL_MS = 150;
const HEALTH_REQUEST_MS = 2_000;
const OUTPUT_TAIL_CHARS = 4_000;

function isReadyMessage(message: unknown): message is ReadyMessage {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  return (
    m.type === 'ready' &&
    typeof m.url === 'string' &&
    Array.isArray(m.urls) &&
    m.urls.every((u) => typeof u === 'string')
  );
}

/**
 * The server's `url` is always http://127.0.0.1:PORT, which is right when it listens on loopback or
 * on every interface (then it is among `urls`). Bound to one address only (QUIRE_HOST=192.168.1.5),
 * 127.0.0.1 does not answer, and the first of `urls` is the one that does.
 */
export function pickLocalUrl(ready: { url: string; urls: readonly string[] }): string {
  return ready.urls.includes(ready.url) ? ready.url : (ready.urls[0] ?? ready.url);
}

function defaultEcho(stream: 'stdout' | 'stderr', text: string): void {
  try {
    (stream === 'stdout' ? process.stdout : process.stderr).write(text);
  } catch {
    // A GUI app may have no console to write to.
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** Resolves true if `promise` settles within `ms`, false otherwise. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitForHealthy(url: string, fetchFn: typeof fetch, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    try {
      const response = await fetchFn(url + HEALTH_PATH, {
        signal: AbortSignal.any([signal, AbortSignal.timeout(HEALTH_REQUEST_MS)]),
      });
      await response.body?.cancel();
      if (response.status === 200) return;
    } catch {
      // Not answering yet (or this attempt timed out): try again.
    }
    await sleep(HEALTH_POLL_MS, signal);
  }
  throw signal.reason;
}

export async function startServerProcess(options: StartServerOptions): Promise<ServerProcess> {
  const { timeoutMs = 60_000, stopTimeoutMs = 5_000, fetch: fetchFn = fetch } = options;
  const echo = options.echo === undefined ? defaultEcho : options.echo;
  const child = options.fork(options.serverJs, options.args);

  let stderrTail = '';
  child.stdout?.on('data', (chunk: Buffer | string) => echo?.('stdout', String(chunk)));
  child.stderr?.on('data', (chunk: Buffer | string) => {
    const text = String(chunk);
    echo?.('stderr', text);
    stderrTail = (stderrTail + text).slice(-OUTPUT_TAIL_CHARS);
  });

  let exitInfo: ServerChildExit | null = null;
  const exited = new Promise<ServerChildExit>((resolve) => child.onExit(resolve));
  void exited.then((exit) => (exitInfo = exit));

  let stopRequested = false;
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopRequested = true;
    stopping ??= (async () => {
      if (exitInfo) return;
      child.terminate();
      if (await settlesWithin(exited, stopTimeoutMs)) return;
      child.forceKill();
      await settlesWithin(exited, stopTimeoutMs);
    })();
    return stopping;
  };

  const ready = await waitUntilHealthy(child, exited, options, timeoutMs, fetchFn, () => stderrTail).catch(
    async (err: unknown) => {
      await stop();
      throw err;
    },
  );

  const url = pickLocalUrl(ready);
  return {
    url,
    urls: ready.urls,
    stop,
    send: (message) => {
      if (!exitInfo) child.send(message);
    },
    onMessage: (listener) => child.onMessage(listener),
    onExit(listener) {
      void exited.then((exit) => listener({ ...exit, expected: stopRequested, output: stderrTail }));
    },
  };
}

async function waitUntilHealthy(
  child: ServerChild,
  exited: Promise<ServerChildExit>,
  options: StartServerOptions,
  timeoutMs: number,
  fetchFn: typeof fetch,
  output: () => string,
): Promise<ReadyMessage> {
  const controller = new AbortController();
  const seconds = Math.round(timeoutMs / 1000);
  const timer = setTimeout(
    () =>
      controller.abort(
        new ServerStartError('timeout', `it did not answer within ${seconds} s`, output(), { seconds }),
      ),
    timeoutMs,
  );
  const onOuterAbort = () =>
    controller.abort(new ServerStartError('aborted', 'starting was cancelled', output()));
  if (options.signal?.aborted) onOuterAbort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  const failOnExit = exited.then((exit): never => {
    const how = exit.error ?? `it exited with code ${exit.code ?? 'unknown'} before it was ready`;
    throw new ServerStartError('exited', how, output(), { code: exit.code, error: exit.error });
  });
  failOnExit.catch(() => undefined);
  const failOnAbort = new Promise<never>((_, reject) => {
    if (controller.signal.aborted) reject(controller.signal.reason);
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  failOnAbort.catch(() => undefined);

  try {
    const readyMessage = new Promise<ReadyMessage>((resolve) =>
      child.onMessage((message) => {
        if (isReadyMessage(message)) resolve(message);
      }),
    );
    const ready = await Promise.race([readyMessage, failOnExit, failOnAbort]);
    await Promise.race([waitForHealthy(pickLocalUrl(ready), fetchFn, controller.signal), failOnExit]);
    return ready;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
    // Ends a health poll still running after an early exit.
    controller.abort();
  }
}
