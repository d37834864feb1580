// The in-memory index: a FlexSearch Document over title, path, tags and body, plus the few facts
// per page that filtering needs at query time (path, grant, creator, update time, tags), so a
// search never reads the database to decide who may see a hit.
import { Document, type DocumentOptions } from 'flexsearch';
import type { IndexablePage } from './page-source';
import { tokenize } from './tokenizer';

/** Bump when the fields, tokenizer or options change: a persisted index of another format is rebuilt. */
export const INDEX_FORMAT = 1;

export const FIELDS = ['title', 'path', 'tags', 'body'] as const;
export type Field = (typeof FIELDS)[number];
/** A word in the title counts four times a word in the body. */
const WEIGHT: Record<Field, number> = { title: 4, tags: 3, path: 2, body: 1 };

export interface PageFacts {
  pageId: string;
  path: string;
  grant: number;
  creatorId: string | null;
  updatedAt: number;
  tags: string[];
}

/** The persisted form of the facts: [docId, pageId, path, grant, creatorId, updatedAt, tags]. */
export type FactsRow = [number, string, string, number, string | null, number, string[]];

type IndexedDoc = { id: number; title: string; path: string; tags: string; body: string };

// Documents are never removed from FlexSearch: its remove() scans every term without `fastupdate`,
// and `fastupdate` registers do not survive export/import in 0.8.212. A changed page gets a new
// document id instead and the old id loses its facts, so queries skip it; the lifecycle rebuilds
// when too many dead ids pile up (deadCount).
const OPTIONS: DocumentOptions<IndexedDoc> = {
  document: {
    id: 'id',
    index: FIELDS.map((field) => ({ field, tokenize: 'strict' as const, encode: tokenize })),
  },
};

/** The last segment of a path: what the page is called. */
export function titleOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1) || '/';
}

export class PageIndex {
  readonly document = new Document<IndexedDoc>(OPTIONS);
  /** Facts by numeric document id (numbers keep FlexSearch's maps small). */
  private readonly facts: (PageFacts | undefined)[] = [];
  private readonly docIdByPage = new Map<string, number>();
  private nextDocId = 1;

  get size(): number {
    return this.docIdByPage.size;
  }

  factsOf(docId: number): PageFacts | undefined {
    return this.facts[docId];
  }

  factsOfPage(pageId: string): PageFacts | undefined {
    const docId = this.docIdByPage.get(pageId);
    return docId === undefined ? undefined : this.facts[docId];
  }

  docIdOf(pageId: string): number | undefined {
    return this.docIdByPage.get(pageId);
  }

  /** Every indexed document id (for queries made only of filters). */
  allDocIds(): number[] {
    return [...this.docIdByPage.values()];
  }

  pageIds(): IterableIterator<string> {
    return this.docIdByPage.keys();
  }

  upsert(page: IndexablePage): void {
    this.remove(page.id);
    const docId = this.nextDocId++;
    this.docIdByPage.set(page.id, docId);
    this.facts[docId] = {
      pageId: page.id,
      path: page.path,
      grant: page.grant,
      creatorId: page.creatorId,
      updatedAt: page.updatedAt,
      tags: page.tags,
    };
    this.document.add({
      id: docId,
      title: titleOf(page.path),
      path: page.path,
      tags: page.tags.join(' '),
      body: page.body,
    });
  }

  /** Forgets the page: its document id stays in FlexSearch, dead (see OPTIONS). */
  remove(pageId: string): void {
    const docId = this.docIdByPage.get(pageId);
    if (docId === undefined) return;
    this.docIdByPage.delete(pageId);
    this.facts[docId] = undefined;
  }

  /** Document ids FlexSearch still holds for pages that changed or went away. */
  get deadCount(): number {
    return this.nextDocId - 1 - this.docIdByPage.size;
  }

  /**
   * Documents holding every token of `word` in one field, each with a relevance score: the field's
   * weight, more for an earlier rank in FlexSearch's own ordering.
   */
  match(word: string): Map<number, number> {
    const scores = new Map<number, number>();
    const limit = Math.max(this.nextDocId, 1);
    for (const { field, result } of this.document.search(word, { limit })) {
      const weight = WEIGHT[field as Field] ?? 1;
      const n = result.length;
      result.forEach((id, rank) => {
        const docId = Number(id);
        const score = weight * (1 + (n - rank) / n);
        if (score > (scores.get(docId) ?? 0)) scores.set(docId, score);
      });
    }
    return scores;
  }

  /** The index as named chunks (FlexSearch's export plus the facts), for the index store. */
  async exportChunks(write: (key: string, data: string) => void): Promise<void> {
    await this.document.export((key, data) => write(`flex.${key}`, data));
    const rows: FactsRow[] = [];
    for (const [pageId, docId] of this.docIdByPage) {
      const f = this.facts[docId];
      if (f) rows.push([docId, pageId, f.path, f.grant, f.creatorId, f.updatedAt, f.tags]);
    }
    write('facts', JSON.stringify(rows));
  }

  /** Loads chunks written by exportChunks into this (empty) index; throws on malformed data. */
  importChunk(key: string, data: string): void {
    if (key.startsWith('flex.')) {
      this.document.import(key.slice('flex.'.length), data);
      return;
    }
    if (key !== 'facts') throw new Error(`unknown index chunk ${key}`);
    for (const row of JSON.parse(data) as FactsRow[]) {
      const [docId, pageId, path, grant, creatorId, updatedAt, tags] = row;
      if (typeof docId !== 'number' || typeof pageId !== 'string' || typeof path !== 'string') {
        throw new Error('malformed index facts');
      }
      this.docIdByPage.set(pageId, docId);
      this.facts[docId] = { pageId, path, grant, creatorId, updatedAt, tags };
      this.nextDocId = Math.max(this.nextDocId, docId + 1);
    }
  }
}
