// FlexSearch's register of document ids as bits: it answers as the Set it replaces, and the index
// keeps using it across a save and reload.
import { describe, expect, it } from 'vitest';
import { DocIdSet } from '../../src/server/modules/search/doc-id-set';
import { PageIndex } from '../../src/server/modules/search/page-index';

describe('document id set', () => {
  it('answers has, add, delete, size and its keys as a Set of the same ids would', () => {
    const ids = new DocIdSet();
    const set = new Set<number>();
    for (const id of [5, 1, 40_000, 31, 32, 5, 2_047]) {
      ids.add(id);
      set.add(id);
    }
    expect(ids.delete(31)).toBe(set.delete(31));
    expect(ids.delete(31)).toBe(false);
    expect(ids.delete(1_000_000)).toBe(false);
    expect(ids.size).toBe(set.size);
    expect([...ids]).toEqual([...set].sort((a, b) => a - b));
    expect(ids.has(40_000)).toBe(true);
    expect(ids.has(39_999)).toBe(false);
    expect(ids.has(-1)).toBe(false);
    ids.clear();
    expect([ids.size, [...ids.keys()]]).toEqual([0, []]);
  });

  it('refuses what is not a document id', () => {
    expect(() => new DocIdSet().add(1.5)).toThrow();
    expect(() => new DocIdSet().add(-3)).toThrow();
  });

  it('is the register of the index and of each field, before and after a reload', async () => {
    const index = new PageIndex();
    index.upsert({
      id: 'a',
      path: '/a',
      grant: 1,
      creatorId: null,
      grantedGroupIds: null,
      updatedAt: 1,
      body: 'x',
      tags: [],
    });
    const chunks: [string, Buffer][] = [];
    await index.exportChunks((key, data) => void chunks.push([key, Buffer.from(data)]));
    const loaded = new PageIndex();
    for (const [key, data] of chunks) loaded.importChunk(key, data);
    for (const { document } of [index, loaded]) {
      const internals = document as unknown as { reg: unknown; index: Map<string, { reg: unknown }> };
      expect(internals.reg).toBeInstanceOf(DocIdSet);
      for (const field of internals.index.values()) expect(field.reg).toBe(internals.reg);
      expect(document.contain(1)).toBe(true);
    }
  });
});
