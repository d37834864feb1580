// The search benchmark's query sets and timing, shared by its phases (each in its own process).
// Query words are drawn by the corpus's own Zipf law (frequent words included) from a fresh corpus
// with the seeding's seed: every phase gets the same queries over the same vocabulary.
import { Corpus, TAGS } from './corpus';

export const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 300);
const WARMUP = 30;

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
export const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

/** A full collection, twice (the second sweeps what the first's finalizers freed); needs --expose-gc. */
export function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
}

export function rss(): number {
  gc();
  return process.memoryUsage().rss;
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { p50: round(at(0.5), 3), p99: round(at(0.99), 3), max: round(at(1), 3) };
}

/** Latency of each query after a warm-up, and the mean number of hits it reported. */
export function time(queries: string[], run: (q: string) => number) {
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

export type QuerySets = ReturnType<typeof querySets>;

export function querySets() {
  const corpus = new Corpus();
  const words = (n: number) => Array.from({ length: n }, () => corpus.zipfWord()).join(' ');
  const make = (f: () => string) => Array.from({ length: QUERIES + WARMUP }, f);
  return {
    oneWord: make(() => words(1)),
    twoWords: make(() => words(2)),
    threeWords: make(() => words(3)),
    prefix: make(() => `${words(1)} prefix:/area-${Math.floor(corpus.rand() * 20)}`),
    tag: make(() => {
      const tag = TAGS[Math.floor(corpus.rand() * TAGS.length)] ?? '';
      return corpus.rand() < 0.5 ? `${words(1)} tag:${tag}` : `${words(1)} -tag:${tag}`;
    }),
    japanese: make(() => corpus.cjkWords[Math.floor(corpus.rand() * corpus.cjkWords.length)] ?? ''),
    // Search as you type: a word being typed (3 letters or more, cut short), alone or after a whole one.
    asYouType: make(() => {
      const word = corpus.zipfWord();
      const typed = word.slice(0, 3 + Math.floor(corpus.rand() * (word.length - 2)));
      return corpus.rand() < 0.5 ? typed : `${words(1)} ${typed}`;
    }),
    phrase: make(() => `"${words(2)}"`),
  };
}
