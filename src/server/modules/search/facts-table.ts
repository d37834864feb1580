// The facts of each indexed document that queries filter and sort on, by numeric document id, in
// columns: typed arrays for the numbers (a query over most of a 100k wiki reads flat arrays per
// candidate), page ids as bytes (page-ids.ts), one list each for paths and tags. A PageFacts object
// is made when asked for: one per indexed page cost about 10 MiB at 100k pages, and every full
// collection marked them.
import { isTrashPath } from '../../../shared/page-path';
import { PageIdTable } from './page-ids';
import { PathRanges } from './path-ranges';

export interface PageFacts {
  pageId: string;
  path: string;
  grant: number;
  creatorId: string | null;
  /** JSON array of group ids for grant 5 (as stored on the page row), else null. */
  grantedGroupIds: string | null;
  updatedAt: number;
  tags: string[];
}

/** A document's facts as the saved index holds them (page-index.ts, exportChunks). */
export type FactsRow = [
  docId: number,
  pageId: string,
  path: string,
  grant: number,
  creatorId: string | null,
  updatedAt: number,
  tags: string[],
  /** JSON array of group ids for grant 5, or null. */
  grantedGroupIds: string | null,
];

export const FLAG_ALIVE = 1;
export const FLAG_TRASH = 2;

/** Most pages have no tags: one shared empty list instead of 100k. */
const NO_TAGS = Object.freeze([]) as unknown as string[];
const NO_DOCS: ReadonlySet<number> = new Set();
const NO_DOC_LIST: readonly number[] = [];

/**
 * One document's facts, as FactsTable.get makes them. A class, not an object literal with a getter:
 * V8 gives each such literal a map of its own, made in the old generation, so every search's hits
 * and every permission mask's fill (a call per document) left old-generation garbage behind (the
 * largest site in a heap profile of the 200-user soak, issue 32) and cost ten times as much to make.
 */
class DocumentFacts implements PageFacts {
  constructor(
    private readonly pageIds: PageIdTable,
    private readonly docId: number,
    readonly path: string,
    readonly grant: number,
    readonly creatorId: string | null,
    readonly grantedGroupIds: string | null,
    readonly updatedAt: number,
    readonly tags: string[],
  ) {}

  /** Made when read: a permission mask's fill asks for every document's facts, not its page id. */
  get pageId(): string {
    return this.pageIds.pageIdOf(this.docId) as string;
  }
}

export class FactsTable {
  private readonly pageIds = new PageIdTable();
  private readonly tags: (string[] | undefined)[] = [];
  /** Grant 5's group lists (as stored on the page row): few pages have one. */
  private readonly grantedGroupIds = new Map<number, string>();
  /** Document ids by lower-cased tag: tag: and -tag: look up a few sets instead of every hit's tags. */
  private readonly byTag = new Map<string, Set<number>>();
  /**
   * A wiki has few authors: each id string once (a loaded index would hold one per page), numbered
   * from 1, and each document's author by that number (0: none). The search's per-viewer masks find
   * a viewer's own pages in this flat array (visible-pages.ts).
   */
  private readonly creatorNumbers = new Map<string, number>();
  private readonly creatorIds: string[] = [];
  creators = new Int32Array(1024);
  /**
   * Each author's documents by number (creator - 1), oldest first. A cleared or re-authored one
   * (or a repeat, handed back) stays until the list is next read or doubles (docsBy, set): a save
   * clears the page's old id.
   */
  private readonly docsByCreator: number[][] = [];
  readonly paths: (string | undefined)[] = [];
  readonly pathRanges = new PathRanges(() => this.livePaths());
  flags = new Uint8Array(1024);
  grants = new Uint8Array(1024);
  updatedAt = new Float64Array(1024);

  /** The document's facts, made now: callers read them, and a changed page gets a new document id. */
  get(docId: number): PageFacts | undefined {
    if (!((this.flags[docId] ?? 0) & FLAG_ALIVE)) return undefined;
    const creator = this.creators[docId] as number;
    return new DocumentFacts(
      this.pageIds,
      docId,
      this.paths[docId] as string,
      this.grants[docId] as number,
      creator === 0 ? null : (this.creatorIds[creator - 1] as string),
      this.grantedGroupIds.get(docId) ?? null,
      this.updatedAt[docId] as number,
      this.tags[docId] ?? NO_TAGS,
    );
  }

  set(docId: number, facts: PageFacts): void {
    if (docId >= this.flags.length) this.grow(docId);
    let creator = 0;
    if (facts.creatorId !== null) {
      creator = this.creatorNumbers.get(facts.creatorId) ?? 0;
      if (creator === 0) {
        creator = this.creatorIds.push(facts.creatorId);
        this.creatorNumbers.set(facts.creatorId, creator);
      }
    }
    const previous = this.creators[docId];
    this.creators[docId] = creator;
    if (creator !== 0 && creator !== previous) {
      const docs = (this.docsByCreator[creator - 1] ??= []);
      docs.push(docId);
      // At each doubling from 64: what saves left behind is dropped in amortized constant time.
      if (docs.length >= 64 && (docs.length & (docs.length - 1)) === 0) this.dropLeftBehind(docs, creator);
    }
    this.pageIds.set(facts.pageId, docId);
    this.grants[docId] = facts.grant;
    if (facts.grantedGroupIds !== null) this.grantedGroupIds.set(docId, facts.grantedGroupIds);
    else this.grantedGroupIds.delete(docId);
    this.tags[docId] = facts.tags.length === 0 ? undefined : facts.tags;
    this.flags[docId] = FLAG_ALIVE | (isTrashPath(facts.path) ? FLAG_TRASH : 0);
    for (const tag of facts.tags) this.tagged(tag, true).add(docId);
    this.paths[docId] = facts.path;
    this.pathRanges.added(docId, facts.path);
    this.updatedAt[docId] = facts.updatedAt;
  }

  clear(docId: number): void {
    for (const tag of this.tags[docId] ?? []) this.tagged(tag, false)?.delete(docId);
    const path = this.paths[docId];
    if (path !== undefined) this.pathRanges.removed(docId, path);
    this.pageIds.forgetDoc(docId);
    this.tags[docId] = undefined;
    this.grantedGroupIds.delete(docId);
    this.paths[docId] = undefined;
    if (docId < this.flags.length) {
      this.flags[docId] = 0;
      this.creators[docId] = 0;
    }
  }

  /** How many pages have facts (one document id each). */
  get pageCount(): number {
    return this.pageIds.size;
  }

  /** The page's live document id. */
  docIdOf(pageId: string): number | undefined {
    return this.pageIds.docIdOf(pageId);
  }

  /**
   * The live documents from `from` to `to` (exclusive) as the saved index's rows, read from the
   * columns (not through get's objects): an index save writes them a slice at a time.
   */
  rows(from: number, to: number): FactsRow[] {
    const rows: FactsRow[] = [];
    for (let docId = from; docId < Math.min(to, this.flags.length); docId++) {
      if (!((this.flags[docId] as number) & FLAG_ALIVE)) continue;
      const creator = this.creators[docId] as number;
      rows.push([
        docId,
        this.pageIds.pageIdOf(docId) as string,
        this.paths[docId] as string,
        this.grants[docId] as number,
        creator === 0 ? null : (this.creatorIds[creator - 1] as string),
        this.updatedAt[docId] as number,
        this.tags[docId] ?? NO_TAGS,
        this.grantedGroupIds.get(docId) ?? null,
      ]);
    }
    return rows;
  }

  /** Every page with facts and its document id. */
  pages(): IterableIterator<[string, number]> {
    return this.pageIds.entries();
  }

  /** The number `creators` holds for this user's documents; 0 when they created none here. */
  creatorNumber(userId: string): number {
    return this.creatorNumbers.get(userId) ?? 0;
  }

  /** The live documents of the author numbered `creator`. Read, never change. */
  docsBy(creator: number): readonly number[] {
    const docs = this.docsByCreator[creator - 1];
    if (!docs) return NO_DOC_LIST;
    this.dropLeftBehind(docs, creator);
    return docs;
  }

  /**
   * Drops, in place, the ids in an author's list that are no longer theirs (cleared or re-authored)
   * and the repeats of one handed back to them. A kept id's creator is negated while the list is
   * walked, so its repeats no longer match; no set is made.
   */
  private dropLeftBehind(docs: number[], creator: number): void {
    let kept = 0;
    for (const docId of docs) {
      if (this.creators[docId] !== creator) continue;
      this.creators[docId] = -creator;
      docs[kept++] = docId;
    }
    docs.length = kept;
    for (const docId of docs) this.creators[docId] = creator;
  }

  /** The documents carrying a tag, case-insensitively (as tag: matches). Read, never change. */
  taggedWith(tag: string): ReadonlySet<number> {
    return this.tagged(tag, false) ?? NO_DOCS;
  }

  private tagged(tag: string, create: true): Set<number>;
  private tagged(tag: string, create: false): Set<number> | undefined;
  private tagged(tag: string, create: boolean): Set<number> | undefined {
    const key = tag.toLowerCase();
    let docs = this.byTag.get(key);
    if (!docs && create) this.byTag.set(key, (docs = new Set()));
    return docs;
  }

  private *livePaths(): Iterable<[number, string]> {
    for (let docId = 0; docId < this.paths.length; docId++) {
      const path = this.paths[docId];
      if (path !== undefined) yield [docId, path];
    }
  }

  private grow(docId: number): void {
    const size = Math.max(docId + 1, this.flags.length * 2);
    const grown = <T extends Uint8Array | Int32Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const array = make(size);
      array.set(old);
      return array;
    };
    this.flags = grown(this.flags, (n) => new Uint8Array(n));
    this.grants = grown(this.grants, (n) => new Uint8Array(n));
    this.updatedAt = grown(this.updatedAt, (n) => new Float64Array(n));
    this.creators = grown(this.creators, (n) => new Int32Array(n));
  }
}
