// The soak (issue 17): 50 simulated LAN users (BENCH_SOAK_USERS) on loopback for BENCH_SOAK_SECONDS
// (default 300) — 70 % page reads, 15 % searches, 10 % saves, 5 % comments and likes, each user
// pausing 50–250 ms between actions — plus 5 co-editors typing on one page and 100 idle live-event
// sockets (BENCH_SOAK_COEDITORS, BENCH_SOAK_IDLE), those in a process of their own
// (lib/soak-browsers.ts). It prints every operation's count, errors and p50/p99, whether the
// co-edited page converged and was saved, how many idle sockets stayed open, and the server's RSS
// after warm-up and at the end (targets in bench/lib/targets.ts: 0 errors, growth ≤ 10 %, p99 per
// operation). Warm-up: every page read once (the caches fill to their bounds), then the first
// minute of the mixed load. Bounded in time and count; loopback only.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createContext } from '../src/server/context';
import { defaultConfig } from '../src/server/config';
import { HttpAgent, spawnServer, waitForExit } from '../test/helpers/process';
import { BUILT_SERVER, ensureBuilt } from './lib/built-server';
import { percentile, runLoad } from './lib/load';
import { residentMiB } from './lib/server-memory';
import { BENCH_ADMIN, seed } from './lib/seed';
import type { BrowsersReady, BrowsersReport, BrowsersStart } from './lib/soak-browsers';
import { SoakClient, type SoakAnswer } from './lib/soak-client';

// `npm run bench -- soak --users 200 --minutes 10 --coeditors 10 --idle 500` sets these (bench/run.ts).
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const USERS = Number(process.env.BENCH_SOAK_USERS ?? 50);
const COEDITORS = Number(process.env.BENCH_SOAK_COEDITORS ?? 5);
const IDLE_SOCKETS = Number(process.env.BENCH_SOAK_IDLE ?? 100);
const PAGES = 10_000;
const WARM_UP_S = Math.min(60, SECONDS / 5);
const PASSWORD = 'soak-password';
const WORDS = ['topic', 'realistic', 'words', 'page', 'line', 'section', 'about'];

type Op = 'read' | 'search' | 'save' | 'comment' | 'like';

function pick(): Op {
  const r = Math.random() * 100;
  if (r < 70) return 'read';
  if (r < 85) return 'search';
  if (r < 95) return 'save';
  return r < 97.5 ? 'comment' : 'like';
}

async function createUsers(dataDir: string): Promise<string[]> {
  const ctx = createContext(defaultConfig({ dataDir, logLevel: 'silent', logToFile: false }));
  const names: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const username = `soak${i}`;
    await ctx.users.create({
      username,
      name: `Soak ${i}`,
      email: `${username}@example.com`,
      password: PASSWORD,
      lang: 'en_US',
    });
    names.push(username);
  }
  await ctx.close();
  return names;
}

/** One person: signs in, makes a page of their own, then works until `until`. */
async function person(base: string, username: string, paths: string[], until: number, record: Recorder) {
  const client = new SoakClient(base);
  await client.call('POST', '/_api/v3/login', { username, password: PASSWORD });
  const created = await client.call('POST', '/_api/v3/page', { path: `/soak/${username}`, body: 'start' });
  let own = (JSON.parse(created.body) as { page: { _id: string; revision: { _id: string } } }).page;
  while (Date.now() < until) {
    const op = pick();
    const target = paths[Math.floor(Math.random() * paths.length)] ?? '/';
    const started = performance.now();
    let res: SoakAnswer;
    if (op === 'read') res = await client.call('GET', `/_api/v3/page?path=${encodeURIComponent(target)}`);
    else if (op === 'search') {
      res = await client.call('GET', `/_api/v3/search?q=${WORDS[Math.floor(Math.random() * WORDS.length)]}`);
    } else if (op === 'save') {
      res = await client.call('PUT', '/_api/v3/page', {
        pageId: own._id,
        revisionId: own.revision._id,
        body: `saved at ${Date.now()}`,
      });
      if (res.ok) own = (JSON.parse(res.body) as { page: typeof own }).page;
    } else if (op === 'comment') {
      res = await client.call('POST', '/_api/comments.add', {
        commentForm: { page_id: own._id, revision_id: own.revision._id, comment: 'a soak comment' },
      });
    } else {
      res = await client.call('PUT', '/_api/v3/page/likes', { pageId: own._id, bool: Math.random() < 0.5 });
    }
    record(op, performance.now() - started, res.ok);
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
  }
  client.close();
}

type Recorder = (op: Op, ms: number, ok: boolean) => void;

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the soak's browsers exited (${code})`));
    child.once('exit', exited);
    child.once('message', (message) => {
      child.off('exit', exited);
      resolve(message as T);
    });
  });
}

export async function runSoakBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-soak-'));
  const paths = await seed(dataDir, PAGES);
  const usernames = await createUsers(dataDir);
  // The built server, as `npm run serve` and the desktop app run it (its workers start from bundles).
  ensureBuilt();
  const server = await spawnServer(
    ['--data-dir', dataDir, '--port', '0'],
    { QUIRE_LOG_LEVEL: 'error' },
    BUILT_SERVER,
  );
  const pid = server.child.pid ?? 0;
  const samples = new Map<Op, { ms: number[]; errors: number }>();
  const record: Recorder = (op, ms, ok) => {
    const entry = samples.get(op) ?? { ms: [], errors: 0 };
    entry.ms.push(ms);
    if (!ok) entry.errors += 1;
    samples.set(op, entry);
  };
  let browsers: ChildProcess | undefined;
  try {
    const admin = new HttpAgent(server.url);
    await admin.call('POST', '/_api/v3/login', BENCH_ADMIN);
    // Idle live-event tabs and co-editors typing on one page, in a process of their own.
    const shared = (await (
      await admin.call('POST', '/_api/v3/page', { path: '/soak/shared', body: '' })
    ).json()) as {
      page: { _id: string };
    };
    browsers = fork(fileURLToPath(new URL('./lib/soak-browsers.ts', import.meta.url)));
    const browsersStart: BrowsersStart = {
      url: server.url,
      cookie: admin.cookie,
      pageId: shared.page._id,
      coeditors: COEDITORS,
      idle: IDLE_SOCKETS,
    };
    const ready = nextMessage<BrowsersReady>(browsers);
    browsers.send(browsersStart);
    await ready;

    // Warm-up, first part: every page read once, so the page read cache (pages/read-cache.ts) and
    // SQLite's page cache reach their bounds; growth measured after it is what is not bounded.
    await runLoad({
      baseUrl: server.url,
      connections: 8,
      maxRequests: paths.length,
      seconds: 60,
      okStatus: 200,
      next: (i) => ({ method: 'GET', path: `/_api/v3/page?path=${encodeURIComponent(paths[i] ?? '/')}` }),
    });
    const start = Date.now();
    const until = start + SECONDS * 1000;
    // The load generator shares the 2 cores: when its own event loop is late, so are the
    // latencies it records. Its delay is printed beside them, so a late harness shows as one.
    const harnessDelay = monitorEventLoopDelay({ resolution: 10 });
    harnessDelay.enable();
    let warmRss = 0;
    const warm = setTimeout(() => {
      warmRss = residentMiB(pid).total;
      if (process.env.BENCH_HEAP_SNAPSHOTS) process.kill(pid, 'SIGUSR2');
    }, WARM_UP_S * 1000);
    // The curve, not only its ends: settling looks different from a leak.
    const curve: number[] = [];
    const sampler = setInterval(() => curve.push(residentMiB(pid).total), 30_000);
    await Promise.all(usernames.map((name) => person(server.url, name, paths, until, record)));
    clearTimeout(warm);
    clearInterval(sampler);
    harnessDelay.disable();
    const endRss = residentMiB(pid).total;
    if (process.env.BENCH_HEAP_SNAPSHOTS) {
      process.kill(pid, 'SIGUSR2');
      await new Promise((resolve) => setTimeout(resolve, 30_000)); // the snapshot is written meanwhile
    }

    const reported = nextMessage<BrowsersReport>(browsers);
    browsers.send('stop');
    const browsersReport = await reported;
    const saved = await admin.call('POST', `/_api/v3/coedit/${shared.page._id}/save`, {});
    const stored = (await (await admin.call('GET', `/_api/v3/page?pageId=${shared.page._id}`)).json()) as {
      page: { revision: { body: string } };
    };

    const operations = Object.fromEntries(
      [...samples].map(([op, { ms, errors }]) => {
        const sorted = [...ms].sort((a, b) => a - b);
        const round = (n: number) => Number(n.toFixed(2));
        return [
          op,
          {
            count: ms.length,
            errors,
            p50Ms: round(percentile(sorted, 50)),
            p99Ms: round(percentile(sorted, 99)),
          },
        ];
      }),
    );
    const errors = [...samples.values()].reduce((sum, s) => sum + s.errors, 0);
    return {
      users: USERS,
      seconds: SECONDS,
      seededPages: PAGES,
      operations,
      errors,
      coedit: {
        editors: COEDITORS,
        converged: browsersReport.converged,
        saved: saved.ok && stored.page.revision.body === browsersReport.text,
        length: browsersReport.text.length,
      },
      idleSockets: { opened: browsersReport.idleOpened, stillOpen: browsersReport.idleStillOpen },
      harnessEventLoopDelayMs: {
        p99: Number((harnessDelay.percentile(99) / 1e6).toFixed(1)),
        max: Number((harnessDelay.max / 1e6).toFixed(1)),
      },
      rss: {
        afterWarmUpMiB: warmRss,
        endMiB: endRss,
        growthPercent: warmRss > 0 ? Number((((endRss - warmRss) / warmRss) * 100).toFixed(1)) : null,
        everyHalfMinuteMiB: curve,
      },
    };
  } finally {
    browsers?.kill();
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
