// FlexSearch keeps, per field, a Map from each term to its rank buckets of document ids. Quire
// writes that Map as one binary chunk per field, laid out so that the server can search it where
// it lies, without a JavaScript object per term (see term-map.ts):
//
//   u32 LE  number of terms        u32 LE  byte length of the terms      u32 LE  number of block ints
//   u32     0 (reserved)
//   the terms' UTF-8 bytes, one after another, zero-padded to a multiple of 4 bytes
//   i32[]   per term, where its bytes end
//   i32[]   per term, its block: its bucket count, each bucket's code, then the ids of its buckets,
//           in order. A code n >= 0: n ids as i32. -1: no bucket there (a hole, as FlexSearch
//           leaves one). n <= -2: -n - 2 ascending ids as gaps (GapBucket): the first id as i32,
//           then each next id's distance from the one before as u16, two to an int.
//
// FlexSearch appends each new document id to its buckets, and a changed page gets a new id, so a
// bucket's ids ascend; at 100k pages nearly every gap fits 16 bits, and the body's postings take
// 31 MB instead of 61. The word matcher walks gaps where they lie (one add an id); FlexSearch,
// which needs plain ids, is handed them decoded.
//
// Integers are in the host's byte order (little-endian on every platform Quire ships for); the
// index is written and read by the same machine.

/**
 * A loaded bucket: a view into the postings chunk (4 bytes an id; a JS array of numbers takes 8 on
 * 64-bit Node), or its gaps decoded for FlexSearch. Read only: FlexSearch's pushes go to a term's
 * tail (term-map.ts).
 */
export class LoadedBucket extends Int32Array {}

export type Bucket = number[] | LoadedBucket;
export type Buckets = (Bucket | undefined)[];

/** A loaded bucket of ascending ids as its first id and the gaps after it (views into the chunk). */
export class GapBucket {
  constructor(
    readonly first: number,
    readonly gaps: Uint16Array,
  ) {}

  get length(): number {
    return this.gaps.length + 1;
  }

  *[Symbol.iterator](): IterableIterator<number> {
    let id = this.first;
    yield id;
    for (let i = 0; i < this.gaps.length; i++) yield (id += this.gaps[i] as number);
  }

  /** The ids themselves, for FlexSearch. */
  decode(): LoadedBucket {
    const { gaps } = this;
    const ids = new LoadedBucket(gaps.length + 1);
    let id = this.first;
    ids[0] = id;
    for (let i = 0; i < gaps.length; i++) ids[i + 1] = id += gaps[i] as number;
    return ids;
  }
}

/** A bucket as a search reads it: ids, or gaps where they lie (see GapBucket). */
export type PostingList = Readonly<Bucket> | GapBucket;

/** At most this far apart, ids are written as gaps: 16 bits. */
const MAX_GAP = 0xffff;
/** Fewer ids save nothing as gaps (the first id is whole, and gaps are padded to an int). */
const MIN_GAP_IDS = 4;

/** Whether a bucket's ids are written as gaps. */
function gapCoded(ids: Bucket): boolean {
  if (ids.length < MIN_GAP_IDS || (ids[0] as number) < 0) return false;
  for (let i = 1; i < ids.length; i++) {
    const gap = (ids[i] as number) - (ids[i - 1] as number);
    if (gap < 0 || gap > MAX_GAP) return false;
  }
  return true;
}

/** How many ints a bucket's ids take. */
const dataInts = (length: number, gaps: boolean) => (gaps ? 1 + Math.ceil((length - 1) / 2) : length);

/** A chunk as loaded: views into its bytes, checked to add up, nothing copied. */
export interface PostingsChunk {
  /** Every term's UTF-8 bytes, one after another. */
  termBytes: Buffer;
  /** Where each term's bytes end in termBytes (the previous term's end is where they start). */
  termEnds: Int32Array;
  /** Every term's block: its bucket count, each bucket's length (-1 a hole), then its ids. */
  blocks: Int32Array;
  /** Where each term's block starts in blocks (worked out at load). */
  blockAt: Int32Array;
}

const HEAD = 16;
const padded = (n: number) => n + ((4 - (n % 4)) % 4);

/** How many ints a term's block takes. */
export function blockLength(buckets: Buckets): number {
  let n = 1 + buckets.length;
  for (let b = 0; b < buckets.length; b++) {
    const ids = buckets[b];
    if (ids) n += dataInts(ids.length, gapCoded(ids));
  }
  return n;
}

/** A bucket's first id at `at`, then its gaps as u16 (see GapBucket). */
function writeGaps(blocks: Int32Array, at: number, ids: Bucket): void {
  blocks[at] = ids[0] as number;
  const gaps = new Uint16Array(blocks.buffer, blocks.byteOffset + 4 * (at + 1), ids.length - 1);
  for (let i = 1; i < ids.length; i++) gaps[i - 1] = (ids[i] as number) - (ids[i - 1] as number);
}

/**
 * A term's buckets from its block at `at`: ids as LoadedBucket views, gaps as GapBuckets, or (with
 * `decoded`) decoded into LoadedBuckets, as FlexSearch needs them.
 */
export function bucketsAt(
  blocks: Int32Array,
  at: number,
  decoded: boolean,
): (LoadedBucket | GapBucket | undefined)[] {
  const count = blocks[at] as number;
  const buckets = new Array<LoadedBucket | GapBucket | undefined>(count);
  let idAt = at + 1 + count;
  for (let b = 0; b < count; b++) {
    const code = blocks[at + 1 + b] as number;
    if (code === -1) continue; // a hole, as FlexSearch leaves one
    const gapped = code < -1;
    const length = gapped ? -code - 2 : code;
    let ids: LoadedBucket | GapBucket;
    if (gapped) {
      const gaps = new Uint16Array(blocks.buffer, blocks.byteOffset + 4 * (idAt + 1), length - 1);
      ids = new GapBucket(blocks[idAt] as number, gaps);
      if (decoded) ids = ids.decode();
    } else {
      ids = new LoadedBucket(blocks.buffer as ArrayBuffer, blocks.byteOffset + 4 * idAt, length);
    }
    buckets[b] = ids;
    idAt += dataInts(length, gapped);
  }
  return buckets;
}

/** Writes a chunk whose sizes are known up front, one term at a time. */
export class PostingsWriter {
  readonly out: Buffer;
  private readonly termEnds: Int32Array;
  private readonly blocks: Int32Array;
  private term = 0;
  private byteEnd = 0;
  private blockEnd = 0;

  constructor(termCount: number, termByteLength: number, blockInts: number) {
    const endsAt = HEAD + padded(termByteLength);
    this.out = Buffer.alloc(endsAt + 4 * (termCount + blockInts)); // never pooled: offset 0, aligned
    this.out.writeUInt32LE(termCount, 0);
    this.out.writeUInt32LE(termByteLength, 4);
    this.out.writeUInt32LE(blockInts, 8);
    this.termEnds = new Int32Array(this.out.buffer, endsAt, termCount);
    this.blocks = new Int32Array(this.out.buffer, endsAt + 4 * termCount, blockInts);
  }

  /** A term from FlexSearch's own map. */
  add(term: string, buckets: Buckets): void {
    this.byteEnd += this.out.write(term, HEAD + this.byteEnd, 'utf8');
    this.termEnds[this.term++] = this.byteEnd;
    const { blocks } = this;
    let at = this.blockEnd;
    blocks[at++] = buckets.length;
    const gaps = buckets.map((ids) => ids !== undefined && gapCoded(ids));
    for (let b = 0; b < buckets.length; b++) {
      const ids = buckets[b];
      blocks[at++] = ids ? (gaps[b] ? -ids.length - 2 : ids.length) : -1;
    }
    for (let b = 0; b < buckets.length; b++) {
      const ids = buckets[b];
      if (!ids) continue;
      if (gaps[b]) writeGaps(blocks, at, ids);
      else blocks.set(ids, at);
      at += dataInts(ids.length, gaps[b] as boolean);
    }
    this.blockEnd = at;
  }

  /** A run of terms `from` to `to` (exclusive) of a loaded chunk, copied as they are. */
  copy(chunk: PostingsChunk, from: number, to: number): void {
    if (from >= to) return;
    const byteStart = from === 0 ? 0 : (chunk.termEnds[from - 1] as number);
    const shift = this.byteEnd - byteStart;
    for (let t = from; t < to; t++) this.termEnds[this.term++] = (chunk.termEnds[t] as number) + shift;
    this.byteEnd += chunk.termBytes.copy(this.out, HEAD + this.byteEnd, byteStart, chunk.termEnds[to - 1]);
    const blockStart = chunk.blockAt[from] as number;
    const blockEnd = to < chunk.blockAt.length ? (chunk.blockAt[to] as number) : chunk.blocks.length;
    this.blocks.set(chunk.blocks.subarray(blockStart, blockEnd), this.blockEnd);
    this.blockEnd += blockEnd - blockStart;
  }
}

/** One field's term map as a chunk (a map FlexSearch built; a loaded one writes itself, term-map.ts). */
export function encodePostings(map: ReadonlyMap<string, Buckets>): Buffer {
  let termBytes = 0;
  let blockInts = 0;
  for (const [term, buckets] of map) {
    termBytes += Buffer.byteLength(term, 'utf8');
    blockInts += blockLength(buckets);
  }
  const writer = new PostingsWriter(map.size, termBytes, blockInts);
  for (const [term, buckets] of map) writer.add(term, buckets);
  return writer.out;
}

const malformed = () => new Error('malformed postings chunk');

/** A chunk's parts from encodePostings's bytes; throws when they do not add up. */
export function decodePostings(data: Uint8Array): PostingsChunk {
  if (data.length < HEAD) throw malformed();
  // Int32Array views need a 4-byte aligned offset: small files may come from Node's buffer pool.
  const bytes = data.byteOffset % 4 === 0 ? data : data.slice();
  const head = new DataView(bytes.buffer, bytes.byteOffset, HEAD);
  const termCount = head.getUint32(0, true);
  const termByteLength = head.getUint32(4, true);
  const blockInts = head.getUint32(8, true);
  const endsAt = HEAD + padded(termByteLength);
  if (endsAt + 4 * (termCount + blockInts) !== bytes.length) throw malformed();
  const termEnds = new Int32Array(bytes.buffer, bytes.byteOffset + endsAt, termCount);
  const blocks = new Int32Array(bytes.buffer, bytes.byteOffset + endsAt + 4 * termCount, blockInts);
  const blockAt = new Int32Array(termCount);
  let byteEnd = 0;
  let at = 0;
  for (let t = 0; t < termCount; t++) {
    const end = termEnds[t] as number;
    if (end < byteEnd || end > termByteLength) throw malformed();
    byteEnd = end;
    blockAt[t] = at;
    const count = at < blockInts ? (blocks[at] as number) : -1;
    if (count < 0 || at + 1 + count > blockInts) throw malformed();
    let ints = 0;
    for (let b = 1; b <= count; b++) {
      const code = blocks[at + b] as number;
      if (code === -2) throw malformed(); // gaps of no ids
      if (code >= 0) ints += code;
      else if (code < -2) ints += dataInts(-code - 2, true);
    }
    at += 1 + count + ints;
    if (at > blockInts) throw malformed();
  }
  if (byteEnd !== termByteLength || at !== blockInts) throw malformed();
  const termBytes = Buffer.from(bytes.buffer, bytes.byteOffset + HEAD, termByteLength);
  return { termBytes, termEnds, blocks, blockAt };
}
