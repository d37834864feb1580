// FactsTable.docsBy (search/facts-table.ts): each author's live documents, which a viewer's search
// mask reads for the pages only its author may see.
import { describe, expect, it } from 'vitest';
import { FactsTable, type PageFacts } from '../../src/server/modules/search/facts-table';

const facts = (pageId: string, creatorId: string | null): PageFacts => ({
  pageId,
  path: `/${pageId}`,
  grant: 4,
  grantedGroupIds: null,
  creatorId,
  updatedAt: 1,
  tags: [],
});

describe('FactsTable.docsBy', () => {
  it('lists an author’s live documents once each, whoever held them in between', () => {
    const table = new FactsTable();
    table.set(1, facts('a', 'alice'));
    table.set(2, facts('b', 'alice'));
    for (let n = 0; n < 5; n++) {
      table.set(1, facts('a', 'bob'));
      table.set(1, facts('a', 'alice'));
    }
    table.set(3, facts('c', 'bob'));
    table.clear(2);
    const alice = table.creatorNumber('alice');
    const bob = table.creatorNumber('bob');
    expect([...table.docsBy(alice)].sort()).toEqual([1]);
    expect([...table.docsBy(bob)]).toEqual([3]);
    table.set(2, facts('b', 'alice'));
    expect([...table.docsBy(alice)].sort()).toEqual([1, 2]);
  });
});
