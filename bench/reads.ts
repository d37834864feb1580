// Issue 32 §1: every hot GET a team's browsers send, beside a bare Fastify + SQLite server
// answering the same rows (bare-server.ts), in one run: guests and a signed-in reader take turns
// with the bare server, so a machine that drifts weighs on all three alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { HttpAgent, spawnServer } from '../test/helpers/process';
import { newId } from '../src/server/lib/ids';
import { runGets, type LoadResult } from './lib/load';
import { BENCH_ADMIN, seed } from './lib/seed';
import { searchIndexReady, stopServer } from './lib/bench-server';

const PAGES = Number(process.env.BENCH_PAGES ?? 10_000);
const SECONDS = Number(process.env.BENCH_READS_SECONDS ?? 3);
const ROUNDS = 3;
const CONNECTIONS = 16;
/** The pages a team is looking at: each with comments, attachments, likes and bookmarks. */
const HOT_PAGES = 200;
const TAGS = 200;
/** BENCH_READS=treeChildren,tags: only those (a profile of one route). */
const ONLY = process.env.BENCH_READS?.split(',').filter(Boolean);

interface HotRead {
  name: string;
  quire: (i: number) => string;
  bare: (i: number) => string;
  /** Not asked by guests (the notification badge is a signed-in user's). */
  signedInOnly?: boolean;
  /** Ratio target against the bare server (issue 32: 75 %, search 40 %). */
  target: number;
}

/** Comments, tags, attachments, likes, bookmarks and notifications on the hot pages. */
function seedSocial(dbFile: string, hotPaths: string[]): { pageIds: string[]; adminId: string } {
  const db = new Database(dbFile);
  const adminId = (
    db.prepare('SELECT id FROM users WHERE username = ?').get(BENCH_ADMIN.username) as { id: string }
  ).id;
  const idOf = db.prepare('SELECT id FROM pages WHERE path = ?').pluck();
  const pageIds = hotPaths.map((p) => idOf.get(p) as string);
  const allIds = db.prepare('SELECT id FROM pages WHERE path <> ?').pluck().all('/') as string[];
  const now = Date.now();
  db.transaction(() => {
    const tagIds = Array.from({ length: TAGS }, (_, t) => {
      const id = newId();
      db.prepare('INSERT INTO tags (id, name, name_key) VALUES (?, ?, ?)').run(id, `Topic${t}`, `topic${t}`);
      return id;
    });
    const tag = db.prepare('INSERT OR IGNORE INTO page_tags (page_id, tag_id) VALUES (?, ?)');
    allIds.forEach((id, i) => {
      tag.run(id, tagIds[i % TAGS]);
      tag.run(id, tagIds[(i * 7) % TAGS]);
    });
    const comment = db.prepare(
      'INSERT INTO comments (id, page_id, creator_id, comment, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const attachment = db.prepare(
      `INSERT INTO attachments (id, page_id, creator_id, original_name, file_format, file_size, kind, created_at)
       VALUES (?, ?, ?, ?, 'image/png', 20480, 'page', ?)`,
    );
    const pair = (table: string) =>
      db.prepare(`INSERT INTO ${table} (page_id, user_id, created_at) VALUES (?, ?, ?)`);
    const [like, bookmark, seen] = ['likes', 'bookmarks', 'page_seen_users'].map(pair);
    const notify = db.prepare(
      `INSERT INTO in_app_notifications (id, user_id, target_page_id, action, action_user_ids, status, snapshot, created_at)
       VALUES (?, ?, ?, 'PAGE_UPDATE', ?, ?, ?, ?)`,
    );
    pageIds.forEach((id, i) => {
      for (let c = 0; c < 5; c++)
        comment.run(newId(), id, adminId, `Comment ${c} on page ${i}`, now + c, now + c);
      for (let a = 0; a < 3; a++) attachment.run(newId(), id, adminId, `shot-${a}.png`, now + a);
      seen!.run(id, adminId, now);
      if (i % 2 === 0) like!.run(id, adminId, now);
      if (i % 3 === 0) bookmark!.run(id, adminId, now);
      if (i < 40) {
        const snapshot = JSON.stringify({ path: hotPaths[i], creator: adminId });
        notify.run(
          newId(),
          adminId,
          id,
          JSON.stringify([adminId]),
          i < 10 ? 'UNOPENED' : 'OPENED',
          snapshot,
          now + i,
        );
      }
    });
  })();
  db.close();
  return { pageIds, adminId };
}

const sum = (rounds: LoadResult[]) => {
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  const seconds = rounds.reduce((n, r) => n + r.seconds, 0);
  const p99 = Math.max(...rounds.map((r) => r.p99Ms));
  return {
    perSecond: Math.round(requests / seconds),
    p99Ms: p99,
    errors: rounds.reduce((n, r) => n + r.errors, 0),
  };
};

export async function runReadsBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-'));
  const paths = await seed(dataDir, PAGES);
  const hotPaths = paths.slice(0, HOT_PAGES);
  const { pageIds, adminId } = seedSocial(path.join(dataDir, 'quire.db'), hotPaths);
  const hotId = (i: number) => pageIds[(i * 31) % pageIds.length]!;
  const hotPath = (i: number) => encodeURIComponent(hotPaths[(i * 31) % hotPaths.length]!);
  const section = (i: number) => encodeURIComponent(`/bench/section-${i % 100}`);
  const words = ['topic', 'line about', 'realistic words', 'page 1', 'some'];

  const quire = await spawnServer(['--data-dir', dataDir, '--port', '0'], { QUIRE_LOG_LEVEL: 'error' });
  const admin = new HttpAgent(quire.url);
  await admin.call('POST', '/_api/v3/login', BENCH_ADMIN);
  const cookie = (await admin.authHeaders()).cookie ?? '';
  await searchIndexReady(admin);
  const bare = await spawnServer([path.join(dataDir, 'quire.db'), '0'], {}, 'bench/bare-server.ts');

  const reads: HotRead[] = [
    {
      name: 'page',
      quire: (i) => `/_api/v3/page?path=${hotPath(i)}`,
      bare: (i) => `/page?path=${hotPath(i)}`,
      target: 0.75,
    },
    {
      name: 'treeChildren',
      quire: (i) => `/_api/v3/page-listing/children?path=${section(i)}`,
      bare: (i) => `/children?path=${section(i)}`,
      target: 0.75,
    },
    {
      name: 'treeItem',
      quire: (i) => `/_api/v3/page-listing/item?id=${hotId(i)}`,
      bare: (i) => `/item?id=${hotId(i)}`,
      target: 0.75,
    },
    {
      name: 'pageInfo',
      quire: (i) => `/_api/v3/page/info?pageId=${hotId(i)}`,
      bare: (i) => `/info?id=${hotId(i)}`,
      target: 0.75,
    },
    {
      name: 'recentChanges',
      quire: () => '/_api/v3/pages/recent?limit=20',
      bare: () => '/recent',
      target: 0.75,
    },
    {
      name: 'comments',
      quire: (i) => `/_api/comments.get?page_id=${hotId(i)}`,
      bare: (i) => `/comments?id=${hotId(i)}`,
      target: 0.75,
    },
    {
      name: 'attachmentList',
      quire: (i) => `/_api/v3/attachment/list?pageId=${hotId(i)}`,
      bare: (i) => `/attachments?id=${hotId(i)}`,
      target: 0.75,
    },
    { name: 'tags', quire: () => '/_api/tags.list?limit=500&offset=0', bare: () => '/tags', target: 0.75 },
    {
      name: 'bookmarkInfo',
      quire: (i) => `/_api/v3/bookmarks/info?pageId=${hotId(i)}`,
      bare: (i) => `/bookmarks?id=${hotId(i)}`,
      target: 0.75,
    },
    {
      name: 'notificationStatus',
      quire: () => '/_api/v3/in-app-notification/status',
      bare: () => `/status?user=${adminId}`,
      signedInOnly: true,
      target: 0.75,
    },
    {
      // As you type: the search box's preview (8 hits), beside SQLite's FTS5 doing the same.
      name: 'searchAsYouType',
      quire: (i) =>
        `/_api/v3/search?q=${encodeURIComponent(words[i % words.length]!)}&offset=0&limit=8&sort=relevance&order=desc`,
      bare: (i) => `/search?q=${encodeURIComponent(words[i % words.length]!)}`,
      target: 0.4,
    },
  ];

  const load = (
    baseUrl: string,
    pathOf: (i: number) => string,
    headers: Record<string, string>,
    seconds: number,
  ) => runGets({ baseUrl, connections: CONNECTIONS, seconds, headers, pathOf });
  const results: Record<string, unknown> = {};
  for (const read of reads) {
    if (ONLY && !ONLY.includes(read.name)) continue;
    await load(quire.url, read.quire, { cookie }, 1);
    await load(bare.url, read.bare, {}, 1);
    const rounds = { guest: [] as LoadResult[], signedIn: [] as LoadResult[], bare: [] as LoadResult[] };
    for (let round = 0; round < ROUNDS; round++) {
      if (!read.signedInOnly) rounds.guest.push(await load(quire.url, read.quire, {}, SECONDS / ROUNDS));
      rounds.signedIn.push(await load(quire.url, read.quire, { cookie }, SECONDS / ROUNDS));
      rounds.bare.push(await load(bare.url, read.bare, {}, SECONDS / ROUNDS));
    }
    const baseline = sum(rounds.bare);
    const signedIn = sum(rounds.signedIn);
    const guest = read.signedInOnly ? null : sum(rounds.guest);
    results[read.name] = {
      guest,
      signedIn,
      bare: baseline,
      guestVsBare: guest ? Number((guest.perSecond / baseline.perSecond).toFixed(2)) : null,
      signedInVsBare: Number((signedIn.perSecond / baseline.perSecond).toFixed(2)),
      target: read.target,
    };
  }
  await stopServer(bare);
  await stopServer(quire);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    seededPages: PAGES,
    hotPages: HOT_PAGES,
    connections: CONNECTIONS,
    notes: [
      'each hot GET: a warm-up of both servers, then guest, signed-in and bare loads take turns (3 rounds); the bare server answers the same rows with plain SQLite statements and searches with FTS5 (bench/bare-server.ts)',
    ],
    ...results,
  };
}
