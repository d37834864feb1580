// The in-memory page index across a save and reload: document ids of removed pages stay dead.
import { describe, expect, it } from 'vitest';
import { PageIndex } from '../../src/server/modules/search/page-index';
import { GapBucket } from '../../src/server/modules/search/postings-codec';
import { LoadedTermMap } from '../../src/server/modules/search/term-map';
import type { IndexablePage, PageStampRow } from '../../src/server/modules/pages/index-source';
import { missedChanges } from '../../src/server/modules/search/reconcile';
import { runQuery } from '../../src/server/modules/search/query-engine';
import { ACTIVATE_AT } from '../../src/server/modules/search/pair-postings';
import { parseSearchQuery } from '../../src/shared/search-query';
import { reloadIndex } from '../helpers/search-index';

function page(id: string, body: string): IndexablePage {
  return {
    id,
    path: `/${id}`,
    grant: 1,
    creatorId: null,
    grantedGroupIds: null,
    updatedAt: 1,
    body,
    tags: [],
  };
}

const livePagesMatching = (index: PageIndex, word: string) =>
  index
    .postingsOf(word)
    .flatMap((field) => field.buckets.flatMap((ids) => (ids ? [...ids] : [])))
    .map((docId) => index.factsOf(docId)?.pageId)
    .filter((id) => id !== undefined);

describe('PageIndex', () => {
  it('makes every document’s facts in one shape, the page id read through it when asked', () => {
    const index = new PageIndex();
    index.upsert({ ...page('first', 'one'), tags: ['a'] });
    index.upsert({ ...page('second', 'two'), grant: 4, creatorId: 'u1' });
    const [first, second] = [index.factsOfPage('first')!, index.factsOfPage('second')!];

    expect({ pageId: first.pageId, path: first.path, tags: first.tags }).toEqual({
      pageId: 'first',
      path: '/first',
      tags: ['a'],
    });
    expect({ pageId: second.pageId, grant: second.grant, creatorId: second.creatorId }).toEqual({
      pageId: 'second',
      grant: 4,
      creatorId: 'u1',
    });
    // Not an object literal with a getter: V8 makes such a literal a map of its own each time, in
    // the old generation (a search's hits and a permission mask's every document; issue 32).
    expect(Object.getOwnPropertyDescriptor(first, 'pageId')).toBeUndefined();
    expect(Object.getPrototypeOf(first)).toBe(Object.getPrototypeOf(second));
  });

  it('never gives a removed page’s document id to a page added after a reload', async () => {
    const index = new PageIndex();
    index.upsert(page('kept', 'ordinary words'));
    index.upsert(page('gone', 'zebra crossing'));
    index.remove('gone'); // the highest id is now dead, its words still in FlexSearch

    const loaded = await reloadIndex(index);
    loaded.upsert(page('fresh', 'nothing striped here'));

    // A reused id would make FlexSearch drop the dead words first, scanning every term of the index
    // (the slow path page-index.ts exists to avoid).
    expect(loaded.docIdOf('fresh')).toBe(3);
    expect(livePagesMatching(loaded, 'zebra')).toEqual([]);
    expect(livePagesMatching(loaded, 'striped')).toEqual(['fresh']);
  });

  it('keeps large loaded buckets compact, and indexes new pages into them after a reload', async () => {
    const index = new PageIndex();
    for (let i = 0; i < 40; i++) index.upsert(page(`p${i}`, `common words ${i % 2 ? 'odd' : 'even'}`));
    const loaded = await reloadIndex(index);
    const bodyBuckets = () => loaded.postingsOf('common').find((f) => f.weight === 1)!.buckets;
    expect(bodyBuckets().some((ids) => ids instanceof GapBucket)).toBe(true);

    loaded.upsert(page('late', 'common and new'));
    loaded.upsert(page('p0', 'changed entirely')); // p0 no longer says "common"
    // The new page's id went to the term's tail, a second part beside the loaded gaps.
    const parts = loaded.postingsOf('common').filter((f) => f.weight === 1);
    expect(parts.map((f) => f.buckets.some((ids) => Array.isArray(ids)))).toEqual([false, true]);
    expect(bodyBuckets().some((ids) => ids instanceof GapBucket)).toBe(true);
    const expected = [...Array.from({ length: 39 }, (_, i) => `p${i + 1}`), 'late'].sort();
    expect(livePagesMatching(loaded, 'common').sort()).toEqual(expected);
    expect(livePagesMatching(loaded, 'odd')).toHaveLength(20);

    // And the whole survives another save and reload.
    const again = await reloadIndex(loaded);
    expect(livePagesMatching(again, 'common').sort()).toEqual(expected);
    expect(livePagesMatching(again, 'changed')).toEqual(['p0']);
  });

  it('finds the pages of rare and frequent words, and of both, read from gaps after a reload', async () => {
    const index = new PageIndex();
    for (let i = 0; i < 300; i++) index.upsert(page(`p${i}`, `${i % 50 === 7 ? 'rare ' : ''}plain ${i}`));
    const loaded = await reloadIndex(index);
    const pagesOf = (q: string) =>
      runQuery(
        loaded,
        parseSearchQuery(q),
        { viewer: null, restrictGuestMode: 'Readonly' },
        () => new Map(),
        {
          by: 'relevance',
          order: 'desc',
          offset: 0,
          limit: 500,
        },
      )
        .page.map((hit) => hit.facts.pageId)
        .sort();
    const rare = ['p7', 'p57', 'p107', 'p157', 'p207', 'p257'].sort();
    expect(loaded.postingsOf('rare').some((f) => f.buckets.some((ids) => ids instanceof GapBucket))).toBe(
      true,
    );
    expect(pagesOf('rare')).toEqual(rare);
    expect(pagesOf('plain')).toHaveLength(300);
    expect(pagesOf('plain rare')).toEqual(rare); // the rarest word's pages collected from its gaps
  });

  it('folds the ids added since the load back into bytes at each save', async () => {
    const index = new PageIndex();
    for (let i = 0; i < 40; i++) index.upsert(page(`p${i}`, `common words ${i}`));
    const loaded = await reloadIndex(index);
    const bodyMap = () =>
      (loaded.document as unknown as { index: Map<string, { map: unknown }> }).index.get('body')!.map;
    loaded.upsert(page('late', 'common and new'));
    expect((bodyMap() as LoadedTermMap).tailCount).toBe(3);

    await loaded.exportChunks(() => undefined);
    expect(bodyMap()).toBeInstanceOf(LoadedTermMap);
    expect((bodyMap() as LoadedTermMap).tailCount).toBe(0);
    expect(livePagesMatching(loaded, 'common')).toHaveLength(41);
    expect(livePagesMatching(loaded, 'new')).toEqual(['late']);
    loaded.upsert(page('later', 'new again'));
    expect(livePagesMatching(loaded, 'new').sort()).toEqual(['late', 'later']);
  });

  it('saves the facts first: a page changed while the later chunks are written is re-indexed after a reload', async () => {
    const index = new PageIndex();
    index.upsert(page('notes', 'the first draft'));
    const chunks: [string, Buffer][] = [];
    await index.exportChunks((key, data) => {
      chunks.push([key, typeof data === 'string' ? Buffer.from(data) : data]);
      // Between two chunks, as the store lets requests in: the page is saved with new words.
      if (chunks.length === 1) index.upsert({ ...page('notes', 'the final roadmap'), updatedAt: 2 });
    });
    const loaded = new PageIndex();
    for (const [key, data] of chunks) loaded.importChunk(key, data);
    const stamps: PageStampRow[] = [['notes', '/notes', 1, null, null, 2]];
    expect(missedChanges(loaded, stamps, [])).toEqual(['notes']); // older in the saved facts
    loaded.upsert({ ...page('notes', 'the final roadmap'), updatedAt: 2 }); // what the start does
    expect(livePagesMatching(loaded, 'roadmap')).toEqual(['notes']);
    expect(livePagesMatching(loaded, 'draft')).toEqual([]);
  });

  it('writes the facts in slices: pages saved or deleted meanwhile are listed once or re-indexed', async () => {
    const index = new PageIndex();
    const ids = Array.from({ length: 4500 }, (_, i) => `p${i}`);
    for (const id of ids) index.upsert(page(id, `words of ${id}`));
    const chunks: [string, Buffer][] = [];
    const exported = index.exportChunks((key, data) => {
      chunks.push([key, typeof data === 'string' ? Buffer.from(data) : data]);
    });
    // Runs after the first two slices of facts are made, before the third: p10's row is written,
    // p4200's and p4300's are not yet.
    setImmediate(() => {
      index.upsert({ ...page('p10', 'the final roadmap'), updatedAt: 2 });
      index.upsert({ ...page('p4200', 'another roadmap'), updatedAt: 2 });
      index.remove('p4300');
    });
    await exported;
    const loaded = new PageIndex();
    for (const [key, data] of chunks) loaded.importChunk(key, data);
    expect(loaded.size).toBe(4498); // p10 at its old id; p4200 and p4300 left out
    const stamps: PageStampRow[] = ids
      .filter((id) => id !== 'p4300')
      .map((id) => [id, `/${id}`, 1, null, null, id === 'p10' || id === 'p4200' ? 2 : 1]);
    expect(missedChanges(loaded, stamps, [])).toEqual(['p10', 'p4200']);
    for (const id of ['p10', 'p4200']) loaded.upsert({ ...page(id, `roadmap of ${id}`), updatedAt: 2 });
    expect(livePagesMatching(loaded, 'roadmap').sort()).toEqual(['p10', 'p4200']);
    expect(livePagesMatching(loaded, 'p4300')).toEqual([]);
  });

  it('refuses a malformed next document id', () => {
    expect(() => new PageIndex().importChunk('next', Buffer.from('many'))).toThrow('malformed');
  });
});

describe('tag: and -tag:', () => {
  const index = new PageIndex();
  index.upsert({ ...page('both', 'note'), tags: ['Alpha', 'beta'] });
  index.upsert({ ...page('alpha', 'note'), tags: ['alpha'] });
  index.upsert(page('untagged', 'note'));
  const guest = { viewer: null, restrictGuestMode: 'Readonly' } as const;
  const found = (q: string) =>
    runQuery(index, parseSearchQuery(q), guest, () => new Map(), {
      by: 'relevance',
      order: 'desc',
      offset: 0,
      limit: 10,
    })
      .page.map((hit) => hit.facts.pageId)
      .sort();

  it('wants every tag given, whatever its case, and never an untagged page', () => {
    expect(found('note tag:ALPHA tag:Beta')).toEqual(['both']);
    expect(found('tag:alpha')).toEqual(['alpha', 'both']);
  });

  it('drops pages carrying an excluded tag, untagged pages included in what is left', () => {
    expect(found('note -tag:BETA')).toEqual(['alpha', 'untagged']);
    expect(found('tag:alpha -tag:beta')).toEqual(['alpha']);
  });

  it('forgets a page’s old tags when it changes', () => {
    index.upsert({ ...page('alpha', 'note'), tags: ['gamma'] });
    expect(found('tag:alpha')).toEqual(['both']);
    expect(found('tag:gamma')).toEqual(['alpha']);
  });
});

describe('phrases in a wiki large enough for pair lists', () => {
  const viewer = { viewer: { id: 'u', admin: true }, restrictGuestMode: 'Readonly' as const };
  const phrase = (index: PageIndex, q: string) =>
    runQuery(
      index,
      parseSearchQuery(q),
      viewer,
      (ids) => new Map(ids.map((id) => [id, index.factsOfPage(id) ? (bodies.get(id) ?? '') : ''])),
      { by: 'relevance', order: 'desc', offset: 0, limit: 100 },
    );
  const bodies = new Map<string, string>();
  const add = (index: PageIndex, id: string, body: string) => {
    bodies.set(id, body);
    index.upsert(page(id, body));
  };

  it('finds frequent-word phrases exactly before and after the lists start, and after a reload', async () => {
    const index = new PageIndex();
    add(index, 'early', 'the release notes of the day'); // before the lists start: the filter answers
    for (let i = 0; i < ACTIVATE_AT; i++) add(index, `filler${i}`, `the notes and the release of item ${i}`);
    expect(index.pairs.active).toBe(true);
    add(index, 'late', 'read the release notes today');
    add(index, 'apart', 'release the notes'); // both words, never adjacent
    const found = (result: ReturnType<typeof phrase>) => result.page.map((hit) => hit.facts.pageId).sort();
    expect(found(phrase(index, '"release notes"'))).toEqual(['early', 'late']);
    expect(phrase(index, '"release notes"').total).toBe(2);
    const loaded = await reloadIndex(index);
    expect(loaded.pairs.active).toBe(true);
    add(loaded, 'later', 'new release notes');
    expect(found(phrase(loaded, '"release notes"'))).toEqual(['early', 'late', 'later']);
    expect(found(phrase(loaded, '"notes release"'))).toEqual([]);
  });
});
