import { describe, expect, it } from 'vitest';
import { holdsPhrase } from '../../src/server/modules/search/phrase-check';
import { pairHashes, PhraseFilters, phraseUnits } from '../../src/server/modules/search/phrase-filters';
import { PairPostings } from '../../src/server/modules/search/pair-postings';
import { phraseForm } from '../../src/server/modules/search/tokenizer';

const pairs = (phrase: string) => pairHashes(phraseUnits(phrase));

describe('phrase filters', () => {
  it('say which adjacent words a page may hold, across Markdown marks but not across texts', () => {
    const filters = new PhraseFilters();
    filters.set(
      7,
      ['/Ops/Runbook', 'The *deployment* plan, then [rollback](/x) steps. 東京都庁'].map(phraseUnits),
    );
    expect(filters.mayHold(7, pairs('deployment plan'))).toBe(true);
    expect(filters.mayHold(7, pairs('plan then rollback steps'))).toBe(true);
    expect(filters.mayHold(7, pairs('東京都'))).toBe(true);
    expect(filters.mayHold(7, pairs('ops runbook'))).toBe(true);
    expect(filters.mayHold(7, pairs('runbook the'))).toBe(false); // path and body never join
    expect(filters.mayHold(7, pairs('plan deployment'))).toBe(false);
    expect(filters.mayHold(8, pairs('deployment plan'))).toBe(false); // no such document
  });

  it('rule out nearly every page that holds the words apart (Bloom false positives stay rare)', () => {
    const filters = new PhraseFilters();
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`);
    for (let id = 1; id <= 1000; id++) {
      const shuffled = [...words].sort(() => Math.sin(id * 7919 + words.length) - 0.5);
      filters.set(id, [shuffled.slice(0, 300).join(' ')].map(phraseUnits));
    }
    let positives = 0;
    for (let id = 1; id <= 1000; id++) if (filters.mayHold(id, pairs('zz1 zz2'))) positives++;
    expect(positives).toBeLessThan(50);
  });

  it('survive saving and loading, forgetting cleared documents', () => {
    const filters = new PhraseFilters();
    filters.set(3, ['release notes for May'].map(phraseUnits));
    filters.set(2000, ['a quarterly review'].map(phraseUnits));
    filters.set(5, ['gone soon'].map(phraseUnits));
    filters.clear(5);
    const loaded = new PhraseFilters();
    loaded.decode(filters.encode());
    expect(loaded.mayHold(3, pairs('release notes'))).toBe(true);
    expect(loaded.mayHold(2000, pairs('quarterly review'))).toBe(true);
    expect(loaded.mayHold(5, pairs('gone soon'))).toBe(false);
    expect(() => new PhraseFilters().decode(new Uint8Array([1, 0, 0, 0, 9]))).toThrow('malformed');
  });

  it('check phrases as whole words, except inside CJK text', () => {
    const text = phraseForm('We redeploy plans; deploy plan. 東京都庁');
    expect(holdsPhrase(text, 'deploy plan')).toBe(true);
    expect(holdsPhrase(phraseForm('redeploy plans'), 'deploy plan')).toBe(false);
    expect(holdsPhrase(text, '京都')).toBe(true);
  });
});

describe('pair lists of frequent words', () => {
  const ids = (pairs: PairPostings, key: number) => {
    const out = new Uint8Array(64);
    pairs.mark(key, out, 1);
    return [...out.keys()].filter((id) => out[id] === 1);
  };

  it('list each page once per pair, from their start, across a save and load', () => {
    const pairs = new PairPostings();
    pairs.add(1, [['release', 'notes']]); // before the start: not listed
    pairs.activate(['release', 'notes', 'the'], 3);
    pairs.add(3, [['the', 'release', 'notes', 'release', 'notes']]);
    pairs.add(40, [['release', 'notes']]);
    const key = pairs.keyOf('release', 'notes');
    expect(pairs.keyOf('release', 'plan')).toBe(-1);
    expect(ids(pairs, key)).toEqual([3, 40]);
    const loaded = new PairPostings();
    loaded.decode(pairs.encode());
    loaded.add(41, [['release', 'notes']]);
    expect(ids(loaded, key)).toEqual([3, 40, 41]);
    expect(ids(loaded, loaded.keyOf('notes', 'release'))).toEqual([3]);
  });

  it('save lists grown after a load beside the loaded ones, every pair intact', () => {
    const words = ['a', 'b', 'c', 'd', 'e'];
    const pairs = new PairPostings();
    pairs.activate(words, 1);
    const expected = new Map<number, number[]>();
    const add = (target: PairPostings, id: number, units: string[]) => {
      target.add(id, [units]);
      for (let i = 1; i < units.length; i++) {
        const key = target.keyOf(units[i - 1] as string, units[i] as string);
        const list = expected.get(key) ?? [];
        if (list.at(-1) !== id) list.push(id);
        expected.set(key, list);
      }
    };
    add(pairs, 2, ['a', 'b', 'c']);
    add(pairs, 5, ['d', 'e', 'a']);
    const once = new PairPostings();
    once.decode(pairs.encode());
    // Grown after the load: keys before, between and after the loaded ones, and a loaded key.
    add(once, 9, ['a', 'a', 'b']);
    add(once, 12, ['e', 'e', 'c', 'd']);
    const twice = new PairPostings();
    twice.decode(once.encode());
    // A save folds what grew into the loaded lists: what the same postings list after it continues.
    add(once, 15, ['c', 'd', 'b']);
    const thrice = new PairPostings();
    thrice.decode(once.encode());
    add(twice, 15, ['c', 'd', 'b']);
    add(twice, 20, ['b', 'c']);
    add(thrice, 20, ['b', 'c']);
    for (const first of words)
      for (const second of words) {
        const key = twice.keyOf(first, second);
        expect(ids(twice, key), `${first} ${second}`).toEqual(expected.get(key) ?? []);
        expect(ids(thrice, key), `${first} ${second} after two saves`).toEqual(expected.get(key) ?? []);
        expect(ids(once, key), `${first} ${second} as held`).toEqual(
          (expected.get(key) ?? []).filter((id) => id < 20),
        );
      }
  });

  it('save a small wiki without lists in a few bytes, and refuse a damaged chunk', () => {
    const small = new PairPostings().encode();
    expect(small.length).toBeLessThan(64);
    const loaded = new PairPostings();
    loaded.decode(small);
    expect(loaded.active).toBe(false);
    const pairs = new PairPostings();
    pairs.activate(['a', 'b'], 1);
    expect(() => new PairPostings().decode(pairs.encode().subarray(0, 100))).toThrow('malformed');
  });
});
