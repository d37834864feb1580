// Two ways to run the server bundle (out/main/server.js) as a child process, behind one interface.
//
// Why two: better-sqlite3 is a native module, and a .node binary only loads in the runtime it was
// compiled for. A packaged app's node_modules were rebuilt for Electron by electron-builder, so there
// the server runs in Electron's own `utilityProcess` (no separate Node needed on the user's machine,
// and its SQLite work never blocks the window). In development (`npm start` from a checkout),
// node_modules were built by npm for the developer's Node, which Electron cannot load — so the server
// runs under that same Node with `child_process.fork`. Same bundle, same CLI, same ready message.
import type { ChildProcess, ForkOptions } from 'node:child_process';
import type { UtilityProcessPort } from './electron-ports';
import { serverEnv } from './server-env';

export interface ServerChildExit {
  /** The exit code; null when killed by a signal or when the process never started. */
  code: number | null;
  /** Why the process could not be started, if that is what happened. */
  error?: string;
}

/** A forked server process, whichever runtime runs it. */
export interface ServerChild {
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  onMessage(listener: (message: unknown) => void): void;
  /** A message to the server (the sharing control channel); dropped once the child is gone. */
  send(message: unknown): void;
  /** Called once, when the process has ended (or failed to start). */
  onExit(listener: (exit: ServerChildExit) => void): void;
  /** Asks for a graceful shutdown (SIGTERM; on Windows this ends the process at once). */
  terminate(): void;
  /** Ends the process without waiting for it to clean up. */
  forceKill(): void;
}

export type ServerForker = (serverJs: string, args: string[]) => ServerChild;

export type NodeFork = (modulePath: string, args: string[], options: ForkOptions) => ChildProcess;

function killHard(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone: nothing to do.
  }
}

/** Packaged app: Electron's utilityProcess, with stdout/stderr piped so failures can be shown. */
export function utilityProcessForker(
  utilityProcess: UtilityProcessPort,
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): ServerForker {
  return (serverJs, args) => {
    const child = utilityProcess.fork(serverJs, args, {
      serviceName: 'Quire server',
      stdio: 'pipe',
      env: serverEnv(env),
    });
    return {
      stdout: child.stdout,
      stderr: child.stderr,
      onMessage: (listener) => void child.on('message', listener),
      send: (message) => child.postMessage(message),
      onExit: (listener) => void child.on('exit', (code) => listener({ code })),
      // Windows has no SIGTERM: kill() would end the server at once, so ask it to stop instead.
      terminate: () => (platform === 'win32' ? child.postMessage({ type: 'shutdown' }) : void child.kill()),
      forceKill: () => killHard(child.pid),
    };
  };
}

/** Development: plain Node (`execPath`), the runtime the checkout's node_modules were built for. */
export function nodeForker(
  fork: NodeFork,
  execPath: string,
  env: NodeJS.ProcessEnv = process.env,
): ServerForker {
  return (serverJs, args) => {
    const child = fork(serverJs, args, {
      execPath,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: serverEnv(env),
    });
    const exitListeners: ((exit: ServerChildExit) => void)[] = [];
    let exit: ServerChildExit | null = null;
    const finish = (result: ServerChildExit) => {
      if (exit) return;
      exit = result;
      for (const listener of exitListeners) listener(result);
    };
    child.on('exit', (code) => finish({ code }));
    // A missing Node binary surfaces as 'error' without any 'exit': report it as one.
    child.on('error', (err) => {
      if (child.pid === undefined) finish({ code: null, error: `${execPath}: ${err.message}` });
    });
    return {
      stdout: child.stdout,
      stderr: child.stderr,
      onMessage: (listener) => void child.on('message', (message) => listener(message)),
      send: (message) => {
        if (child.connected) child.send(message as object);
      },
      onExit: (listener) => {
        if (exit) listener(exit);
        else exitListeners.push(listener);
      },
      terminate: () => void child.kill('SIGTERM'),
      forceKill: () => killHard(child.pid),
    };
  };
}

export interface ForkerChoice {
  isPackaged: boolean;
  utilityProcess: UtilityProcessPort;
  nodeFork: NodeFork;
  env: NodeJS.ProcessEnv;
}

/** utilityProcess when packaged; otherwise the Node that ran npm (or the first `node` on PATH). */
export function chooseServerForker(choice: ForkerChoice): ServerForker {
  if (choice.isPackaged) return utilityProcessForker(choice.utilityProcess, process.platform, choice.env);
  return nodeForker(choice.nodeFork, choice.env.npm_node_execpath || 'node', choice.env);
}
