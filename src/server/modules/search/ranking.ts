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
 * An order of documents. `compare` is negative when document a comes before b. Relevance ties go
 * to the newer page; exact ties to the document scanned first (newestFirst), so the order never
 * depends on the scan. `lead` is the key `compare` reads first: a document whose `sign * lead` is
 * smaller than another's comes after it, whatever else they hold.
 */
export interface DocOrder {
  compare: (a: number, b: number) => number;
  lead: Float32Array | Float64Array;
  sign: number;
}

export function docOrder(keys: RankKeys, by: SearchSort, order: SearchOrder): DocOrder {
  const direction = order === 'asc' ? 1 : -1;
  const { scores, updatedAt } = keys;
  const idOrder = newestFirst(by, order) ? -1 : 1;
  const newer = (a: number, b: number) => (updatedAt[b] ?? 0) - (updatedAt[a] ?? 0) || idOrder * (a - b);
  if (by === 'relevance' && scores) {
    const compare = (a: number, b: number) =>
      direction * ((scores[a] ?? 0) - (scores[b] ?? 0)) || newer(a, b);
    return { compare, lead: scores, sign: -direction };
  }
  const compare = (a: number, b: number) =>
    direction * ((updatedAt[a] ?? 0) - (updatedAt[b] ?? 0)) || idOrder * (a - b);
  return { compare, lead: updatedAt, sign: -direction };
}

/**
 * The best `k` documents offered, in order. Most hits of a frequent word are turned away by their
 * lead key alone, one read and no call of `compare`: a 100k-hit query offers every hit.
 */
export class TopK {
  readonly ids: number[] = [];
  /** Once full: the worst kept document's `sign * lead`; a document below it cannot enter. */
  private bar = -Infinity;

  constructor(
    private readonly k: number,
    private readonly order: DocOrder,
  ) {}

  /** Whether offer would keep the document now (a check before a costly test of it). */
  accepts(docId: number): boolean {
    const { ids, k, order } = this;
    if (ids.length < k) return true;
    if (k === 0 || order.sign * (order.lead[docId] as number) < this.bar) return false;
    return order.compare(docId, ids[k - 1] as number) < 0;
  }

  offer(docId: number): void {
    if (!this.accepts(docId)) return;
    const { ids, k, order } = this;
    const { compare } = order;
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(ids[mid] as number, docId) <= 0) lo = mid + 1;
      else hi = mid;
    }
    ids.splice(lo, 0, docId);
    if (ids.length > k) ids.pop();
    if (ids.length === k) this.bar = order.sign * (order.lead[ids[k - 1] as number] as number);
  }
}
