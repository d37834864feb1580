// Exact postings for the adjacent pairs of the wiki's most frequent words. A phrase of two frequent
// words ("of the", or "release notes" in a release wiki) has most of the wiki as candidates, and
// testing each page's phrase filter is a cache miss (~100 ns) per page: 9 ms at 100k pages. With
// these lists such a phrase marks its pages from one list instead; a pair with a rarer word has
// few candidates, and the filters stay quick for it.
//
// Which words: the FREQUENT_WORDS with the most documents once the index holds ACTIVATE_AT pages
// (frequent words settle early). Pages added before that have no entries: `start` says from which
// document id the lists are complete, and the filters answer for the ones before. A rebuild
// chooses again. Each list is its document ids as growing deltas, one to five bytes each (varint).

/** How many frequent words: 512² pairs at most (2 MB of tables), and a rarer word is on ~3 % of pages. */
export const FREQUENT_WORDS = 512;
/** The lists start once the index holds this many pages; a smaller wiki does not need them. */
export const ACTIVATE_AT = 2_000;

/** The FREQUENT_WORDS terms on the most documents of a term map (dead ones too: rough is enough). */
export function mostFrequent(
  map: Iterable<[string, readonly (ArrayLike<number> | undefined)[]]> | undefined,
): string[] {
  const counted: [string, number][] = [];
  for (const [term, buckets] of map ?? []) {
    let documents = 0;
    for (const ids of buckets) documents += ids?.length ?? 0;
    counted.push([term, documents]);
  }
  counted.sort((a, b) => b[1] - a[1]);
  return counted.slice(0, FREQUENT_WORDS).map(([term]) => term);
}

/** Document ids as growing deltas, one to five bytes each; the first delta is from `base`. */
class VarintList {
  bytes = new Uint8Array(8);
  length = 0;

  constructor(
    readonly base: number,
    public last = base,
  ) {}

  append(docId: number): void {
    if (docId <= this.last) return; // a pair twice in a page: once
    let delta = docId - this.last;
    this.last = docId;
    if (this.length + 5 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    while (delta >= 0x80) {
      this.bytes[this.length++] = (delta & 0x7f) | 0x80;
      delta >>>= 7;
    }
    this.bytes[this.length++] = delta;
  }
}

/** Calls `each` with every document id of varint deltas from `base`, in order. */
function decodeDeltas(
  bytes: Uint8Array,
  from: number,
  to: number,
  base: number,
  each: (docId: number) => void,
): void {
  let id = base;
  let delta = 0;
  let shift = 0;
  for (let i = from; i < to; i++) {
    const byte = bytes[i] as number;
    delta |= (byte & 0x7f) << shift;
    if (byte & 0x80) shift += 7;
    else {
      id += delta;
      each(id);
      delta = 0;
      shift = 0;
    }
  }
}

const KEYS = FREQUENT_WORDS * FREQUENT_WORDS;

/**
 * The lists as loaded: one buffer, and per key (direct index, no map) where its bytes start and the
 * last id in them. 60k small typed arrays would cost more in object headers than their bytes.
 */
interface LoadedLists {
  bytes: Uint8Array;
  offsets: Int32Array; // KEYS + 1
  lasts: Int32Array; // KEYS
}

export class PairPostings {
  /** The first document id whose pairs are all listed; Infinity until the lists start. */
  start = Infinity;
  private readonly words = new Map<string, number>();
  private loaded: LoadedLists | null = null;
  /** Lists grown since the load (or the build), continuing the loaded ones. */
  private readonly grown = new Map<number, VarintList>();

  get active(): boolean {
    return this.start !== Infinity;
  }

  /** Starts listing pairs of these words for documents from `start` on. */
  activate(words: readonly string[], start: number): void {
    words.slice(0, FREQUENT_WORDS).forEach((word, i) => this.words.set(word, i));
    this.start = start;
  }

  /** The list key of a pair, or -1 when either word is not a frequent one. */
  keyOf(first: string, second: string): number {
    const a = this.words.get(first);
    const b = this.words.get(second);
    return a === undefined || b === undefined ? -1 : a * FREQUENT_WORDS + b;
  }

  /** Lists the document's pairs of frequent words (each text's units in order). */
  add(docId: number, texts: readonly (readonly string[])[]): void {
    if (docId < this.start) return;
    for (const units of texts) {
      for (let i = 1; i < units.length; i++) {
        const key = this.keyOf(units[i - 1] as string, units[i] as string);
        if (key === -1) continue;
        let list = this.grown.get(key);
        if (!list) this.grown.set(key, (list = new VarintList(this.loaded?.lasts[key] ?? 0)));
        list.append(docId);
      }
    }
  }

  /** Sets `out[id]` to `value` for every document listed under the key, when it holds `value - 1`. */
  mark(key: number, out: Uint8Array, value: number): void {
    const each = (id: number) => {
      if (out[id] === value - 1) out[id] = value;
    };
    if (this.loaded) {
      const { bytes, offsets } = this.loaded;
      decodeDeltas(bytes, offsets[key] as number, offsets[key + 1] as number, 0, each);
    }
    const list = this.grown.get(key);
    if (list) decodeDeltas(list.bytes, 0, list.length, list.base, each);
  }

  /**
   * One chunk: u32 length of a JSON head ({start, words}), the head, zero-padding to 4 bytes, then
   * (once the lists started) i32 offsets (KEYS + 1) and lasts (KEYS), then every list's bytes
   * (loaded, then grown) by key. The chunk then becomes the loaded lists, as a save does with the
   * term maps: the lists grown since are folded in, and a save writes only what grew after it.
   */
  encode(): Buffer {
    const head = Buffer.from(
      JSON.stringify({ start: this.active ? this.start : null, words: [...this.words.keys()] }),
    );
    const headBytes = 4 + head.length + ((4 - ((4 + head.length) % 4)) % 4);
    if (!this.active) {
      const out = Buffer.alloc(headBytes); // a small wiki: no lists, no tables
      out.writeUInt32LE(head.length, 0);
      head.copy(out, 4);
      return out;
    }
    const { loaded } = this;
    let size = loaded ? (loaded.offsets[KEYS] as number) : 0;
    for (const list of this.grown.values()) size += list.length;
    const tables = (2 * KEYS + 1) * 4;
    const out = Buffer.alloc(headBytes + tables + size); // never pooled: aligned for the views below
    out.writeUInt32LE(head.length, 0);
    head.copy(out, 4);
    const offsets = new Int32Array(out.buffer, out.byteOffset + headBytes, KEYS + 1);
    const lasts = new Int32Array(out.buffer, out.byteOffset + headBytes + 4 * (KEYS + 1), KEYS);
    const dataStart = headBytes + tables;
    if (loaded) lasts.set(loaded.lasts);
    // The loaded bytes are copied in runs between the keys whose lists grew: key by key (a view per
    // key, 262,144 of them) a save held the server's thread 50-100 ms at 10k pages (issue 32).
    const loadedBytes = loaded
      ? Buffer.from(loaded.bytes.buffer, loaded.bytes.byteOffset, loaded.bytes.length)
      : null;
    let at = 0;
    /** Keys `from` to `to` (exclusive) as loaded: their offsets moved, their bytes one copy. */
    const copyLoaded = (from: number, to: number) => {
      if (!loaded || !loadedBytes) return void offsets.fill(at, from, to);
      const start = loaded.offsets[from] as number;
      for (let key = from; key < to; key++) offsets[key] = (loaded.offsets[key] as number) - start + at;
      at += loadedBytes.copy(out, dataStart + at, start, loaded.offsets[to]);
    };
    let next = 0;
    for (const key of [...this.grown.keys()].sort((a, b) => a - b)) {
      copyLoaded(next, key + 1); // the key's loaded part, then its grown bytes after it
      const list = this.grown.get(key) as VarintList;
      out.set(list.bytes.subarray(0, list.length), dataStart + at);
      at += list.length;
      lasts[key] = list.last;
      next = key + 1;
    }
    copyLoaded(next, KEYS);
    offsets[KEYS] = at;
    this.loaded = { bytes: out.subarray(dataStart), offsets, lasts };
    this.grown.clear();
    return out;
  }

  /** Loads a chunk written by encode into these (empty) postings; throws on malformed data. */
  decode(bytes: Uint8Array): void {
    const fail = () => new Error('malformed pair postings');
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    if (data.length < 4) throw fail();
    const headLength = data.readUInt32LE(0);
    const headBytes = 4 + headLength + ((4 - ((4 + headLength) % 4)) % 4);
    const tables = (2 * KEYS + 1) * 4;
    if (headBytes > data.length) throw fail();
    const head = JSON.parse(data.subarray(4, 4 + headLength).toString('utf8')) as {
      start: unknown;
      words: unknown;
    };
    if (!Array.isArray(head.words)) throw fail();
    if (typeof head.start !== 'number') {
      if (data.length !== headBytes) throw fail();
      return; // a small wiki: no lists
    }
    if (headBytes + tables > data.length) throw fail();
    this.activate(head.words as string[], head.start);
    // Copied out of the chunk, aligned, and the chunk's buffer freed.
    const offsets = new Int32Array(KEYS + 1);
    const lasts = new Int32Array(KEYS);
    new Uint8Array(offsets.buffer).set(data.subarray(headBytes, headBytes + offsets.byteLength));
    new Uint8Array(lasts.buffer).set(data.subarray(headBytes + offsets.byteLength, headBytes + tables));
    const listBytes = new Uint8Array(data.subarray(headBytes + tables));
    for (let key = 0; key < KEYS; key++) {
      if ((offsets[key] as number) > (offsets[key + 1] as number) || (offsets[key] as number) < 0)
        throw fail();
    }
    if (offsets[0] !== 0 || offsets[KEYS] !== listBytes.length) throw fail();
    this.loaded = { bytes: listBytes, offsets, lasts };
  }
}
