// FlexSearch's term maps in binary: what goes in comes back (holes, CJK terms, empty maps), from
// any byte offset, and damaged bytes are refused rather than loaded.
import { describe, expect, it } from 'vitest';
import {
  decodePostings,
  encodePostings,
  GapBucket,
  type Buckets,
} from '../../src/server/modules/search/postings-codec';
import { LoadedTermMap } from '../../src/server/modules/search/term-map';

const map = new Map<string, Buckets>([
  ['alpha', [[1, 2, 3]]],
  // A hole where FlexSearch left a rank bucket empty, as its own arrays have.
  // eslint-disable-next-line no-sparse-arrays
  ['東京', [, [4], [5, 6]]],
  ['z', [[]]],
]);

/** The loaded chunk as plain arrays, holes kept. */
function entriesOf(bytes: Uint8Array): [string, Buckets][] {
  const loaded = new LoadedTermMap(decodePostings(bytes), () => false);
  return [...loaded].map(([term, buckets]) => {
    const plain: Buckets = new Array(buckets.length);
    buckets.forEach((ids, b) => (plain[b] = ids ? Array.from(ids) : ids));
    return [term, plain];
  });
}

describe('postings codec', () => {
  it('gives back the same terms and buckets, holes included', () => {
    const decoded = entriesOf(encodePostings(map));
    expect(decoded).toEqual([...map]);
    expect(1 in (decoded[1]?.[1] ?? [])).toBe(true);
    expect(0 in (decoded[1]?.[1] ?? [])).toBe(false);
  });

  it('reads bytes that do not start on a 4-byte boundary', () => {
    const bytes = encodePostings(map);
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(entriesOf(shifted.subarray(1))).toEqual([...map]);
  });

  it('writes and reads an empty map', () => {
    expect(entriesOf(encodePostings(new Map()))).toEqual([]);
  });

  it('writes ascending ids as 16-bit gaps, and the rest as they are', () => {
    const ascending = Array.from({ length: 1000 }, (_, i) => 70_000 + i * 3);
    const far = [1, 2, 3, 100_000]; // a gap past 16 bits
    const unordered = [9, 3, 5, 7];
    const source = new Map<string, Buckets>([
      ['near', [ascending]],
      ['far', [far]],
      ['unordered', [unordered]],
    ]);
    const bytes = encodePostings(source);
    // 1000 ids as 4 + 999 × 2 bytes (padded), not 4000: the rest of the chunk is small.
    expect(bytes.length).toBeLessThan(2100 + 200);
    expect(entriesOf(bytes)).toEqual([...source]);

    const loaded = new LoadedTermMap(decodePostings(bytes), () => false);
    const near = loaded.lookup('near')[0]?.[0];
    expect(near).toBeInstanceOf(GapBucket);
    expect(near?.length).toBe(1000);
    expect([...(near as GapBucket)]).toEqual(ascending);
    expect(loaded.lookup('far')[0]?.[0]).toBeInstanceOf(Int32Array);
    expect(Array.from(loaded.lookup('unordered')[0]?.[0] ?? [])).toEqual(unordered);
    // FlexSearch gets ids, never gaps.
    expect(loaded.get('near')?.[0]).toBeInstanceOf(Int32Array);
  });

  it.each([
    ['truncated', (b: Buffer) => b.subarray(0, b.length - 4)],
    ['too short for its header', (b: Buffer) => b.subarray(0, 5)],
    ['with more terms than it holds', (b: Buffer) => (b.writeUInt32LE(4, 0), b)],
    ['with a bucket longer than its ids', (b: Buffer) => (b.writeInt32LE(1_000_000, b.length - 4 * 13), b)],
    ['with term ends out of order', (b: Buffer) => (b.writeInt32LE(1, 16 + 12 + 8), b)],
    ['with gaps of no ids', (b: Buffer) => (b.writeInt32LE(-2, b.length - 4 * 13), b)],
  ])('refuses a chunk %s', (_name, damage) => {
    expect(() => decodePostings(damage(encodePostings(map)))).toThrow();
  });
});
