// A loaded term map stands in for FlexSearch's Map: lookups find the chunk's terms in place, a
// search leaves nothing behind, and what FlexSearch adds while indexing a page lands and is saved.
import { describe, expect, it } from 'vitest';
import {
  decodePostings,
  encodePostings,
  LoadedBucket,
  type Buckets,
} from '../../src/server/modules/search/postings-codec';
import { LoadedTermMap } from '../../src/server/modules/search/term-map';

const source = new Map<string, Buckets>([
  ['alpha', [[1, 2, 3]]],
  // eslint-disable-next-line no-sparse-arrays
  ['東京', [, [4], [5, 6]]],
  ['beta', [[7]]],
]);

function load(map: ReadonlyMap<string, Buckets> = source) {
  let adding = false;
  const loaded = new LoadedTermMap(decodePostings(encodePostings(map)), () => adding);
  return { loaded, whileAdding: (work: () => void) => ((adding = true), work(), (adding = false)) };
}

const plain = (buckets: Buckets | undefined) => buckets?.map((ids) => (ids ? Array.from(ids) : ids));

/** What FlexSearch's add does with a term (index/add.js): get or set, then push into a bucket. */
function flexSearchAdd(map: LoadedTermMap, term: string, score: number, id: number): void {
  let buckets = map.get(term);
  if (!buckets) map.set(term, (buckets = []));
  // While adding, a loaded map answers the term's tail: plain arrays, never loaded buckets.
  ((buckets[score] ||= []) as number[]).push(id);
}

describe('loaded term map', () => {
  it('finds each loaded term and its buckets as views, and nothing for other words', () => {
    const { loaded } = load();
    expect(plain(loaded.get('東京'))).toEqual(plain(source.get('東京')));
    expect(loaded.get('alpha')?.[0]).toBeInstanceOf(LoadedBucket);
    expect(loaded.get('gamma')).toBeUndefined();
    expect(loaded.get('alph')).toBeUndefined();
    expect(plain(loaded.get('beta'))).toEqual([[7]]);
    expect([...loaded.keys()]).toEqual(['alpha', '東京', 'beta']);
    expect(loaded.size).toBe(3);
  });

  it('finds terms among thousands, their hashes colliding', () => {
    const many = new Map<string, Buckets>(Array.from({ length: 5000 }, (_, i) => [`w${i}`, [[i + 1]]]));
    const { loaded } = load(many);
    for (let i = 0; i < 5000; i += 7) expect(plain(loaded.get(`w${i}`))).toEqual([[i + 1]]);
    expect(loaded.get('w5000')).toBeUndefined();
  });

  it('leaves nothing behind after a search’s lookups', () => {
    const { loaded } = load();
    const before = loaded.encode();
    loaded.get('alpha');
    loaded.get('beta');
    expect(loaded.size).toBe(3);
    expect(loaded.encode()).toEqual(before);
  });

  it('keeps what FlexSearch adds to loaded and new terms, and saves it', () => {
    const { loaded, whileAdding } = load();
    whileAdding(() => {
      flexSearchAdd(loaded, 'alpha', 0, 8);
      flexSearchAdd(loaded, 'alpha', 2, 9);
      flexSearchAdd(loaded, 'gamma', 0, 8);
    });
    expect(plain(loaded.get('alpha'))).toEqual([[1, 2, 3, 8], undefined, [9]]);
    expect(plain(loaded.get('gamma'))).toEqual([[8]]);
    expect(loaded.size).toBe(4);
    expect([...loaded.keys()].sort()).toEqual(['alpha', 'beta', 'gamma', '東京']);

    const again = new LoadedTermMap(decodePostings(loaded.encode()), () => false);
    expect(new Map([...again].map(([term, buckets]) => [term, plain(buckets)]))).toEqual(
      new Map([
        ['東京', plain(source.get('東京'))],
        ['beta', [[7]]],
        ['alpha', [[1, 2, 3, 8], undefined, [9]]],
        ['gamma', [[8]]],
      ]),
    );
  });

  it('puts what FlexSearch adds to a loaded term in a tail of its own, the loaded ids untouched', () => {
    const { loaded, whileAdding } = load();
    whileAdding(() => flexSearchAdd(loaded, 'alpha', 0, 8));
    const [stored, tail] = loaded.lookup('alpha');
    expect(stored?.[0]).toBeInstanceOf(LoadedBucket);
    expect(plain(stored as Buckets)).toEqual([[1, 2, 3]]);
    expect(tail).toEqual([[8]]);
    expect(loaded.tailCount).toBe(1);
    // FlexSearch's own search of several terms sees the term whole.
    expect(plain(loaded.get('alpha'))).toEqual([[1, 2, 3, 8]]);
  });

  it('forgets every term when FlexSearch clears it', () => {
    const { loaded } = load();
    loaded.clear();
    expect(loaded.size).toBe(0);
    expect(loaded.get('alpha')).toBeUndefined();
    expect(new LoadedTermMap(decodePostings(loaded.encode()), () => false).size).toBe(0);
  });
});
