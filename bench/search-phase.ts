// One phase of the search benchmark, in a process of its own so that its RSS is its own: what a
// server starting on this wiki would see. `tsx bench/search-phase.ts <phase> <dataDir>` prints one
// JSON object. Phases: build (no saved index), load (the saved index, then queries and a move),
// raw (a bare FlexSearch Index over the bodies) and fts5 (SQLite FTS5 over paths and bodies).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Index } from 'flexsearch';
import { closeDatabase, openDatabase } from '../src/server/db/client';
import { EventBus } from '../src/server/lib/events';
import { SearchService } from '../src/server/modules/search/service';
import type { AccessContext } from '../src/server/policies/page-access';
import { parseSearchQuery } from '../src/shared/search-query';
import { mib, querySets, round, rss, time, type QuerySets } from './lib/search-queries';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

async function started(dataDir: string) {
  const db = openDatabase(path.join(dataDir, 'quire.db'));
  const events = new EventBus();
  const before = rss();
  const service = new SearchService(db, events, dataDir);
  const start = performance.now();
  service.start(silent);
  await service.whenIdle();
  return {
    db,
    events,
    service,
    seconds: round((performance.now() - start) / 1000),
    rssGrowthMiB: mib(rss() - before),
  };
}

async function build(dataDir: string) {
  fs.rmSync(path.join(dataDir, 'search-index'), { recursive: true, force: true });
  const { db, service, seconds, rssGrowthMiB } = await started(dataDir);
  const sizeOnDisk = service.status().sizeOnDisk;
  await service.close();
  closeDatabase(db);
  return { buildSeconds: seconds, rssGrowthAfterBuildMiB: rssGrowthMiB, indexSizeOnDiskMiB: mib(sizeOnDisk) };
}

async function load(dataDir: string, viewerId: string) {
  const { db, events, service, seconds, rssGrowthMiB } = await started(dataDir);
  const viewer: AccessContext = { viewer: { id: viewerId, admin: false }, restrictGuestMode: 'Readonly' };
  const request = (q: string) => ({
    query: parseSearchQuery(q),
    offset: 0,
    limit: 20,
    sort: 'relevance' as const,
    order: 'desc' as const,
  });
  const queryMs = Object.fromEntries(
    Object.entries(querySets()).map(([kind, queries]) => [
      kind,
      time(queries, (q) => service.search(viewer, request(q)).meta.total),
    ]),
  );
  // A 10,000-page subtree move: one event per page, applied in batches off the request path.
  const moved = db.$client.prepare('SELECT id, path FROM pages LIMIT 10000').all() as {
    id: string;
    path: string;
  }[];
  const moveStart = performance.now();
  for (const { id, path: p } of moved)
    events.emit('page:moved', { pageId: id, path: p, oldPath: p, userId: null });
  const listenersMs = round(performance.now() - moveStart);
  await service.whenIdle();
  const indexedSeconds = round((performance.now() - moveStart) / 1000);
  await service.close();
  closeDatabase(db);
  return {
    startupWithSavedIndexSeconds: seconds,
    rssGrowthAfterLoadMiB: rssGrowthMiB,
    move10kPages: { listenersMs, indexedSeconds },
    queryMs,
  };
}

function raw(dataDir: string, sets: QuerySets) {
  const sqlite = new Database(path.join(dataDir, 'quire.db'), { readonly: true });
  const rows = sqlite
    .prepare('SELECT r.rowid AS id, r.body AS body FROM pages p JOIN revisions r ON r.id = p.revision_id')
    .iterate() as IterableIterator<{ id: number; body: string }>;
  const before = rss();
  const index = new Index({ tokenize: 'strict' });
  const start = performance.now();
  for (const { id, body } of rows) index.add(id, body);
  const buildSeconds = round((performance.now() - start) / 1000);
  sqlite.close();
  const rssGrowthMiB = mib(rss() - before);
  const run = (q: string) => index.search(q, { limit: 20 }).length;
  const { oneWord, twoWords, threeWords } = sets;
  return {
    buildSeconds,
    rssGrowthMiB,
    queryMs: {
      oneWord: time(oneWord, run),
      twoWords: time(twoWords, run),
      threeWords: time(threeWords, run),
    },
  };
}

function fts5(dataDir: string, sets: QuerySets) {
  const ftsFile = path.join(dataDir, 'fts.db');
  fs.rmSync(ftsFile, { force: true });
  const fts = new Database(ftsFile);
  fts.exec(`ATTACH DATABASE '${path.join(dataDir, 'quire.db').replace(/'/g, "''")}' AS wiki`);
  fts.exec('CREATE VIRTUAL TABLE docs USING fts5(path, body)');
  const start = performance.now();
  fts.exec(
    `INSERT INTO docs (rowid, path, body) SELECT r.rowid, p.path, r.body
     FROM wiki.pages p JOIN wiki.revisions r ON r.id = p.revision_id`,
  );
  const buildSeconds = round((performance.now() - start) / 1000);
  const top = fts.prepare('SELECT rowid FROM docs WHERE docs MATCH ? ORDER BY rank LIMIT 20');
  const count = fts.prepare('SELECT count(*) AS n FROM docs WHERE docs MATCH ?');
  const match = (q: string) =>
    q
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => `"${w.replace(/"/g, '')}"`)
      .join(' ');
  const run = (q: string) => {
    top.all(match(q));
    return (count.get(match(q)) as { n: number }).n;
  };
  const { oneWord, twoWords, threeWords, japanese } = sets;
  const result = {
    buildSeconds,
    sizeOnDiskMiB: mib(fs.statSync(ftsFile).size),
    queryMs: {
      oneWord: time(oneWord, run),
      twoWords: time(twoWords, run),
      threeWords: time(threeWords, run),
      japanese: time(japanese, run),
    },
  };
  fts.close();
  fs.rmSync(ftsFile, { force: true });
  return result;
}

async function main() {
  const [phase, dataDir = '', viewerId = ''] = process.argv.slice(2);
  const phases: Record<string, () => unknown> = {
    build: () => build(dataDir),
    load: () => load(dataDir, viewerId),
    raw: () => raw(dataDir, querySets()),
    fts5: () => fts5(dataDir, querySets()),
  };
  const run = phases[phase ?? ''];
  if (!run) throw new Error(`unknown phase ${phase}; known: ${Object.keys(phases).join(', ')}`);
  console.log(JSON.stringify(await run()));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
