// Pages kept in memory for the page read, the hottest route (issue 17): a hit costs a map look-up
// and the permission check instead of three statements, a presenter and JSON serialization. Only
// the answer's JSON is kept, so a page costs about its size once.
//
// Kept true by the database itself (db/row-watch.ts): every table a presented page is made of calls
// back into this cache when a row changes, whichever module wrote it.
import type Database from 'better-sqlite3';
import { mayFill, pageRows, USER_NAME_ROWS, watchRows, type RowWatch } from '../../db/row-watch';
import type { Page } from '../../../shared/api-types';
import type { PageGrantFacts } from '../../policies/page-access';
import fastJson from 'fast-json-stringify';
import { metaSourceOf, type PageMetaSource } from './page-meta';
import { PageOnlySchema } from '../../../shared/contracts/pages';

/** The page read's answer but its reader's meta, written as the route's serializer writes it. */
const writePageAnswer = fastJson(PageOnlySchema);

export interface CachedPage {
  pageId: string;
  path: string;
  /** The read's answer but the meta, `{"page": …}`, written once: the only copy of the page kept. */
  json: string;
  /** What the permission function needs, checked on every hit. */
  facts: PageGrantFacts;
  /** Who had read the page: a first visit is recorded and answered by the route itself. */
  seenUsers: readonly string[];
  /** Every live page below, as stored: the route answers each reader with their own count. */
  descendantCount: number;
  /** What GROWI's `meta` beside the page is made of (page-meta.ts). */
  meta: PageMetaSource;
  /**
   * How many have bookmarked the page: counted by the route at the first read and kept with the
   * answer (a bookmark added or removed drops the entry, as any change of the page's rows does).
   */
  bookmarkCount?: number;
}

/** The cache holds up to this many characters of answers (about as many bytes: JSON is ASCII). */
const JSON_BUDGET = 24 * 1024 * 1024;
/** A larger page is read from the database each time rather than pushing out hundreds of others. */
const LARGEST_CACHED_JSON = 512 * 1024;

const PAGE_ROWS: RowWatch[] = [
  { table: 'pages', events: ['UPDATE', 'DELETE'], key: 'id' },
  // The page's tags, comments, likes, bookmarks, readers and revisions.
  ...pageRows('likes', 'bookmarks', 'page_seen_users', 'comments', 'page_tags', 'revisions'),
];

/** Names shown on any page: the creator's, the groups', the tags'. */
const NAME_ROWS: RowWatch[] = [
  ...USER_NAME_ROWS,
  { table: 'user_groups', events: ['UPDATE'], columns: ['name'] },
  { table: 'user_groups', events: ['DELETE'] },
  { table: 'tags', events: ['UPDATE', 'DELETE'] },
];

export class PageReadCache {
  private readonly byPath = new Map<string, CachedPage>();
  private readonly pathById = new Map<string, string>();
  private chars = 0;

  constructor(private readonly sqlite: Database.Database) {
    watchRows(sqlite, PAGE_ROWS, (pageId) => {
      if (pageId === null) this.clear();
      else this.forgetPage(pageId);
    });
    watchRows(sqlite, NAME_ROWS, () => this.clear());
  }

  get(path: string): CachedPage | undefined {
    return this.byPath.get(path);
  }

  /**
   * Remembers a page read outside a transaction (inside one, a rollback could leave a page that
   * never was).
   */
  put(page: Page, facts: PageGrantFacts): void {
    if (!mayFill(this.sqlite)) return;
    const json = writePageAnswer({ page });
    if (json.length > LARGEST_CACHED_JSON) return;
    this.forgetPage(page._id);
    // Oldest first: Map iteration order is insertion order.
    for (const [path, old] of this.byPath) {
      if (this.chars + json.length <= JSON_BUDGET) break;
      this.remove(path, old);
    }
    const { grant, creatorId, grantedGroupIds } = facts;
    const entry = {
      pageId: page._id,
      path: page.path,
      json,
      facts: { grant, creatorId, grantedGroupIds },
      seenUsers: page.seenUsers,
      descendantCount: page.descendantCount,
      meta: { ...metaSourceOf(page), facts: { grant, creatorId, grantedGroupIds } },
    };
    this.byPath.set(page.path, entry);
    this.pathById.set(page._id, page.path);
    this.chars += json.length;
  }

  byId(pageId: string): CachedPage | undefined {
    const path = this.pathById.get(pageId);
    return path === undefined ? undefined : this.byPath.get(path);
  }

  forgetPage(pageId: string): void {
    const path = this.pathById.get(pageId);
    const entry = path === undefined ? undefined : this.byPath.get(path);
    if (path !== undefined && entry) this.remove(path, entry);
  }

  clear(): void {
    this.byPath.clear();
    this.pathById.clear();
    this.chars = 0;
  }

  get size(): number {
    return this.byPath.size;
  }

  private remove(path: string, entry: CachedPage): void {
    this.byPath.delete(path);
    this.pathById.delete(entry.pageId);
    this.chars -= entry.json.length;
  }
}
