// FlexSearch keeps, per field, a Map from each term to its rank buckets of document ids. Its export
// writes that Map as JSON text, and parsing 86 MB of numbers was most of a start-up at 100k pages
// (and stringifying them most of a save). Quire writes the same Map as one binary chunk per field:
//
//   u32 LE  byte length of the terms' JSON          u32 LE  number of shape entries
//   the terms as a JSON array of strings (UTF-8), zero-padded to a multiple of 4 bytes
//   i32[]   shape: per term, its bucket count, then each bucket's length (-1: no bucket there)
//   i32[]   every bucket's document ids, in term and bucket order
//
// Integers are in the host's byte order (little-endian on every platform Quire ships for); the
// index is written and read by the same machine. The entries go back into FlexSearch through its
// own import. A bucket of LOADED_VIEW_MIN ids or more stays in the chunk's bytes as a LoadedBucket
// (4 bytes an id; a JS array of numbers takes 8 on 64-bit Node): at 100k pages that is 67 MB of
// RSS less. Smaller buckets become arrays of exactly their length.

/**
 * A loaded bucket: a view into the postings chunk. FlexSearch only ever pushes to a bucket (when a
 * changed page is indexed again); the first push puts a plain array with the new id in its place
 * (copy on write), so FlexSearch's own code never needs to know.
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

/** Buckets smaller than this become plain arrays: a view object costs about 16 ids' worth. */
const LOADED_VIEW_MIN = 16;

const HEAD = 8;
const padded = (n: number) => n + ((4 - (n % 4)) % 4);

export function encodePostings(map: ReadonlyMap<string, Buckets>): Buffer {
  const terms: string[] = [];
  const shape: number[] = [];
  let idCount = 0;
  for (const [term, buckets] of map) {
    terms.push(term);
    shape.push(buckets.length);
    for (let b = 0; b < buckets.length; b++) {
      const ids = buckets[b];
      shape.push(ids ? ids.length : -1);
      idCount += ids ? ids.length : 0;
    }
  }
  const termBytes = Buffer.from(JSON.stringify(terms), 'utf8');
  const intsAt = HEAD + padded(termBytes.length);
  const out = Buffer.alloc(intsAt + 4 * (shape.length + idCount)); // never pooled: offset 0, aligned
  out.writeUInt32LE(termBytes.length, 0);
  out.writeUInt32LE(shape.length, 4);
  termBytes.copy(out, HEAD);
  const ints = new Int32Array(out.buffer, out.byteOffset + intsAt, shape.length + idCount);
  ints.set(shape);
  let at = shape.length;
  for (const buckets of map.values()) {
    for (let b = 0; b < buckets.length; b++) {
      const ids = buckets[b];
      if (!ids) continue;
      ints.set(ids, at);
      at += ids.length;
    }
  }
  return out;
}

const malformed = () => new Error('malformed postings chunk');

/** The Map's entries back from encodePostings's bytes; throws when they do not add up. */
export function decodePostings(data: Uint8Array): [string, Buckets][] {
  if (data.length < HEAD) throw malformed();
  // An Int32Array view needs a 4-byte aligned offset: small files may come from Node's buffer pool.
  const bytes = data.byteOffset % 4 === 0 ? data : data.slice();
  const head = new DataView(bytes.buffer, bytes.byteOffset, HEAD);
  const termLength = head.getUint32(0, true);
  const shapeLength = head.getUint32(4, true);
  const intsAt = HEAD + padded(termLength);
  if (intsAt > bytes.length || (bytes.length - intsAt) % 4 !== 0) throw malformed();
  const terms: unknown = JSON.parse(
    Buffer.from(bytes.buffer, bytes.byteOffset + HEAD, termLength).toString(),
  );
  if (!Array.isArray(terms)) throw malformed();
  const ints = new Int32Array(bytes.buffer, bytes.byteOffset + intsAt, (bytes.length - intsAt) / 4);
  if (shapeLength > ints.length) throw malformed();
  const entries: [string, Buckets][] = [];
  let s = 0;
  let at = shapeLength;
  for (const term of terms) {
    const count = ints[s++] ?? -1;
    if (typeof term !== 'string' || count < 0 || s + count > shapeLength) throw malformed();
    const buckets: Buckets = new Array<Bucket | undefined>(count);
    for (let b = 0; b < count; b++) {
      const n = ints[s++] as number;
      if (n < 0) continue; // a hole, as FlexSearch leaves one
      if (at + n > ints.length) throw malformed();
      if (n >= LOADED_VIEW_MIN) {
        const view = new LoadedBucket(ints.buffer as ArrayBuffer, ints.byteOffset + 4 * at, n);
        view.owner = buckets;
        view.slot = b;
        buckets[b] = view;
      } else {
        const ids = new Array<number>(n); // exactly n: pushing would leave up to half again spare
        for (let i = 0; i < n; i++) ids[i] = ints[at + i] as number;
        buckets[b] = ids;
      }
      at += n;
    }
    entries.push([term, buckets]);
  }
  if (s !== shapeLength || at !== ints.length) throw malformed();
  return entries;
}
