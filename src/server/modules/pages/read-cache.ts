// Presented pages kept in memory for the page read, the hottest route (issue 17): a hit costs a
// map look-up and the permission check instead of three statements and a presenter.
//
// Kept true by the database itself (db/row-watch.ts): every table a presented page is made of calls
// back into this cache when a row changes, whichever module wrote it. The archive import writes
// from another connection and clears the cache when it is done.
import type Database from 'better-sqlite3';
import { deepFreeze, mayFill, watchRows, type RowWatch } from '../../db/row-watch';
import type { Page } from '../../../shared/api-types';
import type { PageGrantFacts } from '../../policies/page-access';

export interface CachedPage {
  page: Page;
  facts: PageGrantFacts;
}

/** Bodies are most of a page's size: the cache holds up to this many characters of them. */
const BODY_BUDGET = 16 * 1024 * 1024;
/** A larger page is read from the database each time rather than pushing out hundreds of others. */
const LARGEST_CACHED_BODY = 512 * 1024;

const PAGE_ROWS: RowWatch[] = [
  { table: 'pages', events: ['UPDATE', 'DELETE'], key: 'id' },
  // Tables whose rows carry a page id: the page's tags, comments, likes, readers and revisions.
  ...['likes', 'page_seen_users', 'comments', 'page_tags', 'revisions'].map((table): RowWatch => ({
    table,
    events: ['INSERT', 'UPDATE', 'DELETE'],
    key: 'page_id',
  })),
];

/** Names shown on any page: the creator's, the groups', the tags'. */
const NAME_ROWS: RowWatch[] = [
  { table: 'users', events: ['UPDATE'], columns: ['username', 'name'] },
  { table: 'users', events: ['DELETE'] },
  { table: 'user_groups', events: ['UPDATE'], columns: ['name'] },
  { table: 'user_groups', events: ['DELETE'] },
  { table: 'tags', events: ['UPDATE', 'DELETE'] },
];

export class PageReadCache {
  private readonly byPath = new Map<string, CachedPage>();
  private readonly pathById = new Map<string, string>();
  private bodyChars = 0;

  constructor(private readonly sqlite: Database.Database) {
    watchRows(sqlite, PAGE_ROWS, (pageId) => {
      if (pageId !== null) this.forgetPage(pageId);
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
  put(entry: CachedPage): void {
    const size = entry.page.revision.body.length;
    if (!mayFill(this.sqlite) || size > LARGEST_CACHED_BODY) return;
    this.forgetPage(entry.page._id);
    deepFreeze(entry.page); // shared by every reader from now on
    // Oldest first: Map iteration order is insertion order.
    for (const [path, old] of this.byPath) {
      if (this.bodyChars + size <= BODY_BUDGET) break;
      this.remove(path, old);
    }
    this.byPath.set(entry.page.path, entry);
    this.pathById.set(entry.page._id, entry.page.path);
    this.bodyChars += size;
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
    this.bodyChars = 0;
  }

  get size(): number {
    return this.byPath.size;
  }

  private remove(path: string, entry: CachedPage): void {
    this.byPath.delete(path);
    this.pathById.delete(entry.page._id);
    this.bodyChars -= entry.page.revision.body.length;
  }
}

const responses = new WeakMap<Page, string>();

/** `{"page": …}` as JSON, written once per presented page (the page is frozen, so it stays true). */
export function pageResponseJson(page: Page): string {
  let json = responses.get(page);
  if (json === undefined) {
    json = JSON.stringify({ page });
    if (Object.isFrozen(page)) responses.set(page, json);
  }
  return json;
}
