// "Phrases" and -"phrases" of one query. A page's phrase filter (phrase-filters.ts) rules out most
// pages holding the words apart without reading them; the pages it lets through are ranked, and
// the ones shown (and the pages before them) are read to be sure — a false positive found there is
// dropped and the next hit takes its place. A -"phrase" reads the pages whose filter says they may hold it (removing a page
// on a false positive would hide a page that should be found).
import type { SearchQuery } from '../../../shared/search-query';
import { MarksPool } from './marks-pool';
import type { PageIndex } from './page-index';
import { pairHashes, phraseUnits } from './phrase-filters';
import type { BodyReader } from './query-engine';
import { TopK, type DocOrder } from './ranking';
import { CJK_CHAR, foldText, phraseForm, phraseFormOfFolded } from './tokenizer';
import { markMatches } from './word-matcher';

const BODY_SLICE = 500;
/** Beyond this many candidates a phrase's total is estimated from this many of them. */
const EXACT_TOTAL_UP_TO = 5_000;

/** A phrase as compared: its words with single spaces, none at the ends (see phraseForm). */
const phraseWords = (phrase: string) => phraseForm(phrase).trim();

/** A word ends here: the text's start or end, a space, or a CJK character (each one a word). */
const isEdge = (ch: string | undefined) =>
  ch === undefined || ch === ' ' || ch === '\u0000' || CJK_CHAR.test(ch);

/** Whether the text (in phraseForm) holds the phrase as whole words, as the filters see words. */
export function holdsPhrase(text: string, phrase: string): boolean {
  const cjkStart = CJK_CHAR.test(phrase[0] ?? '');
  const cjkEnd = CJK_CHAR.test(phrase[phrase.length - 1] ?? '');
  for (let at = text.indexOf(phrase); at !== -1; at = text.indexOf(phrase, at + 1)) {
    const end = at + phrase.length;
    if ((cjkStart || isEdge(text[at - 1])) && (cjkEnd || isEdge(text[end]))) return true;
  }
  return false;
}

/** How far past the phrase's first word its last may start: room for link targets between words. */
const WINDOW_AFTER = 512;

/**
 * Whether a folded body holds the phrase. The body is put in phraseForm (about 20 µs for 2 KB)
 * only when its first word is closely followed by its last somewhere: most pages a filter lets
 * through fail before that. Putting a window in phraseForm around each such place instead cost
 * more where the words are frequent in the page: 33 pages of a phrase of two frequent words took
 * 1.2-1.9 ms, 0.66-0.72 ms now (issue 32). A phrase of one word needs only that word.
 */
function bodyHolds(folded: string, phrase: string): boolean {
  const words = phrase.split(' ');
  const first = words[0] ?? '';
  const last = words[words.length - 1] ?? '';
  if (words.length === 1) return folded.includes(first) && holdsPhrase(phraseFormOfFolded(folded), phrase);
  for (let at = folded.indexOf(first); at !== -1; at = folded.indexOf(first, at + 1)) {
    const next = folded.indexOf(last, at + first.length);
    if (next === -1) return false; // no later occurrence of the first word has it after either
    if (next + last.length <= at + phrase.length * 2 + WINDOW_AFTER)
      return holdsPhrase(phraseFormOfFolded(folded), phrase);
  }
  return false;
}

/** One array per phrase of a query (marks-pool.ts). */
const phraseMarks = new MarksPool();

interface PhraseTest {
  /** False when the document surely lacks the phrase. */
  mayHold: (docId: number) => boolean;
  /** True when it surely holds it: a two-word phrase whose pair is listed exactly. */
  surely: (docId: number) => boolean;
}

const never = () => false;

/**
 * Whether a document may hold the phrase: its pairs of frequent words from their exact lists (for
 * the documents the lists cover), its other pairs from the document's filter.
 */
function phraseTest(index: PageIndex, phrase: string, slot: number): PhraseTest {
  const units = phraseUnits(phrase);
  const hashes = pairHashes(units);
  const everyPair = index.phrases.tester(hashes);
  const { pairs } = index;
  if (!pairs.active) return { mayHold: everyPair, surely: never };
  const keys = new Set<number>();
  const rest: number[] = [];
  hashes.forEach((hash, i) => {
    const key = pairs.keyOf(units[i] as string, units[i + 1] as string);
    if (key === -1) rest.push(hash);
    else keys.add(key);
  });
  if (keys.size === 0) return { mayHold: everyPair, surely: never };
  const marks = phraseMarks.zeroed(slot, index.docIdLimit);
  const listed = [...keys].slice(0, 255);
  listed.forEach((key, i) => pairs.mark(key, marks, i + 1));
  const otherPairs = index.phrases.tester(rest);
  const { start } = pairs;
  const need = listed.length;
  const mayHold = (docId: number) =>
    docId < start ? everyPair(docId) : marks[docId] === need && (rest.length === 0 || otherPairs(docId));
  // Two words listed together in a page are the phrase itself: nothing to read.
  const exact = units.length === 2 && rest.length === 0;
  return { mayHold, surely: exact ? (docId) => docId >= start && marks[docId] === need : never };
}

export class PhraseCheck {
  private readonly tests: PhraseTest[];

  constructor(
    private readonly index: PageIndex,
    private readonly query: SearchQuery,
    private readonly readBodies: BodyReader,
  ) {
    this.tests = query.phrases.map((phrase, slot) => phraseTest(index, phrase, slot));
  }

  get any(): boolean {
    return this.query.phrases.length + this.query.excludedPhrases.length > 0;
  }

  /** False when the page surely lacks a wanted phrase. */
  mayMatch(docId: number): boolean {
    for (const test of this.tests) if (!test.mayHold(docId)) return false;
    return true;
  }

  /** True when the page surely holds every phrase, without reading it. */
  private surely(docId: number): boolean {
    for (const test of this.tests) if (!test.surely(docId)) return false;
    return true;
  }

  /** The pages without any -"phrase", read to be sure. */
  withoutExcluded(docIds: Int32Array): Int32Array {
    let kept = docIds;
    for (const phrase of this.query.excludedPhrases) {
      const suspects = new Uint8Array(this.index.docIdLimit);
      markMatches(this.index, phrase, suspects);
      const { mayHold } = phraseTest(this.index, phrase, this.query.phrases.length);
      const drop = new Set(
        this.holding(Array.from(kept.filter((id) => suspects[id] === 1 && mayHold(id))), [phrase]),
      );
      if (drop.size > 0) kept = kept.filter((id) => !drop.has(id));
    }
    return kept;
  }

  /**
   * The best `k` hits in order, each read and holding the phrases, and the total. Only pages that
   * would enter the best `k` are tested against the filters (testing one costs a cache miss, 80 ns;
   * a phrase of frequent words has 90k candidates at 100k pages), and a few more than `k` are
   * ranked and read at once, so a false positive rarely costs a second pass. The total is the pages
   * the filters let through less the false positives read; past EXACT_TOTAL_UP_TO candidates it is
   * estimated from an even sample of them.
   */
  rankVerified(docIds: Int32Array, k: number, order: DocOrder, fromLast: boolean): RankedIds {
    if (this.query.phrases.length === 0)
      return { ids: topOf(docIds, k, order, () => true, fromLast), total: docIds.length };
    const failed = new Set<number>();
    const verified = new Set<number>();
    let spare = Math.ceil(k / 4) + 8;
    const passes = (id: number) => !failed.has(id) && this.mayMatch(id);
    for (;;) {
      const ranked = topOf(docIds, k + spare, order, passes, fromLast);
      const unread = ranked.filter((id) => !verified.has(id) && !this.surely(id));
      const holding = new Set(this.holding(unread, this.query.phrases));
      for (const id of unread) (holding.has(id) ? verified : failed).add(id);
      const ids = ranked.filter((id) => verified.has(id) || this.surely(id));
      // Every page the filters let through was ranked and read: the total is exact.
      if (ranked.length < k + spare) return { ids: ids.slice(0, k), total: ids.length };
      if (ids.length >= k) {
        return { ids: ids.slice(0, k), total: Math.max(ids.length, this.passing(docIds) - failed.size) };
      }
      spare *= 4;
    }
  }

  /** How many of the documents the filters let through: counted, or estimated from a sample. */
  private passing(docIds: Int32Array): number {
    const stride = Math.max(1, docIds.length / EXACT_TOTAL_UP_TO);
    let tested = 0;
    let passed = 0;
    for (let at = 0; at < docIds.length; at += stride) {
      tested++;
      if (this.mayMatch(docIds[Math.floor(at)] as number)) passed++;
    }
    return stride === 1 ? passed : Math.round((passed / tested) * docIds.length);
  }

  /** The pages whose path or body holds every phrase as written, read from the database. */
  private holding(docIds: number[], phrases: string[]): number[] {
    const wanted = phrases.map(phraseWords).filter(Boolean);
    const kept: number[] = [];
    for (let i = 0; i < docIds.length; i += BODY_SLICE) {
      const slice = docIds.slice(i, i + BODY_SLICE);
      const facts = slice.map((id) => this.index.factsOf(id));
      const bodies = this.readBodies(facts.map((f) => f?.pageId ?? ''));
      slice.forEach((id, j) => {
        const f = facts[j];
        if (!f) return;
        const path = phraseForm(f.path);
        const body = foldText(bodies.get(f.pageId) ?? '');
        if (wanted.every((p) => holdsPhrase(path, p) || bodyHolds(body, p))) kept.push(id);
      });
    }
    return kept;
  }
}

export interface RankedIds {
  ids: number[];
  total: number;
}

/**
 * The best `k` of the documents in order that pass `test`, tested only when they would enter;
 * scanned from the last when the best are likely the latest (ranking.ts, newestFirst).
 */
function topOf(
  docIds: Int32Array,
  k: number,
  order: DocOrder,
  test: (docId: number) => boolean,
  fromLast: boolean,
): number[] {
  const top = new TopK(k, order);
  const count = docIds.length;
  for (let n = 0; n < count; n++) {
    const id = docIds[fromLast ? count - 1 - n : n] as number;
    if (top.accepts(id) && test(id)) top.offer(id);
  }
  return top.ids;
}
