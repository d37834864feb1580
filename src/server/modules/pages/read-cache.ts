// Pages kept in memory for the page read, the hottest route (issue 17): a hit costs a map look-up
// and the permission check instead of three statements, a presenter and JSON serialization. Only
// the answer's JSON is kept, so a page costs about its size once, in two parts around its list of
// readers: a first visit, or a reader joining, changes the list alone, never the page's JSON.
// The list counts against the budget too: on a wiki read by a whole team it can outweigh the page.
// It is kept as ids, not JSON, and grows in place: each reader joining used to leave the old list
// and its JSON behind as old-generation garbage (issue 32), and writing it per hit costs less.
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
import { HAS_SEEN_SQL } from '../likes-bookmarks/queries';

/** The page read's answer but its reader's meta, written as the route's serializer writes it. */
const writePageAnswer = fastJson(PageOnlySchema);

export interface CachedPage {
  pageId: string;
  path: string;
  /**
   * The read's answer but the meta, `{"page": …}`, written once (the only copy of the page kept):
   * the JSON before the readers' list and after it (answerJson joins them).
   */
  head: string;
  tail: string;
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
  // The page's tags, comments, likes, bookmarks and revisions; readers leaving the list.
  ...pageRows('likes', 'bookmarks', 'comments', 'page_tags', 'revisions'),
  { table: 'page_seen_users', events: ['UPDATE', 'DELETE'], key: 'page_id' },
];
/**
 * A reader joining the list: the answer stays and the reader is added to its list at its next hit.
 * Every first visit adds one, and forgetting the whole answer for it made most reads of a busy
 * wiki misses (8.8 % of the server's time in the 200-user soak, issue 32); reading the whole list
 * again was 3 %. The seen marks' flush writes them in the order of the list (oldest first).
 */
const NEW_READER_ROWS: RowWatch[] = [
  { table: 'page_seen_users', events: ['INSERT'], key: 'page_id', value: 'user_id' },
];

/** How the answer's JSON names its readers: the key is never inside a string (quotes are escaped). */
const SEEN_KEY = '"seenUsers":';

/**
 * The answer's JSON before and after its list of readers, or null when the JSON does not have
 * exactly one list. The parts are slices of the one string (V8 keeps them as views of it).
 */
function splitAtReaders(json: string): { head: string; tail: string } | null {
  const at = json.indexOf(SEEN_KEY);
  if (at < 0 || json.includes(SEEN_KEY, at + 1)) return null;
  const start = at + SEEN_KEY.length;
  const end = json.indexOf(']', start); // user ids never hold a bracket
  return { head: json.slice(0, start), tail: json.slice(end + 1) };
}

/** The kept answer with this list of readers, `{"page": …}`. */
function answerJson(entry: CachedPage, seenUsers: readonly string[] = entry.seenUsers): string {
  return `${entry.head}${JSON.stringify(seenUsers)}${entry.tail}`;
}

/** The kept page, parsed (for callers that need the object, not the route's answer). */
export function cachedPage(entry: CachedPage): Page {
  return (JSON.parse(answerJson(entry)) as { page: Page }).page;
}

/**
 * What an entry weighs in characters: its JSON, and its list's slots (a pointer, 8 bytes, each; the
 * ids are shared, see userIds).
 */
const sizeOf = (entry: CachedPage) => entry.head.length + entry.tail.length + 8 * entry.seenUsers.length;

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
  /** Readers who joined a page's list since its answer was written (NEW_READER_ROWS). */
  private readonly newReaders = new Map<string, string[]>();
  private readonly hasRead: Database.Statement<[string, string], number>;
  /**
   * One string per reader's id, shared by every list that names them: read from rows, each list
   * held copies of its own (40 bytes each; most of the 52 MiB the cache held in the ten-minute
   * 200-user soak, issue 32). Bounded by the users there are.
   */
  private readonly userIds = new Map<string, string>();
  private chars = 0;

  constructor(
    private readonly sqlite: Database.Database,
    /** The cache holds up to this many characters (about as many bytes: JSON is ASCII). */
    private readonly budget = JSON_BUDGET,
  ) {
    watchRows(sqlite, PAGE_ROWS, (pageId) => {
      if (pageId === null) this.clear();
      else this.forgetPage(pageId);
    });
    watchRows(sqlite, NEW_READER_ROWS, (pageId, userId) => {
      if (pageId === null || userId === null) this.clear();
      else if (this.pathById.has(pageId)) {
        const joined = this.newReaders.get(pageId);
        if (joined) joined.push(userId);
        else this.newReaders.set(pageId, [userId]);
      }
    });
    watchRows(sqlite, NAME_ROWS, () => this.clear());
    this.hasRead = sqlite.prepare<[string, string], number>(HAS_SEEN_SQL).pluck();
  }

  get(path: string): CachedPage | undefined {
    const entry = this.byPath.get(path);
    return entry && this.newReaders.has(entry.pageId) ? this.withNewReaders(entry) : entry;
  }

  /**
   * The entry with the readers who joined since added: outside a transaction (see mayFill), and
   * each row looked up, since an insert that rolled back has called back too.
   */
  private withNewReaders(entry: CachedPage): CachedPage | undefined {
    if (!mayFill(this.sqlite)) return undefined;
    const joined = this.newReaders.get(entry.pageId) ?? [];
    this.newReaders.delete(entry.pageId);
    // In place: the list is this entry's own (put copies it) and answers are written at once.
    const seenUsers = entry.seenUsers as string[];
    this.chars -= sizeOf(entry);
    // Nobody who joins is on the list already: a reader already there is never inserted again
    // (INSERT OR IGNORE calls no trigger), and a row deleted meanwhile has dropped the entry. So
    // only this call's own repeats are looked for (an insert rolled back, then made again); the
    // whole list, up to 200 ids at 200 users, was 7 µs a reader (issue 32).
    const before = seenUsers.length;
    for (const userId of joined)
      if (!seenUsers.includes(userId, before) && this.hasRead.get(entry.pageId, userId))
        seenUsers.push(this.shared(userId));
    this.chars += sizeOf(entry);
    return entry;
  }

  /** The one kept string for this user id (see userIds). */
  private shared(userId: string): string {
    const kept = this.userIds.get(userId);
    if (kept !== undefined) return kept;
    this.userIds.set(userId, userId);
    return userId;
  }

  /** Characters held now (see sizeOf), never more than the budget. */
  get heldChars(): number {
    return this.chars;
  }

  /**
   * Remembers a page read outside a transaction (inside one, a rollback could leave a page that
   * never was).
   */
  put(page: Page, facts: PageGrantFacts): void {
    if (!mayFill(this.sqlite)) return;
    const json = writePageAnswer({ page });
    const parts = json.length > LARGEST_CACHED_JSON ? null : splitAtReaders(json);
    if (!parts) return;
    this.forgetPage(page._id);
    const { grant, creatorId, grantedGroupIds } = facts;
    const seenUsers = page.seenUsers.map((id) => this.shared(id));
    const entry = {
      pageId: page._id,
      path: page.path,
      head: parts.head,
      tail: parts.tail,
      facts: { grant, creatorId, grantedGroupIds },
      seenUsers,
      descendantCount: page.descendantCount,
      meta: { ...metaSourceOf(page), facts: { grant, creatorId, grantedGroupIds } },
    };
    // Oldest first: Map iteration order is insertion order.
    for (const [path, old] of this.byPath) {
      if (this.chars + sizeOf(entry) <= this.budget) break;
      this.remove(path, old);
    }
    this.byPath.set(page.path, entry);
    this.pathById.set(page._id, page.path);
    this.chars += sizeOf(entry);
  }

  byId(pageId: string): CachedPage | undefined {
    const path = this.pathById.get(pageId);
    return path === undefined ? undefined : this.get(path);
  }

  forgetPage(pageId: string): void {
    const path = this.pathById.get(pageId);
    const entry = path === undefined ? undefined : this.byPath.get(path);
    if (path !== undefined && entry) this.remove(path, entry);
  }

  clear(): void {
    this.byPath.clear();
    this.pathById.clear();
    this.newReaders.clear();
    this.chars = 0;
  }

  get size(): number {
    return this.byPath.size;
  }

  private remove(path: string, entry: CachedPage): void {
    this.byPath.delete(path);
    this.pathById.delete(entry.pageId);
    this.newReaders.delete(entry.pageId);
    this.chars -= sizeOf(entry);
  }
}
