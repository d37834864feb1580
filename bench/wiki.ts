// The whole server at 100k pages (issue 17 §4): pages with revisions and tags, a few hundred users
// and groups. Measures, from the moment the process is spawned, when it first answers healthy and
// when its search index is ready — on the first start (the index is built) and on a restart (the
// saved index is loaded) — then a minute of mixed load (reads, searches, saves, tree children) and
// the server's RSS after it. Targets: healthy ≤ 2 s, search ready ≤ 10 s, RSS ≤ 500 MB (476 MiB).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createContext } from '../src/server/context';
import { defaultConfig } from '../src/server/config';
import { newId } from '../src/server/lib/ids';
import { HttpAgent, spawnServer, type ServerProcess } from '../test/helpers/process';
import { Corpus, seedCorpus } from './lib/corpus';
import { runLoad, type LoadRequest } from './lib/load';
import { BENCH_ADMIN } from './lib/seed';
import { BUILT_SERVER, ensureBuilt } from './lib/built-server';
import { residentMiB } from './lib/server-memory';
import { stopServer } from './lib/bench-server';

const PAGES = Number(process.env.BENCH_WIKI_PAGES ?? 100_000);
const USERS = 300;
const GROUPS = 40;
const LOAD_SECONDS = Number(process.env.BENCH_WIKI_LOAD_SECONDS ?? 60);
const WORDS = ['topic', 'project', 'meeting', 'release', 'design', 'report', 'team', 'plan'];

async function seedWiki(dataDir: string): Promise<string[]> {
  const ctx = createContext(defaultConfig({ dataDir, logLevel: 'silent', logToFile: false }));
  await ctx.users.create({
    ...BENCH_ADMIN,
    name: 'Bench',
    email: 'bench@example.com',
    lang: 'en_US',
    admin: true,
  });
  const sqlite = ctx.db.$client;
  seedCorpus(sqlite, new Corpus(), PAGES);
  const now = Date.now();
  const user = sqlite.prepare(
    'INSERT INTO users (id, username, name, email, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const group = sqlite.prepare(
    'INSERT INTO user_groups (id, name, description, parent_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const member = sqlite.prepare(
    'INSERT INTO user_group_relations (group_id, user_id, created_at) VALUES (?, ?, ?)',
  );
  sqlite.transaction(() => {
    const groupIds = Array.from({ length: GROUPS }, (_, g) => {
      const id = newId();
      group.run(id, `group-${g}`, '', null, now, now);
      return id;
    });
    for (let u = 0; u < USERS; u++) {
      const id = newId();
      user.run(id, `member${u}`, `Member ${u}`, `member${u}@example.com`, now, now);
      member.run(groupIds[u % GROUPS], id, now);
    }
  })();
  const paths = sqlite
    .prepare('SELECT path FROM pages WHERE "grant" = 1 ORDER BY random() LIMIT 5000')
    .all() as { path: string }[];
  await ctx.close();
  return paths.map((row) => row.path);
}

/**
 * Spawns the built server (what `npm run serve` and the desktop app run); times its first healthy
 * answer and its search index being ready.
 */
async function timedStart(dataDir: string) {
  const spawned = performance.now();
  const server = await spawnServer(
    ['--data-dir', dataDir, '--port', '0'],
    { QUIRE_LOG_LEVEL: 'error' },
    BUILT_SERVER,
  );
  const listeningSeconds = (performance.now() - spawned) / 1000;
  let healthySeconds = 0;
  while (healthySeconds === 0) {
    const res = await fetch(`${server.url}/_api/v3/healthcheck`).catch(() => null);
    if (res?.ok) healthySeconds = (performance.now() - spawned) / 1000;
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const admin = new HttpAgent(server.url);
  await admin.call('POST', '/_api/v3/login', BENCH_ADMIN);
  let searchReadySeconds = 0;
  for (let i = 0; i < 6000 && searchReadySeconds === 0; i++) {
    const res = await admin.call('GET', '/_api/v3/search/indices');
    const { indexStatus } = (await res.json()) as { indexStatus?: string };
    if (indexStatus === 'normalized') searchReadySeconds = (performance.now() - spawned) / 1000;
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    server,
    admin,
    listeningSeconds: round(listeningSeconds),
    healthySeconds: round(healthySeconds),
    searchReadySeconds: round(searchReadySeconds),
  };
}

const startFigures = ({ listeningSeconds, healthySeconds, searchReadySeconds }: Record<string, unknown>) => ({
  listeningSeconds,
  healthySeconds,
  searchReadySeconds,
});

const round = (n: number) => Number(n.toFixed(2));

/** 70 % page reads, 15 % searches, 10 % new pages, 5 % tree children, 16 connections. */
async function mixedLoad(server: ServerProcess, admin: HttpAgent, paths: string[]) {
  const headers = await admin.authHeaders();
  const next = (i: number): LoadRequest => {
    const r = (i * 7919) % 100;
    const page = paths[(i * 104729) % paths.length] ?? '/';
    if (r < 70) return { method: 'GET', path: `/_api/v3/page?path=${encodeURIComponent(page)}`, headers };
    if (r < 85) return { method: 'GET', path: `/_api/v3/search?q=${WORDS[i % WORDS.length]}`, headers };
    if (r < 95) {
      const body = JSON.stringify({ path: `/bench-load/p-${i}`, body: `# Note ${i}\n\nA new page.` });
      return { method: 'POST', path: '/_api/v3/page', headers, body };
    }
    const parent = page.slice(0, page.lastIndexOf('/')) || '/';
    return {
      method: 'GET',
      path: `/_api/v3/page-listing/children?path=${encodeURIComponent(parent)}`,
      headers,
    };
  };
  return runLoad({
    baseUrl: server.url,
    connections: 16,
    maxRequests: Infinity,
    seconds: LOAD_SECONDS,
    okStatus: (req) => (req.method === 'POST' ? 201 : 200),
    next,
  });
}

export async function runWikiBench() {
  ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-wiki-'));
  try {
    const seedStart = performance.now();
    const paths = await seedWiki(dataDir);
    const seedSeconds = round((performance.now() - seedStart) / 1000);
    const first = await timedStart(dataDir);
    await stopServer(first.server);
    const restart = await timedStart(dataDir);
    const rssAfterStartMiB = residentMiB(restart.server.child.pid ?? 0);
    const load = await mixedLoad(restart.server, restart.admin, paths);
    const rssAfterLoadMiB = residentMiB(restart.server.child.pid ?? 0);
    await stopServer(restart.server);
    return {
      pages: PAGES,
      users: USERS + 21,
      groups: GROUPS,
      seedSeconds,
      firstStart: startFigures(first),
      restart: startFigures(restart),
      rssAfterStartMiB,
      mixedLoad: load,
      rssAfterLoadMiB,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
