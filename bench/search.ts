// Full-text search at scale (issue 5 §9): 100k generated pages of ~2 KB with a Zipf vocabulary.
// Index build time, size on disk, RSS growth, start-up with the saved index, a 10k-page move, and
// query latency (p50/p99) for 1-, 2- and 3-word queries and prefix:/tag: filters, as a signed-in
// non-admin user (permission filtering on), through SearchService.search (snippets included).
// Side by side: raw FlexSearch (one strict body index, no permissions) and SQLite FTS5.
// Each phase runs in a fresh process (bench/search-phase.ts), as a restarted server would.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeDatabase, openDatabase } from '../src/server/db/client';
import { Corpus, seedCorpus } from './lib/corpus';
import { round } from './lib/search-queries';

const PAGES = Number(process.env.BENCH_SEARCH_PAGES ?? 100_000);

function phase(name: string, ...args: string[]): Record<string, unknown> {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, 'search-phase.ts'), name, ...args],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * 2 ** 20 },
  );
  return JSON.parse(out) as Record<string, unknown>;
}

export async function runSearchBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-search-bench-'));
  try {
    const db = openDatabase(path.join(dataDir, 'quire.db'));
    const seedStart = performance.now();
    const wiki = seedCorpus(db.$client, new Corpus(), PAGES);
    const seedSeconds = round((performance.now() - seedStart) / 1000);
    closeDatabase(db);
    const built = phase('build', dataDir);
    const loaded = phase('load', dataDir, wiki.userIds[5] ?? '');
    return {
      pages: PAGES,
      seedSeconds,
      quire: { ...built, ...loaded },
      rawFlexSearch: phase('raw', dataDir),
      sqliteFts5: phase('fts5', dataDir),
      notes: [
        'each phase runs in a fresh Node process with --expose-gc; RSS growth is measured from before the index exists to after it is built or loaded, after a full collection',
        'build: 100k pages exceed QUIRE_SEARCH_WORKER_MIN_PAGES, so the index is built in a worker thread, saved, and loaded by the server thread',
        'queryMs: SearchService.search as a non-admin user, limit 20, snippets included; words drawn by Zipf (frequent words included); a third of the pages are tagged',
        'rawFlexSearch: one strict Index over bodies, top 20, no permissions, no totals, no snippets',
        'sqliteFts5: unicode61 tokenizer (CJK runs are single tokens, so Japanese words inside sentences are not found), top 20 by rank plus count(*)',
      ],
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
