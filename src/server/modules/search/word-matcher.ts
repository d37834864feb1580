// Intersects the matches of several words (space is AND) in arrays indexed by document id: one
// pass over each word's postings, no maps or sets, which keeps frequent words (in most pages of a
// 100k wiki) within a few milliseconds.
import type { FieldPostings, PageIndex } from './page-index';
import { GapBucket, type PostingList } from './postings-codec';
import { tokenize } from './tokenizer';

export interface WordMatches {
  /** Documents that hold every word: the first `count` entries (a reused array). */
  docIds: Int32Array;
  count: number;
  /** Relevance by document id: per word and field, the field's weight, more in a better bucket. */
  scores: Float32Array;
}

// Reused arrays: a 100k wiki would otherwise allocate (and collect) about 1.3 MB per query.
// Queries run synchronously, so no two use them at once; the caller reads the result before the
// next query.
let marks = new Uint8Array(0);
let scores = new Float32Array(0);
let found = new Int32Array(0);

function scratch(size: number): void {
  if (marks.length >= size) return;
  const capacity = Math.max(size, Math.ceil(marks.length * 1.5));
  marks = new Uint8Array(capacity);
  scores = new Float32Array(capacity);
  found = new Int32Array(capacity);
}

/** A bucket's score: the field's weight, doubled for the best bucket, down to about 1× for the last. */
const bucketScore = (field: FieldPostings, bucket: number) =>
  field.weight * (1 + (field.resolution - bucket) / field.resolution);

/**
 * The inner loops, once per kind of bucket: a loaded bucket is an Int32Array view or its gaps (a
 * GapBucket), a bucket FlexSearch filled since is an array. One loop over all kinds would be
 * polymorphic in the element access, which costs the hottest loop of a search about 15 %.
 *
 * Their tests are arithmetic, not branches. Whether a posting's document holds the words so far is
 * a coin toss for frequent words, and a mispredicted branch per posting was most of such a query:
 * three words in most of a 100k wiki took 2.8 ms, 1.7 without the branches (issue 32).
 * `ok` is 1 when held is w or w + 1 (the word already found in another field of the document), else
 * 0: held - w is 0 or 1 exactly when its half is 0; a negative difference's half, unsigned, is huge.
 */
function scoreArray(ids: readonly number[], w: number, score: number): void {
  for (let i = 0, n = ids.length; i < n; i++) {
    const id = ids[i] as number;
    const held = marks[id] as number;
    const ok = (((held - w) >>> 1) - 1) >>> 31;
    marks[id] = held + ok * (w + 1 - held);
    scores[id] = (scores[id] as number) + ok * score;
  }
}

function scoreView(ids: Int32Array, w: number, score: number): void {
  for (let i = 0, n = ids.length; i < n; i++) {
    const id = ids[i] as number;
    const held = marks[id] as number;
    const ok = (((held - w) >>> 1) - 1) >>> 31;
    marks[id] = held + ok * (w + 1 - held);
    scores[id] = (scores[id] as number) + ok * score;
  }
}

// The first id, then each gap added: the loop ends after the id of the last gap.
function scoreGaps({ first, gaps }: GapBucket, w: number, score: number): void {
  for (let i = 0, id = first, n = gaps.length; ; id += gaps[i++] as number) {
    const held = marks[id] as number;
    const ok = (((held - w) >>> 1) - 1) >>> 31;
    marks[id] = held + ok * (w + 1 - held);
    scores[id] = (scores[id] as number) + ok * score;
    if (i === n) return;
  }
}

/** Scores one bucket of a word, by its kind. */
function scoreBucket(ids: PostingList, w: number, score: number): void {
  if (ids instanceof Int32Array) scoreView(ids, w, score);
  else if (ids instanceof GapBucket) scoreGaps(ids, w, score);
  else scoreArray(ids as readonly number[], w, score);
}

function collectArray(ids: readonly number[], all: number, count: number): number {
  for (let i = 0, n = ids.length; i < n; i++) {
    const id = ids[i] as number;
    const held = marks[id] as number;
    const hit = ((held ^ all) - 1) >>> 31;
    found[count] = id;
    count += hit;
    marks[id] = held - hit * held; // collected once, though it may be in several fields
  }
  return count;
}

function collectView(ids: Int32Array, all: number, count: number): number {
  for (let i = 0, n = ids.length; i < n; i++) {
    const id = ids[i] as number;
    const held = marks[id] as number;
    const hit = ((held ^ all) - 1) >>> 31;
    found[count] = id;
    count += hit;
    marks[id] = held - hit * held;
  }
  return count;
}

function collectGaps({ first, gaps }: GapBucket, all: number, count: number): number {
  for (let i = 0, id = first, n = gaps.length; ; id += gaps[i++] as number) {
    const held = marks[id] as number;
    const hit = ((held ^ all) - 1) >>> 31;
    found[count] = id;
    count += hit;
    marks[id] = held - hit * held;
    if (i === n) return count;
  }
}

/**
 * Collects the documents of one bucket that hold every word, by the bucket's kind. Each loop writes
 * every id and moves on only past a hit (`hit` is 1 when held === all), without a branch.
 */
function collectBucket(ids: PostingList, all: number, count: number): number {
  if (ids instanceof Int32Array) return collectView(ids, all, count);
  if (ids instanceof GapBucket) return collectGaps(ids, all, count);
  return collectArray(ids as readonly number[], all, count);
}

/** How many postings a word's fields hold: what matching it costs. */
function volumeOf(fields: FieldPostings[]): number {
  let volume = 0;
  for (const field of fields) for (const ids of field.buckets) if (ids) volume += ids.length;
  return volume;
}

/** Collecting scans every mark when the rarest word has more postings than 1/8 of the documents. */
const COLLECT_BY_SCAN = 8;

/**
 * The documents holding every word and every phrase's words. A word also matches its longer forms
 * (what is being typed, "deploy" → "deployment"); a phrase's words match whole. Null when no word
 * has a searchable token (punctuation alone constrains nothing).
 */
export function matchAllWords(index: PageIndex, words: string[], phrases: string[] = []): WordMatches | null {
  const searchable = [
    ...words.map((text) => ({ text, widen: true })),
    // A phrase's words one by one: FlexSearch's own intersection of several terms copies them all.
    ...phrases.flatMap((phrase) => phrase.split(/\s+/)).map((text) => ({ text, widen: false })),
  ]
    .filter(({ text }) => tokenize(text, true).length > 0)
    .slice(0, 255);
  if (searchable.length === 0) return null;
  const size = index.docIdLimit;
  scratch(size);
  scores.fill(0, 0, size); // a memset of 800 KB takes microseconds
  // The rarest word first: after it, a posting of a page that lacks an earlier word costs one read
  // of a byte, no writes. A frequent word (in most of a 100k wiki) or a widened one is then cheap.
  const postings = searchable
    .map((word) => index.postingsOf(word.text, word.widen))
    .map((fields) => ({ fields, volume: volumeOf(fields) }))
    .sort((a, b) => a.volume - b.volume);
  // marks[id] = how many of the words so far the document holds (Uint8: at most 255 words).
  postings.forEach(({ fields }, w) => {
    for (const field of fields) {
      field.buckets.forEach((ids, bucket) => {
        if (!ids) return;
        scoreBucket(ids, w, bucketScore(field, bucket));
      });
    }
  });
  const all = postings.length;
  const rarest = postings[0] as { fields: FieldPostings[]; volume: number };
  let count = 0;
  if (rarest.volume > size / COLLECT_BY_SCAN) {
    // Every page holding all words is among the rarest word's postings; past this many, one pass
    // over the marks is cheaper than another over the postings.
    for (let id = 1; id < size; id++) {
      found[count] = id;
      count += (((marks[id] as number) ^ all) - 1) >>> 31;
    }
  } else {
    for (const field of rarest.fields) {
      for (const ids of field.buckets) {
        if (ids) count = collectBucket(ids, all, count);
      }
    }
  }
  marks.fill(0, 0, size); // cheaper than revisiting every posting
  return { docIds: found, count, scores };
}

/** Marks the documents holding every token of one word (for exclusions) in `out`, by id. */
export function markMatches(index: PageIndex, word: string, out: Uint8Array): void {
  if (tokenize(word, true).length === 0) return;
  for (const field of index.postingsOf(word)) {
    for (const ids of field.buckets) if (ids) for (const id of ids) out[id] = 1;
  }
}

/** Every document id (for queries made only of filters), in the same reused array. */
export function everyDocument(index: PageIndex): { docIds: Int32Array; count: number } {
  const size = index.docIdLimit;
  scratch(size);
  let count = 0;
  for (let id = 1; id < size; id++) found[count++] = id;
  return { docIds: found, count };
}
