// Phrase search without reading every page: per document, a Bloom filter of the pairs of adjacent
// words in its path and body (in phraseForm, so Markdown marks between words do not count). A
// phrase's pairs must all be in a page's filter; a page that lacks one cannot hold the phrase.
// False positives (about 1 in 100 pages that hold the words apart, fewer for longer phrases) are
// caught by reading the bodies of the hits shown (query-engine.ts). Reading every candidate's body
// instead took 2.8 s for a two-word phrase of frequent words at 100k pages.
//
// Memory: 10 bits a pair, 7 probes — about 250 bytes for a 2 KB page once the pairs of frequent
// words go to their exact lists (pair-postings.ts), in one buffer (a typed array per page would
// cost more in object headers than its bits).
import { CJK_CHAR, phraseForm } from './tokenizer';

const BITS_PER_PAIR = 10;
const PROBES = 7;
const MIN_BYTES = 8;

/** FNV-1a over UTF-16 units: fast, and the same on every run (the filters are saved). */
function hashUnit(unit: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < unit.length; i++) h = Math.imul(h ^ unit.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The text's units in order: its words, with a CJK character a unit of its own (no spaces there). */
export function phraseUnits(text: string): string[] {
  const units: string[] = [];
  for (const word of phraseForm(text).split(' ')) {
    if (!word) continue;
    if (!CJK_CHAR.test(word)) {
      units.push(word);
      continue;
    }
    let run = '';
    for (const ch of word) {
      if (CJK_CHAR.test(ch)) {
        if (run) units.push(run);
        run = '';
        units.push(ch);
      } else run += ch;
    }
    if (run) units.push(run);
  }
  return units;
}

/** The hashes of each pair of adjacent units. */
export function pairHashes(
  units: readonly string[],
  skip?: (first: string, second: string) => boolean,
): number[] {
  const hashes: number[] = [];
  let previous = units.length > 0 ? hashUnit(units[0] as string) : 0;
  for (let i = 1; i < units.length; i++) {
    const next = hashUnit(units[i] as string);
    if (!skip?.(units[i - 1] as string, units[i] as string))
      hashes.push((Math.imul(previous, 0x9e3779b1) ^ next) >>> 0);
    previous = next;
  }
  return hashes;
}

/** The second hash of double hashing: odd, so the probes spread over the filter. */
const step = (h: number) => (Math.imul(h ^ (h >>> 16), 0x85ebca6b) | 1) >>> 0;

/**
 * The i-th probe's bit of m (double hashing), mapped onto the filter by a multiply rather than a
 * modulo: a modulo of doubles made each page's test cost 130 ns.
 */
const probe = (h: number, s: number, i: number, m: number) =>
  Math.floor(((h + Math.imul(i, s)) >>> 0) * m * 2.3283064365386963e-10);

export class PhraseFilters {
  private bits = new Uint8Array(1 << 16);
  private used = 0;
  /** Per document id: where its filter starts in `bits`, and its length in bytes (0: none). */
  private starts = new Int32Array(1024);
  private lengths = new Int32Array(1024);

  /**
   * Builds the filter of a document from its texts' units (pairs never run from one text into the
   * next), leaving out the pairs `skip` names (those listed exactly elsewhere).
   */
  set(
    docId: number,
    texts: readonly (readonly string[])[],
    skip?: (first: string, second: string) => boolean,
  ): void {
    const hashes = texts.flatMap((units) => pairHashes(units, skip));
    const bytes = Math.max(MIN_BYTES, Math.ceil((hashes.length * BITS_PER_PAIR) / 8));
    this.reserve(docId, bytes);
    const start = this.used;
    this.used += bytes;
    this.starts[docId] = start;
    this.lengths[docId] = bytes;
    const m = bytes * 8;
    for (const h of hashes) {
      const s = step(h);
      for (let i = 0; i < PROBES; i++) {
        const bit = probe(h, s, i, m);
        this.bits[start + (bit >>> 3)]! |= 1 << (bit & 7);
      }
    }
  }

  /** Forgets a document (its bytes stay until the index is rebuilt, like its dead postings). */
  clear(docId: number): void {
    if (docId < this.lengths.length) this.lengths[docId] = 0;
  }

  /** False when the document surely lacks one of the pairs; true when it may hold them all. */
  mayHold(docId: number, hashes: readonly number[]): boolean {
    return this.tester(hashes)(docId);
  }

  /** mayHold for many documents: the pairs' probe steps are worked out once. */
  tester(hashes: readonly number[]): (docId: number) => boolean {
    const firsts = Uint32Array.from(hashes);
    const steps = Uint32Array.from(hashes, step);
    return (docId) => {
      const bytes = this.lengths[docId] ?? 0;
      if (bytes === 0) return firsts.length === 0;
      const start = this.starts[docId] as number;
      const bits = this.bits;
      const m = bytes * 8;
      for (let p = 0; p < firsts.length; p++) {
        const h = firsts[p] as number;
        const s = steps[p] as number;
        for (let i = 0; i < PROBES; i++) {
          const bit = probe(h, s, i, m);
          if (((bits[start + (bit >>> 3)] as number) & (1 << (bit & 7))) === 0) return false;
        }
      }
      return true;
    };
  }

  private reserve(docId: number, bytes: number): void {
    if (this.used + bytes > this.bits.length) {
      const grown = new Uint8Array(Math.max(this.used + bytes, Math.ceil(this.bits.length * 1.5)));
      grown.set(this.bits.subarray(0, this.used));
      this.bits = grown;
    }
    if (docId >= this.starts.length) {
      const size = Math.max(docId + 1, Math.ceil(this.starts.length * 1.5));
      const starts = new Int32Array(size);
      const lengths = new Int32Array(size);
      starts.set(this.starts);
      lengths.set(this.lengths);
      this.starts = starts;
      this.lengths = lengths;
    }
  }

  /**
   * The live filters as one chunk: u32 count, then per document (docId, length) as i32 pairs, then
   * the filters' bytes in that order. Dead documents' bytes are left out.
   */
  encode(): Buffer {
    const live: number[] = [];
    let total = 0;
    for (let id = 0; id < this.lengths.length; id++) {
      if (this.lengths[id]! > 0) {
        live.push(id);
        total += this.lengths[id]!;
      }
    }
    const head = new Int32Array(1 + live.length * 2);
    head[0] = live.length;
    live.forEach((id, i) => {
      head[1 + i * 2] = id;
      head[2 + i * 2] = this.lengths[id]!;
    });
    const out = Buffer.alloc(head.byteLength + total);
    out.set(new Uint8Array(head.buffer), 0);
    let at = head.byteLength;
    // Copied without a view per document (one each was 100k objects for a save at 100k pages).
    const bits = Buffer.from(this.bits.buffer, this.bits.byteOffset, this.bits.length);
    for (const id of live) {
      const start = this.starts[id]!;
      at += bits.copy(out, at, start, start + this.lengths[id]!);
    }
    return out;
  }

  /** Loads a chunk written by encode into these (empty) filters; throws on malformed data. */
  decode(bytes: Uint8Array): void {
    if (bytes.length < 4) throw new Error('malformed phrase filters');
    const count = new DataView(bytes.buffer, bytes.byteOffset, 4).getInt32(0, true);
    const headBytes = 4 + count * 8;
    if (count < 0 || headBytes > bytes.length) throw new Error('malformed phrase filters');
    const head = new DataView(bytes.buffer, bytes.byteOffset, headBytes);
    let at = headBytes;
    const entries: [number, number][] = [];
    for (let i = 0; i < count; i++) {
      const id = head.getInt32(4 + i * 8, true);
      const length = head.getInt32(8 + i * 8, true);
      if (id < 0 || length <= 0 || at + length > bytes.length) throw new Error('malformed phrase filters');
      entries.push([id, length]);
      at += length;
    }
    if (at !== bytes.length) throw new Error('malformed phrase filters');
    const maxId = entries.reduce((max, [id]) => Math.max(max, id), 0);
    this.bits = new Uint8Array(bytes.subarray(headBytes)); // one copy: the chunk's buffer is freed
    this.used = this.bits.length;
    this.starts = new Int32Array(maxId + 1);
    this.lengths = new Int32Array(maxId + 1);
    let start = 0;
    for (const [id, length] of entries) {
      this.starts[id] = start;
      this.lengths[id] = length;
      start += length;
    }
  }
}
