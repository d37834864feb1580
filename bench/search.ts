// Full-text search at scale (issue 5 §9): 100k generated pages of ~2 KB with a Zipf vocabulary.
// Index build time, size on disk, RSS growth, start-up with the saved index, a 10k-page move, and
// query latency (p50/p99) for 1-, 2- and 3-word queries and prefix:/tag: filters, as a signed-in
// non-admin user (permission filtering on), through SearchService.search (snippets included).
// Side by side: raw FlexSearch (one strict body index, no permissions) and SQLite FTS5.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Index } from 'flexsearch';
import { closeDatabase, openDatabase } from '../src/server/db/client';
import { EventBus } from '../src/server/lib/events';
import { SearchService } from '../src/server/modules/search/service';
import type { AccessContext } from '../src/server/policies/page-access';
import { parseSearchQuery } from '../src/shared/search-query';
import { Corpus, seedCorpus } from './lib/corpus';

const PAGES = Number(process.env.BENCH_SEARCH_PAGES ?? 100_000);
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 300);
const WARMUP = 30;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { p50: round(at(0.5), 3), p99: round(at(0.99), 3), max: round(at(1), 3) };
}

function time(queries: string[], run: (q: string) => number) {
  const latencies: number[] = [];
  let hits = 0;
  queries.forEach((q, i) => {
    const start = performance.now();
    const found = run(q);
    if (i >= WARMUP) {
      latencies.push(performance.now() - start);
      hits += found;
    }
  });
  return { ...percentiles(latencies), meanTotalHits: Math.round(hits / Math.max(1, latencies.length)) };
}

/** Query texts per kind, words drawn by the corpus's own Zipf law (frequent words included). */
function querySets(corpus: Corpus) {
  const words = (n: number) => Array.from({ length: n }, () => corpus.zipfWord()).join(' ');
  const count = QUERIES + WARMUP;
  const make = (f: () => string) => Array.from({ length: count }, f);
  return {
    oneWord: make(() => words(1)),
    twoWords: make(() => words(2)),
    threeWords: make(() => words(3)),
    prefix: make(() => `${words(1)} prefix:/area-${Math.floor(corpus.rand() * 20)}`),
    tag: make(() => `${words(1)} -tag:draft`),
    japanese: make(() => corpus.cjkWords[Math.floor(corpus.rand() * corpus.cjkWords.length)] ?? ''),
  };
}

async function startService(dataDir: string, db: ReturnType<typeof openDatabase>, events: EventBus) {
  const service = new SearchService(db, events, dataDir);
  const start = performance.now();
  service.start(silent);
  await service.whenIdle();
  return { service, seconds: round((performance.now() - start) / 1000) };
}

export async function runSearchBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-search-bench-'));
  try {
    const corpus = new Corpus();
    const db = openDatabase(path.join(dataDir, 'quire.db'));
    const seedStart = performance.now();
    const wiki = seedCorpus(db.$client, corpus, PAGES);
    const seedSeconds = round((performance.now() - seedStart) / 1000);
    const events = new EventBus();

    gc();
    const rssBefore = process.memoryUsage().rss;
    let built: Awaited<ReturnType<typeof startService>> | null = await startService(dataDir, db, events);
    gc();
    const rssAfterBuild = process.memoryUsage().rss;
    const buildSeconds = built.seconds;
    const sizeOnDisk = built.service.status().sizeOnDisk;
    await built.service.close();
    built = null; // let the built index go before loading the saved one
    gc();

    const loaded = await startService(dataDir, db, events);
    const service = loaded.service;
    gc();
    const rssAfterLoad = process.memoryUsage().rss;

    const viewer: AccessContext = {
      viewer: { id: wiki.userIds[5] ?? '', admin: false },
      restrictGuestMode: 'Readonly',
    };
    const sets = querySets(corpus);
    const quire = Object.fromEntries(
      Object.entries(sets).map(([kind, queries]) => [
        kind,
        time(
          queries,
          (q) =>
            service.search(viewer, {
              query: parseSearchQuery(q),
              offset: 0,
              limit: 20,
              sort: 'relevance',
              order: 'desc',
            }).meta.total,
        ),
      ]),
    );

    // A 10,000-page subtree move: one event per page, applied in batches off the request path.
    const ids = db.$client.prepare('SELECT id, path FROM pages LIMIT 10000').all() as {
      id: string;
      path: string;
    }[];
    const moveStart = performance.now();
    for (const { id, path: p } of ids)
      events.emit('page:moved', { pageId: id, path: p, oldPath: p, userId: null });
    const listenerMs = round(performance.now() - moveStart);
    await service.whenIdle();
    const moveSeconds = round((performance.now() - moveStart) / 1000);
    await service.close();
    closeDatabase(db);

    return {
      pages: PAGES,
      seedSeconds,
      quire: {
        buildSeconds,
        startupWithSavedIndexSeconds: loaded.seconds,
        indexSizeOnDiskMiB: mib(sizeOnDisk),
        rssGrowthAfterBuildMiB: mib(rssAfterBuild - rssBefore),
        rssGrowthAfterLoadMiB: mib(rssAfterLoad - rssBefore),
        move10kPages: { listenersMs: listenerMs, indexedSeconds: moveSeconds },
        queryMs: quire,
      },
      rawFlexSearch: rawFlexSearch(path.join(dataDir, 'quire.db'), sets),
      sqliteFts5: sqliteFts5(path.join(dataDir, 'quire.db'), path.join(dataDir, 'fts.db'), sets),
      notes: [
        'queryMs: SearchService.search as a non-admin user, limit 20, snippets included; words drawn by Zipf (frequent words included)',
        'tag: no page has tags yet (issue 7), so the tag: set measures the filter pass, not tag lookups',
        'rawFlexSearch: one strict Index over bodies, top 20, no permissions, no totals, no snippets',
        'sqliteFts5: unicode61 tokenizer (CJK runs are single tokens, so Japanese words inside sentences are not found), top 20 by rank plus count(*)',
        'run with NODE_OPTIONS=--expose-gc for steadier RSS figures',
      ],
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type Sets = ReturnType<typeof querySets>;

function rawFlexSearch(dbFile: string, sets: Sets) {
  const sqlite = new Database(dbFile, { readonly: true });
  const rows = sqlite
    .prepare('SELECT r.rowid AS id, r.body AS body FROM pages p JOIN revisions r ON r.id = p.revision_id')
    .iterate() as IterableIterator<{ id: number; body: string }>;
  gc();
  const rssBefore = process.memoryUsage().rss;
  const index = new Index({ tokenize: 'strict' });
  const start = performance.now();
  for (const { id, body } of rows) index.add(id, body);
  const buildSeconds = round((performance.now() - start) / 1000);
  gc();
  const rssGrowthMiB = mib(process.memoryUsage().rss - rssBefore);
  sqlite.close();
  const run = (q: string) => index.search(q, { limit: 20 }).length;
  return {
    buildSeconds,
    rssGrowthMiB,
    queryMs: {
      oneWord: time(sets.oneWord, run),
      twoWords: time(sets.twoWords, run),
      threeWords: time(sets.threeWords, run),
    },
  };
}

function sqliteFts5(dbFile: string, ftsFile: string, sets: Sets) {
  const fts = new Database(ftsFile);
  fts.exec(`ATTACH DATABASE '${dbFile.replace(/'/g, "''")}' AS wiki`);
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
  const result = {
    buildSeconds,
    sizeOnDiskMiB: mib(fs.statSync(ftsFile).size),
    queryMs: {
      oneWord: time(sets.oneWord, run),
      twoWords: time(sets.twoWords, run),
      threeWords: time(sets.threeWords, run),
      japanese: time(sets.japanese, run),
    },
  };
  fts.close();
  return result;
}
