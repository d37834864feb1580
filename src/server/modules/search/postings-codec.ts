// FlexSearch keeps, per field, a Map from each term to its rank buckets of document ids. Quire
// writes that Map as one binary chunk per field, laid out so that the server can search it where
// it lies, without a JavaScript object per term (see term-map.ts):
//
//   u32 LE  number of terms        u32 LE  byte length of the terms      u32 LE  number of block ints
//   u32     0 (reserved)
//   the terms' UTF-8 bytes, one after another, zero-padded to a multiple of 4 bytes
//   i32[]   per term, where its bytes end
//   i32[]   per term, its block: its bucket count, each bucket's length (-1: no bucket there), then
//           the ids of its buckets, in order
//
// Integers are in the host's byte order (little-endian on every platform Quire ships for); the
// index is written and read by the same machine.

/**
 * A loaded bucket: a view into the postings chunk (4 bytes an id; a JS array of numbers takes 8 on
 * 64-bit Node). FlexSearch only ever pushes to a bucket (when a changed page is indexed again); the
 * first push puts a plain array with the new id in its place (copy on write), so FlexSearch's own
 * code never needs to know.
 */
export class LoadedBucket extends Int32Array {
  owner: Buckets | null = null;
  slot = 0;

  push(...ids: number[]): number {
    const copy = Array.from(this);
    copy.push(...ids);
    if (this.owner) this.owner[this.slot] = copy;
    return copy.length;
  }
}

export type Bucket = number[] | LoadedBucket;
export type Buckets = (Bucket | undefined)[];

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
  for (let b = 0; b < buckets.length; b++) n += buckets[b]?.length ?? 0;
  return n;
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
    for (let b = 0; b < buckets.length; b++) blocks[at++] = buckets[b]?.length ?? -1;
    for (let b = 0; b < buckets.length; b++) {
      const ids = buckets[b];
      if (!ids) continue;
      blocks.set(ids, at);
      at += ids.length;
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
    let ids = 0;
    for (let b = 1; b <= count; b++) {
      const n = blocks[at + b] as number;
      if (n < -1) throw malformed();
      if (n > 0) ids += n;
    }
    at += 1 + count + ids;
    if (at > blockInts) throw malformed();
  }
  if (byteEnd !== termByteLength || at !== blockInts) throw malformed();
  const termBytes = Buffer.from(bytes.buffer, bytes.byteOffset + HEAD, termByteLength);
  return { termBytes, termEnds, blocks, blockAt };
}
