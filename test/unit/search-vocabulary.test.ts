import { describe, expect, it } from 'vitest';
import { PackedWords } from '../../src/server/modules/search/packed-words';
import { Vocabulary } from '../../src/server/modules/search/vocabulary';

describe('the vocabulary of longer forms', () => {
  it('lists the longer words a prefix begins, shortest first when there are too many', () => {
    const words = ['deploy', 'deployment', 'deployed', 'depot', 'hand', 'handbook', '東京', 'deploys'];
    const vocabulary = new Vocabulary(() => words);
    expect(vocabulary.longerForms('deploy', 10)).toEqual(['deploys', 'deployed', 'deployment']);
    expect(vocabulary.longerForms('dep', 2)).toEqual(['depot', 'deploy']);
    expect(vocabulary.longerForms('東', 10)).toEqual([]);
    expect(vocabulary.longerForms('zebra', 10)).toEqual([]);
  });

  it('takes the words of pages added after it was built, once each', () => {
    const words = ['alpha'];
    const vocabulary = new Vocabulary(() => words);
    expect(vocabulary.sink).toBeNull(); // not built yet: nothing to keep
    vocabulary.warm();
    vocabulary.sink?.push('alphabet', 'alphabet', 'alpha', 'beta');
    expect(vocabulary.longerForms('alpha', 10)).toEqual(['alphabet']);
    for (let i = 0; i < 5000; i++) vocabulary.sink?.push(`alpha${i}`);
    expect(vocabulary.longerForms('alpha', 6000)).toHaveLength(5001);
    expect(vocabulary.longerForms('alpha4999', 10)).toEqual([]);
    expect(vocabulary.longerForms('alpha499', 10)).toEqual([
      'alpha4990',
      'alpha4991',
      'alpha4992',
      'alpha4993',
      'alpha4994',
      'alpha4995',
      'alpha4996',
      'alpha4997',
      'alpha4998',
      'alpha4999',
    ]);
  });

  it('starts again from the index after a bulk of new words', () => {
    const words = ['one'];
    const vocabulary = new Vocabulary(() => words);
    vocabulary.warm();
    const sink = vocabulary.sink!;
    for (let i = 0; i < 200_001; i++) sink.push(`w${i}`);
    words.push('onerous');
    expect(vocabulary.sink).toBeNull(); // dropped: rebuilt from the index's terms when next read
    expect(vocabulary.longerForms('one', 10)).toEqual(['onerous']);
  });
});

describe('packed words', () => {
  it('finds, reads and merges words of any script in string order', () => {
    const words = PackedWords.of(['apple', 'über', 'zebra', 'ändern'].sort());
    expect(words.has('über')).toBe(true);
    expect(words.has('uber')).toBe(false);
    const merged = words.merged(['banana', 'école', 'ö'].sort());
    const all = Array.from({ length: merged.length }, (_, i) => merged.at(i));
    expect(all).toEqual(['apple', 'banana', 'über', 'zebra', 'ändern', 'école', 'ö'].sort());
    expect(Array.from(merged.lengths)).toEqual(all.map((w) => w.length));
    expect(merged.lowerBound('c')).toBe(2);
  });
});
