// The in-memory page index across a save and reload: document ids of removed pages stay dead.
import { describe, expect, it } from 'vitest';
import { PageIndex } from '../../src/server/modules/search/page-index';
import type { IndexablePage } from '../../src/server/modules/search/page-source';

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

async function reload(index: PageIndex): Promise<PageIndex> {
  const chunks: [string, string][] = [];
  await index.exportChunks((key, data) => chunks.push([key, data]));
  const loaded = new PageIndex();
  for (const [key, data] of chunks) loaded.importChunk(key, data);
  return loaded;
}

const livePagesMatching = (index: PageIndex, word: string) =>
  index
    .postingsOf(word)
    .flatMap((field) => field.buckets.flatMap((ids) => ids ?? []))
    .map((docId) => index.factsOf(docId)?.pageId)
    .filter((id) => id !== undefined);

describe('PageIndex', () => {
  it('never gives a removed page’s document id to a page added after a reload', async () => {
    const index = new PageIndex();
    index.upsert(page('kept', 'ordinary words'));
    index.upsert(page('gone', 'zebra crossing'));
    index.remove('gone'); // the highest id is now dead, its words still in FlexSearch

    const loaded = await reload(index);
    loaded.upsert(page('fresh', 'nothing striped here'));

    // A reused id would make FlexSearch drop the dead words first, scanning every term of the index
    // (the slow path page-index.ts exists to avoid).
    expect(loaded.docIdOf('fresh')).toBe(3);
    expect(livePagesMatching(loaded, 'zebra')).toEqual([]);
    expect(livePagesMatching(loaded, 'striped')).toEqual(['fresh']);
  });

  it('refuses a malformed next document id', () => {
    expect(() => new PageIndex().importChunk('next', 'many')).toThrow('malformed');
  });
});
