// Intersects the matches of several words (space is AND) in arrays indexed by document id: one
// pass over each word's hits, no maps or sets, which keeps frequent words (in most pages of a 100k
// wiki) within a few milliseconds.
import type { PageIndex } from './page-index';
import { tokenize } from './tokenizer';

export interface WordMatches {
  /** Documents that hold every word. */
  docIds: number[];
  /** Relevance by document id: per word, the field weights, more for an earlier rank. */
  scores: Float64Array;
}

// One reusable array of marks: a 100k wiki would otherwise allocate (and collect) 100 KB per query.
// Queries run synchronously, so no two use it at once; every user leaves it zeroed.
let marks = new Uint8Array(0);
function scratchMarks(size: number): Uint8Array {
  if (marks.length < size) marks = new Uint8Array(Math.max(size, marks.length * 2));
  return marks;
}

// Scores too: one array per query of a 100k wiki is 800 KB of garbage. Zeroed before each use
// (a memset of that size takes microseconds); the caller reads it before the next query.
let scoreScratch = new Float64Array(0);
function scratchScores(size: number): Float64Array {
  if (scoreScratch.length < size) scoreScratch = new Float64Array(Math.max(size, scoreScratch.length * 2));
  scoreScratch.fill(0, 0, size);
  return scoreScratch;
}

/** Null when no word has a searchable token (punctuation alone constrains nothing). */
export function matchAllWords(index: PageIndex, words: string[]): WordMatches | null {
  const searchable = words.filter((word) => tokenize(word, true).length > 0);
  if (searchable.length === 0) return null;
  const size = index.docIdLimit;
  const scores = scratchScores(size);
  // seen[id] = how many of the words so far the document holds (capped by Uint8: 255 words).
  const seen = scratchMarks(size);
  let last: number[][] = [];
  for (let k = 1; k <= Math.min(searchable.length, 255); k++) {
    const fields = index.matchFields(searchable[k - 1] ?? '');
    last = fields.map((f) => f.ids);
    for (const { weight, ids } of fields) {
      const n = ids.length;
      for (let rank = 0; rank < n; rank++) {
        const id = ids[rank] ?? 0;
        const held = seen[id] ?? 0;
        if (held === k - 1 || held === k) {
          seen[id] = k;
          scores[id] = (scores[id] ?? 0) + weight * (1 + (n - rank) / n);
        }
      }
    }
  }
  const all = Math.min(searchable.length, 255);
  const docIds: number[] = [];
  for (const ids of last) {
    for (const id of ids) {
      if (seen[id] === all) {
        docIds.push(id);
        seen[id] = 0; // collected once, though it may be in several fields
      }
    }
  }
  seen.fill(0, 0, size); // a memset: cheaper than revisiting every hit
  return { docIds, scores };
}

/** Marks the documents holding every token of one word (for exclusions) in `marks`, by id. */
export function markMatches(index: PageIndex, word: string, marks: Uint8Array): void {
  if (tokenize(word, true).length === 0) return;
  for (const { ids } of index.matchFields(word)) for (const id of ids) marks[id] = 1;
}
