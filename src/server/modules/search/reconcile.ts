// What a saved index missed: pages changed while no server was listening (a crash before the save,
// a restored backup). Compared by the facts an event would have changed; the pages found are
// re-indexed from the database. Tags are compared too: a change of tags alone does not touch the
// page row.
import type { PageIndex } from './page-index';
import type { PageStampRow, PageTagRow } from '../pages/index-source';

function sameTags(indexed: readonly string[], stored: readonly string[]): boolean {
  return indexed.length === stored.length && indexed.every((tag) => stored.includes(tag));
}

/** Ids of pages whose facts differ from the index's, or that the index lacks or still holds but are gone. */
export function missedChanges(
  index: PageIndex,
  stamps: Iterable<PageStampRow>,
  tagRows: Iterable<PageTagRow>,
): string[] {
  const tagsByPage = new Map<string, string[]>();
  for (const [pageId, name] of tagRows) {
    const tags = tagsByPage.get(pageId);
    if (tags) tags.push(name);
    else tagsByPage.set(pageId, [name]);
  }
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
      facts.updatedAt !== updatedAt ||
      !sameTags(facts.tags, tagsByPage.get(id) ?? [])
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
