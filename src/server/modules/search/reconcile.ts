// What a saved index missed: pages changed while no server was listening (a crash before the save,
// a restored backup). Compared by the facts an event would have changed; the pages found are
// re-indexed from the database.
import type { PageIndex } from './page-index';
import type { PageStampRow } from './page-source';

/** Ids of pages whose facts differ from the index's, or that the index lacks or still holds but are gone. */
export function missedChanges(index: PageIndex, stamps: Iterable<PageStampRow>): string[] {
  const missed: string[] = [];
  const ids: string[] = [];
  let current = 0;
  for (const [id, path, grant, creatorId, grantedGroupIds, updatedAt] of stamps) {
    ids.push(id);
    const facts = index.factsOfPage(id);
    if (
      !facts ||
      facts.path !== path ||
      facts.grant !== grant ||
      facts.creatorId !== creatorId ||
      facts.grantedGroupIds !== grantedGroupIds ||
      facts.updatedAt !== updatedAt
    ) {
      missed.push(id);
    } else current++;
  }
  // Page ids are unique: when every indexed page matched a stamp, none was deleted meanwhile
  // (which spares a set of 100k ids at every start).
  if (current < index.size) {
    const seen = new Set(ids);
    for (const pageId of index.pageIds()) if (!seen.has(pageId)) missed.push(pageId);
  }
  return missed;
}
