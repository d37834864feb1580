// Runs a parsed query against the in-memory index: words and phrases (AND), exclusions, path and
// tag filters, the trash rule and the permission check, then sorting. Only phrases need page
// bodies (to check word order), and only for pages that already hold every word of the phrase.
import { canListPage, type AccessContext } from '../../policies/page-access';
import type { SearchQuery } from '../../../shared/search-query';
import type { PageIndex, PageFacts } from './page-index';
import { foldText, tokenize } from './tokenizer';

export type SearchSort = 'relevance' | 'updatedAt';
export type SearchOrder = 'asc' | 'desc';

export interface Hit {
  facts: PageFacts;
  score: number;
}

/** Reads bodies by page id; the phrase check asks in slices. */
export type BodyReader = (pageIds: string[]) => Map<string, string>;

const BODY_SLICE = 500;

export function isTrashPath(path: string): boolean {
  return path === '/trash' || path.startsWith('/trash/');
}

export function isUnderPrefix(path: string, prefix: string): boolean {
  return prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);
}

const foldPhrase = (text: string) => foldText(text).replace(/\s+/g, ' ');

/** Intersects the words' matches, smallest first; scores add up. Null when there is no word. */
function matchWords(index: PageIndex, words: string[]): Map<number, number> | null {
  const matches = words
    .filter((word) => tokenize(word).length > 0) // punctuation alone matches everything
    .map((word) => index.match(word))
    .sort((a, b) => a.size - b.size);
  const [first, ...rest] = matches;
  if (!first) return null;
  const result = new Map<number, number>();
  for (const [docId, score] of first) {
    let total = score;
    let everywhere = true;
    for (const other of rest) {
      const s = other.get(docId);
      if (s === undefined) {
        everywhere = false;
        break;
      }
      total += s;
    }
    if (everywhere) result.set(docId, total);
  }
  return result;
}

/** Pages whose path or body holds each phrase as written (case- and width-folded). */
function containsPhrases(hits: Hit[], phrases: string[], readBodies: BodyReader): Set<string> {
  const folded = phrases.map(foldPhrase);
  const found = new Set<string>();
  for (let i = 0; i < hits.length; i += BODY_SLICE) {
    const slice = hits.slice(i, i + BODY_SLICE);
    const bodies = readBodies(slice.map((h) => h.facts.pageId));
    for (const { facts } of slice) {
      // NUL between path and body: a phrase never runs from one into the other.
      const text = foldPhrase(`${facts.path}\u0000${bodies.get(facts.pageId) ?? ''}`);
      if (folded.every((p) => text.includes(p))) found.add(facts.pageId);
    }
  }
  return found;
}

function passesFilters(facts: PageFacts, query: SearchQuery, includeTrash: boolean): boolean {
  if (!includeTrash && isTrashPath(facts.path)) return false;
  if (query.prefixes.length > 0 && !query.prefixes.some((p) => isUnderPrefix(facts.path, p))) return false;
  if (query.excludedPrefixes.some((p) => isUnderPrefix(facts.path, p))) return false;
  const tags = facts.tags.map((t) => t.toLowerCase());
  if (!query.tags.every((t) => tags.includes(t.toLowerCase()))) return false;
  return !query.excludedTags.some((t) => tags.includes(t.toLowerCase()));
}

/** Every readable hit of the query, sorted. Permission comes first: nothing else sees other pages. */
export function runQuery(
  index: PageIndex,
  query: SearchQuery,
  access: AccessContext,
  readBodies: BodyReader,
  sort: { by: SearchSort; order: SearchOrder },
): Hit[] {
  const words = [...query.terms, ...query.phrases];
  const matched = matchWords(index, words);
  const candidates: Iterable<[number, number]> =
    matched ?? index.allDocIds().map((docId): [number, number] => [docId, 0]);
  // Trash is searched only when a prefix asks for it.
  const includeTrash = query.prefixes.some((p) => isTrashPath(p));
  const excluded = new Set<number>();
  for (const word of query.excludedTerms) {
    if (tokenize(word).length > 0) for (const docId of index.match(word).keys()) excluded.add(docId);
  }

  let hits: Hit[] = [];
  for (const [docId, score] of candidates) {
    if (excluded.has(docId)) continue;
    const facts = index.factsOf(docId);
    if (!facts || !canListPage(access, facts) || !passesFilters(facts, query, includeTrash)) continue;
    hits.push({ facts, score });
  }

  if (query.phrases.length > 0) {
    const keep = containsPhrases(hits, query.phrases, readBodies);
    hits = hits.filter((h) => keep.has(h.facts.pageId));
  }
  for (const phrase of query.excludedPhrases) {
    const suspects = matchWords(index, [phrase]);
    if (!suspects) continue;
    const drop = containsPhrases(
      hits.filter((h) => suspects.has(index.docIdOf(h.facts.pageId) ?? -1)),
      [phrase],
      readBodies,
    );
    hits = hits.filter((h) => !drop.has(h.facts.pageId));
  }

  const direction = sort.order === 'asc' ? 1 : -1;
  hits.sort((a, b) =>
    sort.by === 'relevance'
      ? direction * (a.score - b.score) || b.facts.updatedAt - a.facts.updatedAt
      : direction * (a.facts.updatedAt - b.facts.updatedAt),
  );
  return hits;
}
