// The in-memory index: a FlexSearch Document over title, path, tags and body, plus the few facts
// per page that filtering needs at query time (path, grant, creator, granted groups, update time,
// tags), so a search never reads the database to decide who may see a hit.
import { Document, type DocumentOptions } from 'flexsearch';
import type { AccessContext } from '../../policies/page-access';
import { FactsTable, type PageFacts } from './facts-table';
import type { IndexablePage } from '../pages/index-source';
import { decodePostings, encodePostings, type Bucket, type Buckets } from './postings-codec';
import { tokenize } from './tokenizer';
import { VisiblePages } from './visible-pages';
import { isWidenable, Vocabulary } from './vocabulary';
import { PhraseFilters, phraseUnits } from './phrase-filters';
import { ACTIVATE_AT, FREQUENT_WORDS, PairPostings } from './pair-postings';

/** Bump when the fields, tokenizer or options change: a persisted index of another format is rebuilt. */
export const INDEX_FORMAT = 6;

export type { PageFacts };

export const FIELDS = ['title', 'path', 'tags', 'body'] as const;
export type Field = (typeof FIELDS)[number];
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
  buckets: readonly (Readonly<Bucket> | undefined)[];
}

/**
 * The persisted form of the facts:
 * [docId, pageId, path, grant, creatorId, updatedAt, tags, grantedGroupIds (JSON or null)].
 */
export type FactsRow = [number, string, string, number, string | null, number, string[], string | null];

type IndexedDoc = { id: number; title: string; path: string; tags: string; body: string };

/**
 * What the export reads of a FlexSearch 0.8 Document: its field indexes' term maps and its register
 * (the structures its own JSON export walks). Pinned version; the save/reload tests fail if it moves.
 */
interface FlexSearchInternals {
  index: Map<string, { map: Map<string, Buckets> }>;
  reg: Set<number>;
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
function encode(text: string): string[] {
  const terms = tokenize(text, searching);
  if (termSink !== null) for (const term of terms) termSink.push(term);
  return terms;
}

/** Longer forms of a word count half as much as the word itself, so exact matches rank first. */
const LONGER_FORM_WEIGHT = 0.5;
/** A word is widened to at most this many longer forms, the shortest… */
const MAX_LONGER_FORMS = 32;
/** …whose postings together stay within a budget: one pass over every document id. */
const LONGER_FORM_BUDGET_PER_DOC = 0.5;
const LONGER_FORM_BUDGET_MIN = 20_000;
/** Words shorter than this match whole only: a single letter begins too much of the vocabulary. */
const MIN_WIDENED_LENGTH = 2;

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
  private readonly docIdByPage = new Map<string, number>();
  private nextDocId = 1;

  get size(): number {
    return this.docIdByPage.size;
  }

  factsOf(docId: number): PageFacts | undefined {
    return this.facts.get(docId);
  }

  factsOfPage(pageId: string): PageFacts | undefined {
    const docId = this.docIdByPage.get(pageId);
    return docId === undefined ? undefined : this.facts.get(docId);
  }

  docIdOf(pageId: string): number | undefined {
    return this.docIdByPage.get(pageId);
  }

  pageIds(): IterableIterator<string> {
    return this.docIdByPage.keys();
  }

  upsert(page: IndexablePage): void {
    this.remove(page.id);
    const docId = this.nextDocId++;
    this.docIdByPage.set(page.id, docId);
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
    if (!this.pairs.active && this.size >= ACTIVATE_AT) this.pairs.activate(this.frequentWords(), docId);
    // Pairs of frequent words go to their exact lists, the rest to the page's filter.
    this.pairs.add(docId, units);
    this.phrases.set(docId, units, this.pairs.active ? (a, b) => this.pairs.keyOf(a, b) !== -1 : undefined);
    termSink = this.vocabulary.sink;
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
    }
  }

  /** Forgets the page: its document id stays in FlexSearch, dead (see OPTIONS). */
  remove(pageId: string): void {
    const docId = this.docIdByPage.get(pageId);
    if (docId === undefined) return;
    this.docIdByPage.delete(pageId);
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
    return this.nextDocId - 1 - this.docIdByPage.size;
  }

  /** One past the highest document id ever given: the size of per-query arrays indexed by id. */
  get docIdLimit(): number {
    return this.nextDocId;
  }

  /**
   * The documents holding every token of `word`, per field: FlexSearch's own rank buckets through
   * its resolver (`resolve: false`), which hands them over without copying or merging them — a
   * frequent word is in most of a 100k wiki. Dead ids are included; callers skip ids without facts.
   */
  postingsOf(word: string, widen = false): FieldPostings[] {
    searching = true;
    let exact: FieldPostings[];
    try {
      exact = FIELDS.map((field) => ({
        weight: WEIGHT[field],
        resolution: RESOLUTION[field],
        buckets: this.document.search(word, { index: field, resolve: false }).result as Buckets,
      }));
    } finally {
      searching = false;
    }
    return widen ? [...exact, ...this.longerFormPostings(word)] : exact;
  }

  /**
   * The postings of the indexed words that begin with `word` and are longer (see Vocabulary), at
   * LONGER_FORM_WEIGHT, straight from FlexSearch's term maps: each is one term, so its map entry is
   * exactly what FlexSearch's own search would hand over. The shortest forms, up to MAX_LONGER_FORMS
   * and a budget of postings (what matching them costs; a form past it is left out): typing one more
   * letter narrows the rest.
   */
  private longerFormPostings(word: string): FieldPostings[] {
    const tokens = tokenize(word, true);
    const term = tokens[0];
    if (tokens.length !== 1 || term === undefined || !isWidenable(term)) return [];
    if ([...term].length < MIN_WIDENED_LENGTH) return [];
    const { index } = flexSearchInternals(this.document);
    const maps = FIELDS.map((field) => ({ field, map: index.get(field)?.map }));
    const forms = this.vocabulary.longerForms(term, MAX_LONGER_FORMS).map((form) => {
      const fields = maps.flatMap(({ field, map }) => {
        const buckets = map?.get(form);
        return buckets
          ? [{ weight: WEIGHT[field] * LONGER_FORM_WEIGHT, resolution: RESOLUTION[field], buckets }]
          : [];
      });
      let volume = 0;
      for (const { buckets } of fields) for (const ids of buckets) volume += ids?.length ?? 0;
      return { fields, volume };
    });
    let budget = Math.max(LONGER_FORM_BUDGET_MIN, LONGER_FORM_BUDGET_PER_DOC * this.docIdLimit);
    const out: FieldPostings[] = [];
    for (const { fields, volume } of forms) {
      if (volume > budget) continue;
      budget -= volume;
      out.push(...fields);
    }
    return out;
  }

  /** The FREQUENT_WORDS body terms on the most documents (dead ones too: a rough count is enough). */
  private frequentWords(): string[] {
    const body = flexSearchInternals(this.document).index.get('body')?.map;
    const counted: [string, number][] = [];
    for (const [term, buckets] of body ?? []) {
      let documents = 0;
      for (const ids of buckets) documents += ids?.length ?? 0;
      counted.push([term, documents]);
    }
    counted.sort((a, b) => b[1] - a[1]);
    return counted.slice(0, FREQUENT_WORDS).map(([term]) => term);
  }

  /** Every term of every field (a term in several fields comes once per field). */
  private *allTerms(): Iterable<string> {
    const { index } = flexSearchInternals(this.document);
    for (const field of FIELDS) yield* index.get(field)?.map.keys() ?? [];
  }

  /**
   * The index as named chunks for the index store: per field FlexSearch's term map in binary (see
   * postings-codec.ts), its register of document ids, the facts and the next document id.
   */
  async exportChunks(write: (key: string, data: string | Buffer) => void | Promise<void>): Promise<void> {
    const { index, reg } = flexSearchInternals(this.document);
    for (const field of FIELDS) {
      const map = index.get(field)?.map;
      if (!map) throw new Error(`FlexSearch has no ${field} field map`);
      await write(`postings.${field}`, encodePostings(map));
    }
    await write('reg', JSON.stringify([...reg]));
    await write('phrases', this.phrases.encode());
    await write('pairs', this.pairs.encode());
    const rows: FactsRow[] = [];
    for (const [pageId, docId] of this.docIdByPage) {
      const f = this.facts.get(docId);
      if (f) rows.push([docId, pageId, f.path, f.grant, f.creatorId, f.updatedAt, f.tags, f.grantedGroupIds]);
    }
    await write('facts', JSON.stringify(rows));
    // Dead ids above the highest live one must never be given again after a reload: FlexSearch still
    // holds their words, and adding under such an id makes it remove them first, scanning every term.
    await write('next', String(this.nextDocId));
  }

  /** Loads chunks written by exportChunks into this (empty) index; throws on malformed data. */
  importChunk(key: string, bytes: Uint8Array): void {
    if (key.startsWith('postings.')) {
      const field = key.slice('postings.'.length);
      if (!(FIELDS as readonly string[]).includes(field)) throw new Error(`unknown field ${field}`);
      // FlexSearch's import takes its export's parsed form too, not only the JSON text.
      this.document.import(`${field}.1.map`, decodePostings(bytes) as unknown as string);
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
      this.docIdByPage.set(pageId, docId);
      this.facts.set(docId, { pageId, path, grant, creatorId, grantedGroupIds, updatedAt, tags });
      this.visible.changed(docId);
      this.nextDocId = Math.max(this.nextDocId, docId + 1);
    }
  }
}
