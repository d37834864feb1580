// FlexSearch's term maps in binary: what goes in comes back (holes, CJK terms, empty maps), from
// any byte offset, and damaged bytes are refused rather than loaded.
import { describe, expect, it } from 'vitest';
import { decodePostings, encodePostings, type Buckets } from '../../src/server/modules/search/postings-codec';
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

  it.each([
    ['truncated', (b: Buffer) => b.subarray(0, b.length - 4)],
    ['too short for its header', (b: Buffer) => b.subarray(0, 5)],
    ['with more terms than it holds', (b: Buffer) => (b.writeUInt32LE(4, 0), b)],
    ['with a bucket longer than its ids', (b: Buffer) => (b.writeInt32LE(1_000_000, b.length - 4 * 13), b)],
    ['with term ends out of order', (b: Buffer) => (b.writeInt32LE(1, 16 + 12 + 8), b)],
  ])('refuses a chunk %s', (_name, damage) => {
    expect(() => decodePostings(damage(encodePostings(map)))).toThrow();
  });
});
