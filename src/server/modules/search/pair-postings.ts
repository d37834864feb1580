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

/** How many frequent words: 256² pairs at most, and a rarer word is on a few percent of pages. */
export const FREQUENT_WORDS = 256;
/** The lists start once the index holds this many pages; a smaller wiki does not need them. */
export const ACTIVATE_AT = 2_000;

/** The FREQUENT_WORDS terms on the most documents of a term map (dead ones too: rough is enough). */
export function mostFrequent(
  map: Map<string, readonly (ArrayLike<number> | undefined)[]> | undefined,
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

class VarintList {
  bytes = new Uint8Array(8);
  length = 0;
  last = 0;

  append(docId: number): void {
    if (docId <= this.last && this.length > 0) return; // a pair twice in a page: once
    let delta = docId - this.last;
    this.last = docId;
    if (this.length + 5 > this.bytes.length) {
      const grown = new Uint8Array(Math.max(8, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    while (delta >= 0x80) {
      this.bytes[this.length++] = (delta & 0x7f) | 0x80;
      delta >>>= 7;
    }
    this.bytes[this.length++] = delta;
  }

  /** Calls `each` with every document id, in order. */
  forEach(each: (docId: number) => void): void {
    let id = 0;
    let delta = 0;
    let shift = 0;
    for (let i = 0; i < this.length; i++) {
      const byte = this.bytes[i] as number;
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
}

export class PairPostings {
  /** The first document id whose pairs are all listed; Infinity until the lists start. */
  start = Infinity;
  private readonly words = new Map<string, number>();
  private readonly lists = new Map<number, VarintList>();

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
        let list = this.lists.get(key);
        if (!list) this.lists.set(key, (list = new VarintList()));
        list.append(docId);
      }
    }
  }

  /** Sets `out[id]` to `value` for every document listed under the key, when it holds `value - 1`. */
  mark(key: number, out: Uint8Array, value: number): void {
    this.lists.get(key)?.forEach((id) => {
      if (out[id] === value - 1) out[id] = value;
    });
  }

  /**
   * One chunk: a JSON head (start, words, and per list its key and byte length) and the lists'
   * bytes after it. An inactive index writes only the head.
   */
  encode(): Buffer {
    const keys = [...this.lists.keys()];
    const head = Buffer.from(
      JSON.stringify({
        start: this.active ? this.start : null,
        words: [...this.words.keys()],
        lists: keys.map((key) => [key, this.lists.get(key)!.length, this.lists.get(key)!.last]),
      }),
    );
    const size = Buffer.alloc(4);
    size.writeUInt32LE(head.length);
    return Buffer.concat([
      size,
      head,
      ...keys.map((key) => this.lists.get(key)!.bytes.subarray(0, this.lists.get(key)!.length)),
    ]);
  }

  /** Loads a chunk written by encode into these (empty) postings; throws on malformed data. */
  decode(bytes: Uint8Array): void {
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    if (data.length < 4 || data.readUInt32LE(0) + 4 > data.length) throw new Error('malformed pair postings');
    const headEnd = 4 + data.readUInt32LE(0);
    const head = JSON.parse(data.subarray(4, headEnd).toString('utf8')) as {
      start: unknown;
      words: unknown;
      lists: unknown;
    };
    if (!Array.isArray(head.words) || !Array.isArray(head.lists)) throw new Error('malformed pair postings');
    if (typeof head.start === 'number') this.activate(head.words as string[], head.start);
    let at = headEnd;
    for (const entry of head.lists as unknown[]) {
      const [key, length, last] = entry as [number, number, number];
      if (![key, length, last].every(Number.isSafeInteger) || length < 0 || at + length > data.length) {
        throw new Error('malformed pair postings');
      }
      const list = new VarintList();
      list.bytes = new Uint8Array(data.subarray(at, at + length)); // exact size: no spare capacity
      list.length = length;
      list.last = last;
      this.lists.set(key, list);
      at += length;
    }
    if (at !== data.length) throw new Error('malformed pair postings');
  }
}
