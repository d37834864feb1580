// Keeps the embedded server alive (issue 26): the desktop's menus, tray and window hold one
// SupervisedServer whose child may be replaced. When the child exits unexpectedly it is started
// again on the same port — colleagues' browsers reconnect to the address they had, and the web
// app's sockets reconnect by themselves — after a pause that doubles each time. More than
// MAX_RESTARTS exits within CRASH_WINDOW_MS is a crash loop: it stops trying and hands the end of
// the server's log to `gaveUp`. A clean exit (code 0: the OS logging out) is followed, not undone.
import type { ServerExit, ServerProcess } from './server-process';

export const MAX_RESTARTS = 3;
export const CRASH_WINDOW_MS = 2 * 60_000;
export const FIRST_PAUSE_MS = 1_000;

export interface SupervisorDeps {
  /** Starts a new child on the port the first one had. */
  relaunch(): Promise<ServerProcess>;
  /** A new child answers: the window reloads where it was. */
  restarted(server: ServerProcess): void;
  /** The child ended cleanly on its own (code 0): the app follows it. */
  endedCleanly(): void;
  /** A crash loop, or a restart that failed: `tail` is the end of the server's output. */
  gaveUp(tail: string, failure: unknown): void;
  /** The pause before the first restart (doubling after each); FIRST_PAUSE_MS by default. */
  firstPauseMs?: number;
  now?: () => number;
}

export class SupervisedServer implements ServerProcess {
  private current: ServerProcess;
  private readonly messageListeners: ((message: unknown) => void)[] = [];
  private readonly exitListeners: ((exit: ServerExit) => void)[] = [];
  private crashes: number[] = [];
  private stopped = false;

  constructor(
    first: ServerProcess,
    private readonly deps: SupervisorDeps,
  ) {
    this.current = first;
    this.watch(first);
  }

  get url(): string {
    return this.current.url;
  }

  get urls(): readonly string[] {
    return this.current.urls;
  }

  send(message: unknown): void {
    this.current.send(message);
  }

  onMessage(listener: (message: unknown) => void): void {
    this.messageListeners.push(listener);
    this.current.onMessage(listener);
  }

  /** Told once, when the server is gone for good (stopped, ended, or given up on). */
  onExit(listener: (exit: ServerExit) => void): void {
    this.exitListeners.push(listener);
  }

  stop(): Promise<void> {
    this.stopped = true;
    return this.current.stop();
  }

  private watch(server: ServerProcess): void {
    server.onExit((exit) => void this.exited(server, exit));
  }

  private ended(exit: ServerExit): void {
    this.stopped = true;
    for (const listener of this.exitListeners) listener(exit);
  }

  private async exited(server: ServerProcess, exit: ServerExit): Promise<void> {
    if (server !== this.current) return;
    if (exit.expected || this.stopped) return this.ended(exit);
    if (exit.code === 0) {
      this.ended(exit);
      return this.deps.endedCleanly();
    }
    const now = (this.deps.now ?? Date.now)();
    this.crashes = [...this.crashes.filter((t) => now - t < CRASH_WINDOW_MS), now];
    if (this.crashes.length > MAX_RESTARTS) {
      this.ended(exit);
      return this.deps.gaveUp(exit.output, null);
    }
    const pause = (this.deps.firstPauseMs ?? FIRST_PAUSE_MS) * 2 ** (this.crashes.length - 1);
    await new Promise<void>((resolve) => setTimeout(resolve, pause));
    if (this.stopped) return;
    let next: ServerProcess;
    try {
      next = await this.deps.relaunch();
    } catch (err) {
      this.ended(exit);
      const output = (err as { output?: unknown }).output;
      return this.deps.gaveUp(typeof output === 'string' ? output : exit.output, err);
    }
    if (this.stopped) {
      await next.stop();
      return;
    }
    this.current = next;
    for (const listener of this.messageListeners) next.onMessage(listener);
    this.watch(next);
    this.deps.restarted(next);
  }
}
