// The in-memory index: a FlexSearch Document over title, path, tags and body, plus the few facts
// per page that filtering needs at query time (path, grant, creator, granted groups, update time,
// tags), so a search never reads the database to decide who may see a hit.
import { Document, type DocumentOptions } from 'flexsearch';
import type { AccessContext } from '../../policies/page-access';
import { FactsTable, type FactsRow, type PageFacts } from './facts-table';
import { nextTurn } from '../../lib/next-turn';
import type { IndexablePage } from '../pages/index-source';
import { decodePostings, encodePostings, type Buckets, type PostingList } from './postings-codec';
import { LoadedTermMap, lookupIn, type TermMap } from './term-map';
import { DocIdSet } from './doc-id-set';
import { tokenize } from './tokenizer';
import { VisiblePages } from './visible-pages';
import { Vocabulary } from './vocabulary';
import { PhraseFilters, phraseUnits } from './phrase-filters';
import { ACTIVATE_AT, mostFrequent, PairPostings } from './pair-postings';
import { longerFormPostings, type FieldMap } from './longer-forms';

/** Bump when the fields, tokenizer or options change: a persisted index of another format is rebuilt. */
export const INDEX_FORMAT = 8;

export type { PageFacts };

export const FIELDS = ['title', 'path', 'tags', 'body'] as const;
export type Field = (typeof FIELDS)[number];
/** Document ids per slice of the saved facts: about 5 ms of work at 2,000. */
const FACTS_SLICE = 2_000;

/** A word in the title counts four times a word in the body. */
const WEIGHT: Record<Field, number> = { title: 4, tags: 3, path: 2, body: 1 };
// Resolution is how many rank buckets a term keeps per field: 3 for bodies (a word near the top
// ranks higher) costs ~40 % less memory than the default 9 at 100k pages; titles, paths and tags
// are short, so one bucket says enough.
const RESOLUTION: Record<Field, number> = { title: 1, tags: 1, path: 1, body: 3 };

/** One field's documents holding a word: FlexSearch's rank buckets, best first. Read, never change. */
export interface FieldPostings {
  weight: number;
  resolution: number;
  buckets: readonly (PostingList | undefined)[];
}

type IndexedDoc = { id: number; title: string; path: string; tags: string; body: string };

/**
 * What the export reads of a FlexSearch 0.8 Document: its field indexes' term maps and its register
 * (the structures its own JSON export walks). Pinned version; the save/reload tests fail if it moves.
 */
interface FlexSearchInternals {
  index: Map<string, { map: TermMap; reg: DocIdSet }>;
  reg: DocIdSet;
}
const flexSearchInternals = (document: Document<IndexedDoc>) => document as unknown as FlexSearchInternals;

// Documents are never removed from FlexSearch: its remove() scans every term without `fastupdate`,
// and `fastupdate` registers do not survive export/import in 0.8.212. A changed page gets a new
// document id instead and the old id loses its facts, so queries skip it; the lifecycle rebuilds
// when too many dead ids pile up (deadCount).
// FlexSearch encodes documents and queries with the same function; queries are tokenized more
// sparingly (see tokenize), so the function asks whether a search is running. Searches are
// synchronous, so the flag cannot leak into an add.
let searching = false;
/** While a page is added: where its terms go for the vocabulary (see Vocabulary.sink). */
let termSink: string[] | null = null;
/** While a page is added: FlexSearch's lookups in a loaded term map may change what they find. */
let adding = false;
function encode(text: string): string[] {
  const terms = tokenize(text, searching);
  if (termSink !== null) for (const term of terms) termSink.push(term);
  return terms;
}

const OPTIONS: DocumentOptions<IndexedDoc> = {
  document: {
    id: 'id',
    index: FIELDS.map((field) => ({
      field,
      tokenize: 'strict' as const,
      encode,
      resolution: RESOLUTION[field],
    })),
  },
};

/** The last segment of a path: what the page is called. */
export function titleOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1) || '/';
}

/** The path above the page: the title is indexed on its own, so its words are not stored twice. */
function parentPathOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}

export class PageIndex {
  readonly document = new Document<IndexedDoc>(OPTIONS);
  /** Facts by numeric document id (numbers keep FlexSearch's maps small). */
  readonly facts = new FactsTable();
  readonly vocabulary = new Vocabulary(() => this.allTerms());
  /** Which adjacent words each document may hold, for phrases (see PhraseFilters). */
  readonly phrases = new PhraseFilters();
  /** Exact lists of the frequent words' pairs, for phrases of frequent words (see PairPostings). */
  readonly pairs = new PairPostings();
  private readonly visible = new VisiblePages(this.facts);
  private nextDocId = 1;

  constructor() {
    // FlexSearch's register as bits: the Document and each field index share it (doc-id-set.ts).
    const internals = flexSearchInternals(this.document);
    const reg = new DocIdSet();
    internals.reg = reg;
    for (const fieldIndex of internals.index.values()) fieldIndex.reg = reg;
  }

  get size(): number {
    return this.facts.pageCount;
  }

  factsOf(docId: number): PageFacts | undefined {
    return this.facts.get(docId);
  }

  factsOfPage(pageId: string): PageFacts | undefined {
    const docId = this.facts.docIdOf(pageId);
    return docId === undefined ? undefined : this.facts.get(docId);
  }

  docIdOf(pageId: string): number | undefined {
    return this.facts.docIdOf(pageId);
  }

  *pageIds(): IterableIterator<string> {
    for (const [pageId] of this.facts.pages()) yield pageId;
  }

  upsert(page: IndexablePage): void {
    this.remove(page.id);
    const docId = this.nextDocId++;
    this.facts.set(docId, {
      pageId: page.id,
      path: page.path,
      grant: page.grant,
      creatorId: page.creatorId,
      grantedGroupIds: page.grantedGroupIds,
      updatedAt: page.updatedAt,
      tags: page.tags,
    });
    this.visible.changed(docId);
    const units = [phraseUnits(page.path), phraseUnits(page.body)];
    if (!this.pairs.active && this.size >= ACTIVATE_AT)
      this.pairs.activate(mostFrequent(flexSearchInternals(this.document).index.get('body')?.map), docId);
    // Pairs of frequent words go to their exact lists, the rest to the page's filter.
    this.pairs.add(docId, units);
    this.phrases.set(docId, units, this.pairs.active ? (a, b) => this.pairs.keyOf(a, b) !== -1 : undefined);
    termSink = this.vocabulary.sink;
    adding = true;
    try {
      this.document.add({
        id: docId,
        title: titleOf(page.path),
        path: parentPathOf(page.path),
        tags: page.tags.join(' '),
        body: page.body,
      });
    } finally {
      termSink = null;
      adding = false;
    }
  }

  /** Forgets the page: its document id stays in FlexSearch, dead (see OPTIONS). */
  remove(pageId: string): void {
    const docId = this.facts.docIdOf(pageId);
    if (docId === undefined) return;
    this.facts.clear(docId);
    this.phrases.clear(docId);
    this.visible.changed(docId);
  }

  /** Which documents the viewer may find (see VisiblePages), sized for every document id. */
  visibleTo(access: AccessContext): Uint8Array {
    return this.visible.maskFor(access, this.nextDocId);
  }

  /** Document ids FlexSearch still holds for pages that changed or went away. */
  get deadCount(): number {
    return this.nextDocId - 1 - this.facts.pageCount;
  }

  /** One past the highest document id ever given: the size of per-query arrays indexed by id. */
  get docIdLimit(): number {
    return this.nextDocId;
  }

  /**
   * The documents holding every token of `word`, per field. A word of one term reads the term maps
   * directly, as FlexSearch's own search of one term would (`this.map.get(term)`), but with a
   * loaded bucket's gaps left where they lie (see GapBucket), and a term's loaded buckets and the
   * ids added since as two parts of the same weight. Several terms go through FlexSearch's
   * resolver (`resolve: false`), which intersects them without merging the buckets. Dead ids are
   * included; callers skip ids without facts.
   */
  postingsOf(word: string, widen = false): FieldPostings[] {
    const terms = new Set(tokenize(word, true));
    const fieldMaps = this.fieldMaps();
    let exact: FieldPostings[];
    if (terms.size === 1) {
      const term = terms.values().next().value as string;
      // A loaded term's parts (its loaded buckets, then the ids added since) count as one field.
      exact = fieldMaps.flatMap(({ weight, resolution, map }) =>
        (map ? lookupIn(map, term) : []).map((buckets) => ({ weight, resolution, buckets })),
      );
    } else {
      searching = true;
      try {
        exact = FIELDS.map((field) => ({
          weight: WEIGHT[field],
          resolution: RESOLUTION[field],
          buckets: this.document.search(word, { index: field, resolve: false }).result as Buckets,
        }));
      } finally {
        searching = false;
      }
    }
    return widen
      ? [...exact, ...longerFormPostings(word, this.vocabulary, fieldMaps, this.docIdLimit)]
      : exact;
  }

  /** Each field's term map with its weight and resolution, for lookups of single terms. */
  private fieldMaps(): FieldMap[] {
    const { index } = flexSearchInternals(this.document);
    return FIELDS.map((field) => ({
      weight: WEIGHT[field],
      resolution: RESOLUTION[field],
      map: index.get(field)?.map,
    }));
  }

  /** FlexSearch's index of one field, whose `map` is its term map. */
  private fieldIndex(field: string): { map: TermMap } {
    const fieldIndex = flexSearchInternals(this.document).index.get(field);
    if (!fieldIndex) throw new Error(`FlexSearch has no ${field} field map`);
    return fieldIndex;
  }

  /** Every term of every field (a term in several fields comes once per field). */
  private *allTerms(): Iterable<string> {
    const { index } = flexSearchInternals(this.document);
    for (const field of FIELDS) yield* index.get(field)?.map.keys() ?? [];
  }

  /**
   * The index as named chunks for the index store: the facts, then per field FlexSearch's term map
   * in binary (see postings-codec.ts), its register of document ids, the phrase structures and the
   * next document id. The store lets requests in between chunks, so pages may change meanwhile:
   * the facts go first, and a page changed after them is older in the saved facts than in the
   * database, which the start after a reload re-indexes (reconcile.ts). Chunks after the facts
   * may hold newer documents: those have no facts there, so they are dead ids.
   */
  async exportChunks(write: (key: string, data: string | Buffer) => void | Promise<void>): Promise<void> {
    // The facts a slice of document ids at a time, requests answered between (at once they held the
    // server's thread 35-80 ms at 10k pages). A page saved meanwhile gets an id above `limit`: it is
    // written at its old id or not at all, and the start after a reload re-indexes it.
    const limit = this.nextDocId;
    const parts: string[] = [];
    for (let from = 0; from < limit; from += FACTS_SLICE) {
      const rows = this.facts.rows(from, Math.min(limit, from + FACTS_SLICE));
      if (rows.length > 0) parts.push(JSON.stringify(rows).slice(1, -1));
      await nextTurn();
    }
    await write('facts', `[${parts.join(',')}]`);
    const { reg } = flexSearchInternals(this.document);
    for (const field of FIELDS) {
      const fieldIndex = this.fieldIndex(field);
      const { map } = fieldIndex;
      const bytes = map instanceof LoadedTermMap ? map.encode() : encodePostings(map as Map<string, Buckets>);
      // The written chunk becomes the field's map, in the same tick (no page is added in between):
      // the ids added since the last save (tails), and a map built in place, go back into bytes.
      fieldIndex.map = new LoadedTermMap(decodePostings(bytes), () => adding);
      await write(`postings.${field}`, bytes);
    }
    await write('reg', JSON.stringify([...reg]));
    await write('phrases', this.phrases.encode());
    await write('pairs', this.pairs.encode());
    // Dead ids above the highest live one must never be given again after a reload: FlexSearch still
    // holds their words, and adding under such an id makes it remove them first, scanning every term.
    await write('next', String(this.nextDocId));
  }

  /** Loads chunks written by exportChunks into this (empty) index; throws on malformed data. */
  importChunk(key: string, bytes: Uint8Array): void {
    if (key.startsWith('postings.')) {
      const field = key.slice('postings.'.length);
      if (!(FIELDS as readonly string[]).includes(field)) throw new Error(`unknown field ${field}`);
      const fieldIndex = this.fieldIndex(field);
      // FlexSearch reads its map through `this.map` at every call (get, set, clear): see term-map.ts.
      fieldIndex.map = new LoadedTermMap(decodePostings(bytes), () => adding);
      return;
    }
    if (key === 'phrases') {
      this.phrases.decode(bytes);
      return;
    }
    if (key === 'pairs') {
      this.pairs.decode(bytes);
      return;
    }
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
    if (key === 'reg') {
      const ids: unknown = JSON.parse(data);
      if (!Array.isArray(ids)) throw new Error('malformed register');
      this.document.import('1.reg', ids as unknown as string);
      return;
    }
    if (key === 'next') {
      const next = Number(data);
      if (!Number.isSafeInteger(next) || next < 1) throw new Error('malformed next document id');
      this.nextDocId = Math.max(this.nextDocId, next);
      return;
    }
    if (key !== 'facts') throw new Error(`unknown index chunk ${key}`);
    for (const row of JSON.parse(data) as FactsRow[]) {
      const [docId, pageId, path, grant, creatorId, updatedAt, tags, grantedGroupIds] = row;
      if (typeof docId !== 'number' || typeof pageId !== 'string' || typeof path !== 'string') {
        throw new Error('malformed index facts');
      }
      this.facts.set(docId, { pageId, path, grant, creatorId, grantedGroupIds, updatedAt, tags });
      this.visible.changed(docId);
      this.nextDocId = Math.max(this.nextDocId, docId + 1);
    }
  }
}
