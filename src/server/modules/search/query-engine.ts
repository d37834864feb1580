// Runs a parsed query against the in-memory index: words and phrases (AND), exclusions, path and
// tag filters, the trash rule and the permission check, then one page of results in order. Only
// phrases need page bodies (to check word order), and only for the hits shown (phrase-check.ts).
import type { AccessContext } from '../../policies/page-access';
import type { SearchQuery } from '../../../shared/search-query';
import type { PageFacts } from './facts-table';
import { isTrashPath } from '../../../shared/page-path';
import type { PageIndex } from './page-index';
import { docOrder, newestFirst, TopK } from './ranking';
import { MarksPool } from './marks-pool';
import { PhraseCheck } from './phrase-check';
import { VISIBLE, VISIBLE_IN_TRASH } from './visible-pages';
import { everyDocument, markMatches, matchAllWords } from './word-matcher';

export type SearchSort = 'relevance' | 'updatedAt';
export type SearchOrder = 'asc' | 'desc';

export interface Hit {
  docId: number;
  facts: PageFacts;
  score: number;
}

/** Reads bodies by page id; the phrase check asks in slices. */
export type BodyReader = (pageIds: string[]) => Map<string, string>;

export interface QueryResult {
  total: number;
  /** The hits from offset to offset + limit, in order. */
  page: Hit[];
}

/** The query's own marks by document id, reused from query to query (marks-pool.ts). */
const queryMarks = new MarksPool();
const PATH_SLOT = 0;
const TAG_SLOT = 1;
const EXCLUDED_SLOT = 2;

export function isUnderPrefix(path: string, prefix: string): boolean {
  return prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * prefix: and -prefix: as marks by document id (1 under a wanted prefix, 2 under an unwanted one),
 * found by range in the sorted paths; null when the query has neither.
 */
function pathMarks(index: PageIndex, query: SearchQuery): ((docId: number) => boolean) | null {
  const { prefixes, excludedPrefixes } = query;
  if (prefixes.length + excludedPrefixes.length === 0) return null;
  const marks = queryMarks.zeroed(PATH_SLOT, index.docIdLimit);
  for (const p of prefixes) index.facts.pathRanges.mark(p, marks, 1);
  for (const p of excludedPrefixes) index.facts.pathRanges.mark(p, marks, 2);
  return prefixes.length > 0 ? (docId) => marks[docId] === 1 : (docId) => marks[docId] !== 2;
}

/**
 * tag: and -tag: as a test by document id, or null when the query has neither: a page passes when it
 * carries every wanted tag (an untagged page never passes tag:) and no unwanted one.
 */
function tagMarks(index: PageIndex, query: SearchQuery): ((docId: number) => boolean) | null {
  const wanted = [...new Set(query.tags.map((t) => t.toLowerCase()))].slice(0, 254);
  const unwanted = query.excludedTags;
  if (wanted.length + unwanted.length === 0) return null;
  const marks = queryMarks.zeroed(TAG_SLOT, index.docIdLimit); // how many wanted tags; 255: an unwanted one
  for (const tag of wanted)
    for (const docId of index.facts.taggedWith(tag)) marks[docId] = (marks[docId] ?? 0) + 1;
  for (const tag of unwanted) for (const docId of index.facts.taggedWith(tag)) marks[docId] = 255;
  const need = wanted.length;
  return (docId) => marks[docId] === need;
}

/** The readable hits of the query, counted, and one page of them in order. */
export function runQuery(
  index: PageIndex,
  query: SearchQuery,
  access: AccessContext,
  readBodies: BodyReader,
  options: { by: SearchSort; order: SearchOrder; offset: number; limit: number },
): QueryResult {
  const matched = matchAllWords(index, query.terms, query.phrases);
  const { docIds, count } = matched ?? everyDocument(index);
  let excluded: Uint8Array | null = null;
  for (const word of query.excludedTerms) {
    excluded ??= queryMarks.zeroed(EXCLUDED_SLOT, index.docIdLimit);
    markMatches(index, word, excluded);
  }
  const byPath = pathMarks(index, query);
  const byTags = tagMarks(index, query);
  // Trash only when asked for.
  const pass = query.prefixes.some((p) => isTrashPath(p)) ? VISIBLE | VISIBLE_IN_TRASH : VISIBLE;
  // Permission first: nothing below ever sees a page the viewer may not list.
  const visible = index.visibleTo(access);

  const scores = matched?.scores ?? null;
  const order = docOrder({ scores, updatedAt: index.facts.updatedAt }, options.by, options.order);
  const top = new TopK(options.offset + options.limit, order);
  // Phrases: collect, then rank with each page's phrase filter, reading only the hits shown
  // (PhraseCheck). Otherwise rank as we go.
  const phrases = new PhraseCheck(index, query, readBodies);
  const needsText = phrases.any;
  let passed = 0; // with phrases: the candidates that pass, moved to the front of docIds
  let total = 0;
  for (let i = 0; i < count; i++) {
    const docId = docIds[i] as number;
    if (!((visible[docId] as number) & pass)) continue;
    if (excluded !== null && excluded[docId] === 1) continue;
    if (byPath !== null && !byPath(docId)) continue;
    if (byTags !== null && !byTags(docId)) continue;
    if (needsText)
      docIds[passed++] = docId; // docIds is the matcher's scratch array
    else {
      total++;
      top.offer(docId);
    }
  }

  let ids = top.ids;
  if (needsText) {
    const candidates = phrases.withoutExcluded(docIds.subarray(0, passed));
    const k = options.offset + options.limit;
    ({ ids, total } = phrases.rankVerified(candidates, k, order, newestFirst(options.by, options.order)));
  }
  const page = ids.slice(options.offset).flatMap((docId) => {
    const facts = index.factsOf(docId);
    return facts ? [{ docId, facts, score: scores?.[docId] ?? 0 }] : [];
  });
  return { total, page };
}
