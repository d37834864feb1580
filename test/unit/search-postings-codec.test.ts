// FlexSearch's term maps in binary: what goes in comes back (holes, CJK terms, empty maps), from
// any byte offset, and damaged bytes are refused rather than loaded.
import { describe, expect, it } from 'vitest';
import { decodePostings, encodePostings, type Buckets } from '../../src/server/modules/search/postings-codec';

const map = new Map<string, Buckets>([
  ['alpha', [[1, 2, 3]]],
  // A hole where FlexSearch left a rank bucket empty, as its own arrays have.
  // eslint-disable-next-line no-sparse-arrays
  ['東京', [, [4], [5, 6]]],
  ['z', [[]]],
]);

describe('postings codec', () => {
  it('gives back the same terms and buckets, holes included', () => {
    const decoded = decodePostings(encodePostings(map));
    expect(decoded).toEqual([...map]);
    expect(1 in (decoded[1]?.[1] ?? [])).toBe(true);
    expect(0 in (decoded[1]?.[1] ?? [])).toBe(false);
  });

  it('reads bytes that do not start on a 4-byte boundary', () => {
    const bytes = encodePostings(map);
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(decodePostings(shifted.subarray(1))).toEqual([...map]);
  });

  it('writes and reads an empty map', () => {
    expect(decodePostings(encodePostings(new Map()))).toEqual([]);
  });

  it.each([
    ['truncated', (b: Buffer) => b.subarray(0, b.length - 4)],
    ['too short for its header', (b: Buffer) => b.subarray(0, 5)],
    ['with a shape past its end', (b: Buffer) => (b.writeUInt32LE(1_000_000, 4), b)],
    ['with terms that are not JSON', (b: Buffer) => (b.write('{', 8), b)],
  ])('refuses a chunk %s', (_name, damage) => {
    expect(() => decodePostings(damage(encodePostings(map)))).toThrow();
  });
});
