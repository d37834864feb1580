// A field's term map as loaded from its chunk, in FlexSearch's place of its own Map. At 100k pages
// a Map held 168k terms as a string, an entry, a bucket array and a small array or view per bucket:
// 46 MiB of JavaScript objects, which every full collection marks. Here the terms stay in the
// chunk's bytes behind one open-addressing table of term numbers, and a term's buckets are made as
// views into the chunk when asked for (its gaps decoded for FlexSearch; a search reads them as
// they are, see lookup). FlexSearch calls get and set (and clear). What it adds to a term while a
// page is added (`adding`) goes to the term's tail: buckets of its own, in a small Map, holding
// only the new ids. A loaded bucket is never copied (the copies of frequent words' buckets, 8
// bytes an id, were 10 MiB a minute into a load of saves); a save writes each term whole again.
import {
  blockLength,
  bucketsAt,
  PostingsWriter,
  type Bucket,
  type Buckets,
  type PostingList,
  type PostingsChunk,
} from './postings-codec';

/** What Quire and FlexSearch use of a term map: a Map FlexSearch built, or a loaded one. */
export interface TermMap {
  get(term: string): Buckets | undefined;
  set(term: string, buckets: Buckets): unknown;
  clear(): void;
  readonly size: number;
  keys(): IterableIterator<string>;
  entries(): IterableIterator<[string, Buckets]>;
  [Symbol.iterator](): IterableIterator<[string, Buckets]>;
}

/** One run of a term's buckets, by rank; a term may have a loaded part and a tail. */
export type BucketsPart = readonly (PostingList | undefined)[];

/** A term's buckets for a search to read, in parts (gaps as they lie in a loaded map; see lookup). */
export function lookupIn(map: TermMap, term: string): BucketsPart[] {
  if (map instanceof LoadedTermMap) return map.lookup(term);
  const buckets = map.get(term);
  return buckets ? [buckets] : [];
}

/** A loaded term's buckets with its tail's ids after them, rank by rank. */
function joined(loaded: Buckets, tail: Buckets): Buckets {
  const out: Buckets = [];
  for (let b = 0; b < Math.max(loaded.length, tail.length); b++) {
    const first = loaded[b];
    const more = tail[b];
    if (first || more) out[b] = [...(first ?? []), ...(more ?? [])] as Bucket;
  }
  return out;
}

/** FNV-1a over the bytes: terms are short, and the table needs no strings to be made. */
function hashOf(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}

/** Reused for a looked-up term's bytes (the tokenizer's terms are at most 48 characters). */
const scratch = Buffer.alloc(1024);

export class LoadedTermMap implements TermMap {
  /** What FlexSearch added since the load: a loaded term's new ids, or a new term whole. */
  private readonly tails = new Map<string, Buckets>();
  /** Tails of terms the chunk does not hold. */
  private newTerms = 0;
  /** FlexSearch cleared the map: the chunk's terms are gone. */
  private cleared = false;
  /** Open addressing: term number + 1 at the slot its hash probes to, 0 for none. */
  private readonly slots: Int32Array;

  /** `adding` says whether FlexSearch is adding a page (its lookups then answer the tails). */
  constructor(
    private readonly chunk: PostingsChunk,
    private readonly adding: () => boolean,
  ) {
    const count = chunk.termEnds.length;
    let capacity = 16;
    while (capacity < count * 2) capacity *= 2;
    this.slots = new Int32Array(capacity);
    const mask = capacity - 1;
    for (let t = 0; t < count; t++) {
      let slot = hashOf(chunk.termBytes, this.startOf(t), chunk.termEnds[t] as number) & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = t + 1;
    }
  }

  /** Terms with ids added since the load, held as JavaScript arrays until the next save. */
  get tailCount(): number {
    return this.tails.size;
  }

  get size(): number {
    return (this.cleared ? 0 : this.chunk.termEnds.length) + this.newTerms;
  }

  /**
   * FlexSearch's lookup. While it adds a page: the term's tail, where its pushes land (none yet:
   * FlexSearch then sets one). Otherwise (its own search of several terms) the whole term.
   */
  get(term: string): Buckets | undefined {
    const tail = this.tails.get(term);
    if (this.adding()) return tail;
    const t = this.find(term);
    if (t < 0) return tail;
    const loaded = this.bucketsOf(t);
    return tail ? joined(loaded, tail) : loaded;
  }

  /** A term's parts for a search to read, not FlexSearch: gaps stay gaps (GapBucket), nothing is decoded. */
  lookup(term: string): BucketsPart[] {
    const t = this.find(term);
    const tail = this.tails.get(term);
    const parts: BucketsPart[] = [];
    if (t >= 0) parts.push(bucketsAt(this.chunk.blocks, this.chunk.blockAt[t] as number, false));
    if (tail) parts.push(tail);
    return parts;
  }

  /** FlexSearch makes a term's first bucket array here: it becomes the term's tail. */
  set(term: string, buckets: Buckets): this {
    if (!this.tails.has(term) && this.find(term) < 0) this.newTerms++;
    this.tails.set(term, buckets);
    return this;
  }

  clear(): void {
    this.cleared = true;
    this.tails.clear();
    this.newTerms = 0;
  }

  *keys(): IterableIterator<string> {
    if (!this.cleared) for (let t = 0; t < this.chunk.termEnds.length; t++) yield this.termOf(t);
    for (const term of this.tails.keys()) if (this.find(term) < 0) yield term;
  }

  *entries(): IterableIterator<[string, Buckets]> {
    if (!this.cleared) {
      for (let t = 0; t < this.chunk.termEnds.length; t++) {
        const term = this.termOf(t);
        const tail = this.tails.get(term);
        yield [term, tail ? joined(this.bucketsOf(t), tail) : this.bucketsOf(t)];
      }
    }
    for (const [term, tail] of this.tails) if (this.find(term) < 0) yield [term, tail];
  }

  [Symbol.iterator](): IterableIterator<[string, Buckets]> {
    return this.entries();
  }

  /** The map as a chunk again: loaded terms copied a run at a time, terms with tails written whole. */
  encode(): Buffer {
    const { chunk } = this;
    const count = this.cleared ? 0 : chunk.termEnds.length;
    const rewritten = new Uint8Array(count);
    const written: [string, Buckets][] = [];
    let termBytes = this.cleared ? 0 : chunk.termBytes.length;
    let blockInts = this.cleared ? 0 : chunk.blocks.length;
    for (const [term, tail] of this.tails) {
      const t = this.find(term);
      let buckets = tail;
      if (t >= 0) {
        rewritten[t] = 1;
        buckets = joined(this.bucketsOf(t), tail);
        termBytes -= (chunk.termEnds[t] as number) - this.startOf(t);
        blockInts -= this.blockEndOf(t) - (chunk.blockAt[t] as number);
      }
      termBytes += Buffer.byteLength(term, 'utf8');
      blockInts += blockLength(buckets);
      written.push([term, buckets]);
    }
    const writer = new PostingsWriter(this.size, termBytes, blockInts);
    let runFrom = 0;
    for (let t = 0; t <= count; t++) {
      if (t < count && !rewritten[t]) continue;
      writer.copy(chunk, runFrom, t);
      runFrom = t + 1;
    }
    for (const [term, buckets] of written) writer.add(term, buckets);
    return writer.out;
  }

  private find(term: string): number {
    const length = term.length * 3 <= scratch.length ? scratch.write(term, 0, 'utf8') : -1;
    const bytes = length < 0 ? Buffer.from(term, 'utf8') : scratch;
    const end = length < 0 ? bytes.length : length;
    const { termBytes, termEnds } = this.chunk;
    const mask = this.slots.length - 1;
    for (let slot = hashOf(bytes, 0, end) & mask; ; slot = (slot + 1) & mask) {
      const t = (this.slots[slot] as number) - 1;
      if (t < 0 || this.cleared) return -1;
      const start = this.startOf(t);
      if ((termEnds[t] as number) - start !== end) continue;
      let same = true;
      for (let i = 0; i < end && same; i++) same = termBytes[start + i] === bytes[i];
      if (same) return t;
    }
  }

  private startOf(t: number): number {
    return t === 0 ? 0 : (this.chunk.termEnds[t - 1] as number);
  }

  private blockEndOf(t: number): number {
    const { blockAt, blocks } = this.chunk;
    return t + 1 < blockAt.length ? (blockAt[t + 1] as number) : blocks.length;
  }

  private termOf(t: number): string {
    return this.chunk.termBytes.toString('utf8', this.startOf(t), this.chunk.termEnds[t]);
  }

  /** The term's buckets as FlexSearch needs them: views into the chunk, gaps decoded. */
  private bucketsOf(t: number): Buckets {
    return bucketsAt(this.chunk.blocks, this.chunk.blockAt[t] as number, true) as Buckets;
  }
}
