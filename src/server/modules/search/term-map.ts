// A field's term map as loaded from its chunk, in FlexSearch's place of its own Map. At 100k pages
// a Map held 168k terms as a string, an entry, a bucket array and a small array or view per bucket:
// 46 MiB of JavaScript objects, which every full collection marks. Here the terms stay in the
// chunk's bytes behind one open-addressing table of term numbers, and a term's buckets are made as
// views into the chunk when asked for (its gaps decoded for FlexSearch; a search reads them as
// they are, see lookup). FlexSearch calls get and set (and clear): when a page is
// being added (`adding`), a term it asks for moves into a small Map of its own (`changed`), where
// FlexSearch's pushes land, and shadows the loaded one; a search's lookups leave nothing behind.
import {
  blockLength,
  bucketsAt,
  PostingsWriter,
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

/** A term's buckets for a search to read (gaps as they lie in a loaded map; see lookup). */
export function lookupIn(map: TermMap, term: string): readonly (PostingList | undefined)[] | undefined {
  return map instanceof LoadedTermMap ? map.lookup(term) : map.get(term);
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
  /** Terms FlexSearch changed or added since the load; a loaded term here is shadowed. */
  private readonly changed = new Map<string, Buckets>();
  private readonly shadowed: Uint8Array;
  private shadowedCount = 0;
  /** Open addressing: term number + 1 at the slot its hash probes to, 0 for none. */
  private readonly slots: Int32Array;

  /** `adding` says whether FlexSearch is adding a page (its lookups then move terms to `changed`). */
  constructor(
    private readonly chunk: PostingsChunk,
    private readonly adding: () => boolean,
  ) {
    const count = chunk.termEnds.length;
    this.shadowed = new Uint8Array(count);
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

  /** Terms held as JavaScript objects (changed since the load): the next save folds them in. */
  get changedCount(): number {
    return this.changed.size;
  }

  get size(): number {
    return this.chunk.termEnds.length - this.shadowedCount + this.changed.size;
  }

  get(term: string): Buckets | undefined {
    const changed = this.changed.get(term);
    if (changed) return changed;
    const t = this.find(term);
    if (t < 0) return undefined;
    const buckets = this.bucketsOf(t);
    if (this.adding()) {
      this.shadow(t);
      this.changed.set(term, buckets);
    }
    return buckets;
  }

  /**
   * A term's buckets for a search to read, not FlexSearch: gaps stay gaps (GapBucket), nothing is
   * decoded or moved.
   */
  lookup(term: string): readonly (PostingList | undefined)[] | undefined {
    const changed = this.changed.get(term);
    if (changed) return changed;
    const t = this.find(term);
    return t < 0 ? undefined : bucketsAt(this.chunk.blocks, this.chunk.blockAt[t] as number, false);
  }

  set(term: string, buckets: Buckets): this {
    const t = this.changed.has(term) ? -1 : this.find(term);
    if (t >= 0) this.shadow(t);
    this.changed.set(term, buckets);
    return this;
  }

  clear(): void {
    this.shadowed.fill(1);
    this.shadowedCount = this.shadowed.length;
    this.changed.clear();
  }

  *keys(): IterableIterator<string> {
    for (let t = 0; t < this.shadowed.length; t++) if (!this.shadowed[t]) yield this.termOf(t);
    yield* this.changed.keys();
  }

  *entries(): IterableIterator<[string, Buckets]> {
    for (let t = 0; t < this.shadowed.length; t++) {
      if (!this.shadowed[t]) yield [this.termOf(t), this.bucketsOf(t)];
    }
    yield* this.changed.entries();
  }

  [Symbol.iterator](): IterableIterator<[string, Buckets]> {
    return this.entries();
  }

  /** The map as a chunk again: loaded terms copied a run at a time, changed ones written anew. */
  encode(): Buffer {
    const { chunk, shadowed } = this;
    let termBytes = chunk.termBytes.length;
    let blockInts = chunk.blocks.length;
    for (let t = 0; t < shadowed.length; t++) {
      if (!shadowed[t]) continue;
      termBytes -= (chunk.termEnds[t] as number) - this.startOf(t);
      blockInts -= this.blockEndOf(t) - (chunk.blockAt[t] as number);
    }
    for (const [term, buckets] of this.changed) {
      termBytes += Buffer.byteLength(term, 'utf8');
      blockInts += blockLength(buckets);
    }
    const writer = new PostingsWriter(this.size, termBytes, blockInts);
    let runFrom = 0;
    for (let t = 0; t <= shadowed.length; t++) {
      if (t < shadowed.length && !shadowed[t]) continue;
      writer.copy(chunk, runFrom, t);
      runFrom = t + 1;
    }
    for (const [term, buckets] of this.changed) writer.add(term, buckets);
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
      if (t < 0) return -1;
      if (this.shadowed[t]) continue;
      const start = this.startOf(t);
      if ((termEnds[t] as number) - start !== end) continue;
      let same = true;
      for (let i = 0; i < end && same; i++) same = termBytes[start + i] === bytes[i];
      if (same) return t;
    }
  }

  private shadow(t: number): void {
    if (this.shadowed[t]) return;
    this.shadowed[t] = 1;
    this.shadowedCount++;
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
