// Runs the real server CLI (src/server/index.ts through tsx) as a child process, as users run it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { serverEnv } from '../../src/main/server-env';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts an entry (the Quire server's sources by default) and resolves once it prints its URL. */
export function spawnServer(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  entry = 'src/server/index.ts',
): Promise<ServerProcess> {
  // BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it exits (benchmarks).
  const profile = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  // BENCH_HEAP_SNAPSHOTS=<dir>: SIGUSR2 makes the server write a heap snapshot there (the soak
  // takes one after its warm-up and one at the end, to see what grew).
  if (process.env.BENCH_HEAP_SNAPSHOTS) {
    profile.push('--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${process.env.BENCH_HEAP_SNAPSHOTS}`);
  }
  // TypeScript sources run through tsx; a built entry (out/main/server.js) runs as users run it.
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...profile, ...loader, entry, ...args], {
    cwd: ROOT,
    // As the launchers start it (src/main/server-env.ts): benchmarks measure what users run.
    env: serverEnv({ ...process.env, QUIRE_LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[0], output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

export function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** A fetch-based client that keeps the session cookie and the CSRF token, like a browser. */
export class HttpAgent {
  cookie = '';
  private token = '';

  constructor(readonly baseUrl: string) {}

  private async ensureToken(): Promise<string> {
    if (!this.token) {
      const res = await this.call('GET', '/_api/v3/csrf-token');
      this.token = ((await res.json()) as { token: string }).token;
    }
    return this.token;
  }

  /** Headers that make a raw request count as this signed-in browser's. */
  async authHeaders(): Promise<Record<string, string>> {
    const token = await this.ensureToken();
    return { cookie: this.cookie, 'x-csrf-token': token, 'content-type': 'application/json' };
  }

  async call(method: string, url: string, body?: unknown): Promise<Response> {
    if (method !== 'GET') await this.ensureToken();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET') headers['x-csrf-token'] = this.token;
    const res = await fetch(this.baseUrl + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      this.cookie = setCookie.split(';')[0] ?? '';
      if (url !== '/_api/v3/csrf-token') this.token = '';
    }
    return res;
  }
}

/** The first administrator of a fresh server (admin / secret1), signed in on `agent`; the answer. */
export function installAdmin(agent: HttpAgent): Promise<Response> {
  return agent.call('POST', '/_api/v3/installer', {
    username: 'admin',
    name: 'Admin',
    email: 'admin@example.com',
    password: 'secret1',
    lang: 'en_US',
  });
}
