// The intersection of several words finds exactly the pages holding each of them, in any field,
// for frequent words (most pages) and rare ones alike, in a fresh index and in a reloaded one
// (whose buckets are views and gaps).
import { describe, expect, it } from 'vitest';
import type { IndexablePage } from '../../src/server/modules/pages/index-source';
import { PageIndex } from '../../src/server/modules/search/page-index';
import { matchAllWords } from '../../src/server/modules/search/word-matcher';
import { reloadIndex } from '../helpers/search-index';

// No word begins another, so a word's longer forms (search as you type) add nothing.
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india'];
/** How likely a page's body holds each word: from most pages down to a few. */
const SHARE = [0.9, 0.7, 0.5, 0.5, 0.3, 0.2, 0.1, 0.05, 0.02];
const PAGES = 600;

function wiki(): { pages: IndexablePage[]; holds: (pageId: string, word: string) => boolean } {
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const words = new Map<string, Set<string>>();
  const pages = Array.from({ length: PAGES }, (_, i): IndexablePage => {
    const body = WORDS.filter((_, w) => random() < (SHARE[w] as number));
    const title = random() < 0.3 ? (WORDS[Math.floor(random() * WORDS.length)] as string) : `page${i}`;
    const tags = random() < 0.2 ? [WORDS[Math.floor(random() * WORDS.length)] as string] : [];
    const id = `p${i}`;
    words.set(id, new Set([...body, title, ...tags]));
    return {
      id,
      path: `/area${i}/${title}`,
      grant: 1,
      creatorId: null,
      grantedGroupIds: null,
      updatedAt: i,
      body: `Notes ${body.join(' filler ')}.`,
      tags,
    };
  });
  return { pages, holds: (pageId, word) => words.get(pageId)?.has(word) ?? false };
}

function found(index: PageIndex, words: string[]): string[] {
  const matched = matchAllWords(index, words);
  if (!matched) return [];
  const ids = Array.from(matched.docIds.subarray(0, matched.count), (docId) => {
    expect(matched.scores[docId]).toBeGreaterThan(0);
    return index.factsOf(docId)?.pageId ?? '';
  });
  expect(new Set(ids).size).toBe(ids.length); // each page once, though it holds a word twice
  return ids.sort();
}

const queries = [
  ...WORDS.map((word) => [word]),
  ['alpha', 'bravo'],
  ['charlie', 'delta'],
  ['alpha', 'bravo', 'charlie'],
  ['delta', 'india'],
  ['alpha', 'golf', 'echo'],
  ['hotel', 'india', 'alpha'],
  ['bravo', 'bravo'],
];

describe('matchAllWords', () => {
  it('finds exactly the pages holding every word, fresh and reloaded', async () => {
    const { pages, holds } = wiki();
    const index = new PageIndex();
    for (const page of pages) index.upsert(page);
    const loaded = await reloadIndex(index);
    for (const words of queries) {
      const expected = pages
        .filter((page) => words.every((word) => holds(page.id, word)))
        .map((page) => page.id)
        .sort();
      expect(found(index, words), words.join(' ')).toEqual(expected);
      expect(found(loaded, words), `${words.join(' ')} reloaded`).toEqual(expected);
    }
  });

  it('ranks a page holding a word in its title above one holding it in the body alone', () => {
    const index = new PageIndex();
    const { pages } = wiki();
    for (const page of pages) index.upsert(page);
    const titled = pages.find((page) => page.path.endsWith('/delta') && !page.body.includes('delta'));
    const bodyOnly = pages.find((page) => !page.path.endsWith('/delta') && page.body.includes('delta'));
    const matched = matchAllWords(index, ['delta'])!;
    const score = (pageId: string) => matched.scores[index.docIdOf(pageId) ?? 0] ?? 0;
    expect(score(titled!.id)).toBeGreaterThan(score(bodyOnly!.id));
  });
});
