// Picks one page of results in order without sorting every hit: a bounded, sorted list of the
// best `k` document ids, which most hits of a frequent word never enter.
import type { SearchOrder, SearchSort } from './query-engine';

export interface RankKeys {
  scores: Float32Array | null;
  updatedAt: Float64Array;
}

/**
 * Whether the best hits are likely the latest documents: every order but oldest first. A page's
 * document id grows with each save, so scanning hits from the last id fills a TopK with the newest
 * early and turns most later ties away at once. The phrase ranking scans so, as each hit entering
 * costs a filter test there (from the first id, most ties of a frequent pair's score entered).
 */
export const newestFirst = (by: SearchSort, order: SearchOrder) => !(by === 'updatedAt' && order === 'asc');

/**
 * Negative when document a comes before b. Relevance ties go to the newer page; exact ties to the
 * document scanned first (newestFirst), so the order never depends on the scan.
 */
export function docComparator(
  keys: RankKeys,
  by: SearchSort,
  order: SearchOrder,
): (a: number, b: number) => number {
  const direction = order === 'asc' ? 1 : -1;
  const { scores, updatedAt } = keys;
  const idOrder = newestFirst(by, order) ? -1 : 1;
  const newer = (a: number, b: number) => (updatedAt[b] ?? 0) - (updatedAt[a] ?? 0) || idOrder * (a - b);
  if (by === 'relevance' && scores) {
    return (a, b) => direction * ((scores[a] ?? 0) - (scores[b] ?? 0)) || newer(a, b);
  }
  return (a, b) => direction * ((updatedAt[a] ?? 0) - (updatedAt[b] ?? 0)) || idOrder * (a - b);
}

export class TopK {
  readonly ids: number[] = [];

  constructor(
    private readonly k: number,
    private readonly compare: (a: number, b: number) => number,
  ) {}

  /** Whether offer would keep the document now (a check before a costly test of it). */
  accepts(docId: number): boolean {
    const { ids, k } = this;
    if (k === 0) return false;
    const worst = ids[ids.length - 1];
    return ids.length < k || worst === undefined || this.compare(docId, worst) < 0;
  }

  offer(docId: number): void {
    const { ids, k, compare } = this;
    if (!this.accepts(docId)) return;
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(ids[mid] ?? 0, docId) <= 0) lo = mid + 1;
      else hi = mid;
    }
    ids.splice(lo, 0, docId);
    if (ids.length > k) ids.pop();
  }
}
