// Pages and their revisions: the rules of creating, reading and saving. Knows nothing of HTTP.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/client';
import { RowMemo } from '../../db/row-watch';
import { listingKey, listingMemo } from './listing-memo';
import { pages, revisions } from '../../db/schema';
import { badRequest, conflict, notFoundOrForbidden } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import { newId } from '../../lib/ids';
import {
  canEditPage,
  canReadPage,
  listablePages,
  parseGroupIds,
  type AccessContext,
  type Viewer,
} from '../../policies/page-access';
import { isCreatablePage, normalizePath } from '../../../shared/page-path';
import { GRANT, type Page, type PageSummary, type RecentPagesResponse } from '../../../shared/api-types';
import type { GrantFields } from '../../../shared/account-types';
import {
  chosenGrant,
  prepareGrantChecks,
  sameGrant,
  type GrantChecks,
  type GroupDirectory,
  type StoredGrant,
} from './grants';
import { toPage, toPageSummary } from './presenter';
import { preparePageQueries, prepareSaveStatements, selectPageSummaries, type PageQueries } from './queries';
import { cachedPage, PageReadCache, type CachedPage } from './read-cache';
import { backfillHierarchy } from './hierarchy-backfill';
import { findTemplate } from './templates';
import { prepareTreeStore, type TreeStore } from './tree-store';
import { visibleCountsOf, type VisibleCounts } from './visible-counts';
import { prepareTagCopy } from '../tags/commands/copy-tags';

function isWellFormed(text: string): boolean {
  try {
    encodeURI(text);
    return true;
  } catch {
    return false;
  }
}

/** A user-supplied path, normalized; 400 with SPEC §5's messages when it cannot be a page. */
export function validatePagePath(input: string): string {
  const hasControlCharacter = [...input].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (hasControlCharacter || input.trim() === '' || !isWellFormed(input)) {
    throw badRequest('invalid_path_format', 'errors.invalid_path_format');
  }
  const path = normalizePath(input);
  if (!isCreatablePage(path)) throw badRequest('invalid_path', 'errors.invalid_path');
  return path;
}

const preparePageFacts = (db: Db) =>
  db
    .select()
    .from(pages)
    .where(eq(pages.id, sql.placeholder('id')))
    .prepare();

export class PagesService {
  private readonly queries: PageQueries;
  private readonly tree: TreeStore;
  private readonly copyTags;
  readonly grants: GrantChecks;
  /** Recent changes as each reader's visibility sees them (issue 32: every home page asks). */
  private readonly recentLists: RowMemo<RecentPagesResponse>;
  /** Presented pages by path; see read-cache.ts for how it stays true. */
  readonly readCache: PageReadCache;
  /** Counts of pages below as each reader may see them. */
  readonly counts: VisibleCounts;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly groups: GroupDirectory,
  ) {
    this.queries = preparePageQueries(db);
    backfillHierarchy(db.$client);
    this.tree = prepareTreeStore(db.$client);
    this.copyTags = prepareTagCopy(db.$client);
    this.grants = prepareGrantChecks(db.$client, groups);
    this.readCache = new PageReadCache(db.$client);
    this.recentLists = listingMemo(db.$client);
    this.factsMemo = new RowMemo(db.$client, [{ table: 'pages', events: ['UPDATE', 'DELETE'], key: 'id' }]);
    this.counts = visibleCountsOf(db);
  }

  private present(row: Parameters<typeof toPage>[0] & Parameters<typeof toPage>[1], keep = true): Page {
    const groups = this.groups.namesOf(parseGroupIds(row.page.grantedGroupIds));
    const page = toPage(row, row, groups, this.queries.social(row.page.id));
    if (keep) this.readCache.put(page, row.page);
    return page;
  }

  /**
   * A page as a write left it, for the write's answer: presented, not kept in the read cache. The
   * writer usually writes again within seconds (the next save, a like), which drops the entry;
   * kept that long, each answer outlived two scavenges and became old-generation garbage, a
   * save's worth at every save of the 200-user soak (issue 32). Readers fill the cache.
   */
  written(ctx: AccessContext, pageId: string): Page {
    return this.readAndPresent(ctx, { id: pageId }, false);
  }

  /** The page read from the database and presented (kept in the read cache if `keep`); 404 otherwise. */
  private readAndPresent(ctx: AccessContext, where: { path: string } | { id: string }, keep: boolean): Page {
    const row = 'path' in where ? this.queries.byPath.get(where) : this.queries.byId.get(where);
    if (!row || !canReadPage(ctx, row.page)) throw notFoundOrForbidden();
    return this.present(row, keep);
  }

  /**
   * The page read cache's answer for a page the viewer may read; undefined when the page is not
   * cached (the caller reads it), 404 `notfound_or_forbidden` when it may not be read.
   */
  private cachedRead(ctx: AccessContext, where: { path: string } | { id: string }): CachedPage | undefined {
    const cached = 'path' in where ? this.readCache.get(where.path) : this.readCache.byId(where.id);
    if (cached && !canReadPage(ctx, cached.facts)) throw notFoundOrForbidden();
    return cached;
  }

  /**
   * The page read (GET /page): the cached answer, read into the cache first when need be; a page
   * too large to keep, or a moved page's redirect, as a page. 404 `notfound_or_forbidden`.
   */
  read(
    ctx: AccessContext,
    where: { path: string } | { id: string },
  ): CachedPage | { page: Page; redirectFrom?: string } {
    const hit = this.cachedRead(ctx, where);
    if (hit) return hit;
    const found =
      'path' in where ? this.getByPathOrRedirect(ctx, where.path) : { page: this.get(ctx, where) };
    return ('redirectFrom' in found ? undefined : this.cachedRead(ctx, where)) ?? found;
  }

  /** A readable page with its latest revision; 404 `notfound_or_forbidden` otherwise. */
  get(ctx: AccessContext, where: { path: string } | { id: string }): Page {
    const cached = this.cachedRead(ctx, where);
    if (cached) return cachedPage(cached);
    return this.readAndPresent(ctx, where, true);
  }

  /**
   * A page read through a share link, or null. The caller (the share-links service) has asked the
   * permission function's canReadPageViaShareLink about this link and page.
   */
  getShared(id: string, mayRead: (page: { status: string }) => boolean): Page | null {
    const row = this.queries.byId.get({ id });
    return row && mayRead(row.page) ? this.present(row) : null;
  }

  /** A page's likers, seen users, comment count and tags (one statement; lists and page info). */
  social(pageId: string) {
    return this.queries.social(pageId);
  }

  /** The text of a page's latest revision, or undefined (no access check: the caller made it). */
  latestBody(pageId: string): string | undefined {
    return this.queries.byId.get({ id: pageId })?.revision.body;
  }

  /**
   * The page row (grant facts, status, latest revision id; no body), or undefined. Shared and
   * frozen: asked on every co-editing message and by every hot read's permission check (issue 32),
   * so kept until the row changes (db/row-watch.ts).
   */
  facts(pageId: string): typeof pages.$inferSelect | undefined {
    return this.factsMemo.get(pageId, () => {
      this.factsQuery ??= preparePageFacts(this.db);
      return this.factsQuery.get({ id: pageId });
    });
  }
  private readonly factsMemo: RowMemo<typeof pages.$inferSelect>;
  private factsQuery?: ReturnType<typeof preparePageFacts>;
  private saveStatements?: ReturnType<typeof prepareSaveStatements>;

  /**
   * The page row when the viewer may read it; for every other module that acts on a page. A page
   * that is not there and one the viewer may not see get the same answer.
   */
  readable(ctx: AccessContext, pageId: string): typeof pages.$inferSelect {
    const page = this.facts(pageId);
    if (!page || page.isEmpty || !canReadPage(ctx, page)) throw notFoundOrForbidden();
    return page;
  }

  /** How many pages the wiki has: published, not empty placeholders (the admin home's count). */
  liveCount(): number {
    this.liveCountQuery ??= this.db.$client.prepare<[], { n: number }>(
      "SELECT count(*) AS n FROM pages WHERE is_empty = 0 AND status = 'published'",
    );
    return this.liveCountQuery.get()!.n;
  }
  private liveCountQuery?: Statement<[], { n: number }>;

  /** A page the viewer may read lives at `path` (GROWI's `GET /page/exist`). */
  existsFor(ctx: AccessContext, path: string): boolean {
    const row = this.tree.byPath(normalizePath(path));
    return row !== undefined && !row.isEmpty && canReadPage(ctx, row);
  }

  /**
   * Where moving the page at `fromPath` (with what is below it) to `toPath` would land on pages
   * that are there already (GROWI's `GET /page/exist-paths`); the viewer's pages only.
   */
  existingPathsAfterMove(ctx: AccessContext, fromPath: string, toPath: string): string[] {
    const from = normalizePath(fromPath);
    const to = normalizePath(toPath);
    const root = this.tree.byPath(from);
    if (!root || !canReadPage(ctx, root))
      throw badRequest('from-page-is-not-exist', 'errors.from_page_not_found', { path: from });
    const moving = [root, ...this.tree.subtreeRows(from)].filter((row) => canReadPage(ctx, row));
    return moving
      .map((row) => to + row.path.slice(from.length))
      .filter((path) => {
        const there = this.tree.byPath(path);
        return there !== undefined && !there.isEmpty;
      });
  }

  /** The id of the page or placeholder at `path` (normalized), or undefined. */
  idAt(path: string): string | undefined {
    return this.tree.byPath(normalizePath(path))?.id;
  }

  /** A page (not an empty placeholder) lives at `path`. */
  exists(path: string): boolean {
    const row = this.tree.byPath(path);
    return row !== undefined && !row.isEmpty;
  }

  /**
   * The page at `path`, or the page a moved page's old path now leads to (with `redirectFrom`);
   * 404 `notfound_or_forbidden` otherwise.
   */
  getByPathOrRedirect(ctx: AccessContext, path: string): { page: Page; redirectFrom?: string } {
    const cached = this.cachedRead(ctx, { path });
    if (cached) return { page: cachedPage(cached) };
    const row = this.queries.byPath.get({ path });
    if (row) {
      if (!canReadPage(ctx, row.page)) throw notFoundOrForbidden();
      return { page: this.present(row) };
    }
    const redirect = this.queries.redirectByPath.get({ path });
    if (!redirect) throw notFoundOrForbidden();
    const target = this.get(ctx, { id: redirect.pageId });
    if (target.status !== 'published') throw notFoundOrForbidden();
    return { page: target, redirectFrom: path };
  }

  /** The nearest template's body for a new page at `path` (SPEC §2), or null. */
  template(ctx: AccessContext, path: string): { templatePath: string; body: string } | null {
    const found = findTemplate(this.db, ctx, validatePagePath(path));
    return found && { templatePath: found.templatePath, body: found.body };
  }

  /**
   * Without a body, a new page starts from the nearest template (or empty); without a grant, it
   * takes its parent's grant. The caller checked that the viewer may create pages (editorAccess).
   */
  create(
    ctx: AccessContext & { viewer: Viewer },
    input: { path: string; body?: string; wip?: boolean } & GrantFields,
  ): Page {
    const path = validatePagePath(input.path);
    // The web app's editor sends the template's text as the body; the tags still come from it.
    const template = findTemplate(this.db, ctx, path);
    const body = input.body ?? template?.body ?? '';
    const userId = ctx.viewer.id;
    const pageId = newId();
    const revisionId = newId();
    const now = new Date();
    this.db.transaction(() => {
      const grant: StoredGrant =
        input.grant === undefined ? this.grants.inherited(path) : chosenGrant(ctx.viewer, input, this.groups);
      this.grants.assertFits(path, grant, userId, input.confirmWiderGrant === true);
      this.insertPage({ pageId, revisionId, path, body, userId, now, wip: input.wip === true, ...grant });
      // A page under a template gets the template's tags (issue 7), whatever body was sent.
      if (template) this.copyTagsOf(template.templateId, pageId);
    });
    this.events.emit('page:created', { pageId, path, userId });
    return this.written(ctx, pageId);
  }

  /** Gives a new page another page's tags, in the caller's transaction (templates, duplicates). */
  copyTagsOf(fromPageId: string, toPageId: string): void {
    this.copyTags(fromPageId, toPageId);
  }

  /**
   * Writes a new page with its first revision, in the caller's transaction: 409 when a page lives
   * at the path; a placeholder there steps aside and the new page takes its children and count.
   */
  insertPage(input: {
    pageId: string;
    revisionId: string;
    path: string;
    body: string;
    userId: string;
    now: Date;
    grant?: number;
    grantedGroupIds?: string | null;
    /** Saved as work in progress (GROWI 7's unpublished page). */
    wip?: boolean;
    /** An imported page keeps its own dates (issue 12); otherwise both are `now`. */
    createdAt?: Date;
    updatedAt?: Date;
  }): void {
    const { pageId, revisionId, path, userId, now } = input;
    const updatedAt = input.updatedAt ?? now;
    const existing = this.tree.byPath(path);
    if (existing && !existing.isEmpty) throw conflict('already_exists', 'errors.page_exists', { path });
    if (existing) {
      this.tree.reparent(existing.id, pageId);
      this.db.delete(pages).where(eq(pages.id, existing.id)).run();
    }
    this.db
      .insert(pages)
      .values({
        id: pageId,
        path,
        grant: input.grant ?? GRANT.public,
        grantedGroupIds: input.grantedGroupIds ?? null,
        creatorId: userId,
        lastUpdateUserId: userId,
        parentId: this.tree.ensureAncestors(path),
        descendantCount: existing?.descendantCount ?? 0,
        wip: input.wip ?? false,
        createdAt: input.createdAt ?? now,
        updatedAt,
      })
      .run();
    this.db
      .insert(revisions)
      .values({ id: revisionId, pageId, body: input.body, authorId: userId, createdAt: updatedAt })
      .run();
    this.db.update(pages).set({ revisionId }).where(eq(pages.id, pageId)).run();
    this.tree.addToAncestors(path, 1);
  }

  /**
   * Saves a new revision. `revisionId` is the revision the editor started from: if someone saved
   * since, 409 with the latest revision so the client can keep the user's text and show what changed.
   * With `grant`, the page's grant changes too (checked like a new page's).
   */
  update(
    ctx: AccessContext & { viewer: Viewer },
    input: { pageId: string; revisionId: string; body: string; coeditorIds?: string[] } & GrantFields,
  ): Page {
    const userId = ctx.viewer.id;
    const newRevisionId = newId();
    const now = new Date();
    const path = this.db.$client.transaction(() => {
      const page = this.facts(input.pageId);
      // A page in the trash is read-only until it is put back.
      if (!page || page.status !== 'published' || !canEditPage(ctx, page)) throw notFoundOrForbidden();
      if (page.revisionId !== input.revisionId) {
        throw conflict('conflict', 'errors.conflict', undefined, {
          latestRevisionId: page.revisionId,
          updatedAt: page.updatedAt.toISOString(),
        });
      }
      const saves = (this.saveStatements ??= prepareSaveStatements(this.db));
      saves.insertRevision.run(newRevisionId, page.id, input.body, userId, now.getTime());
      const current: StoredGrant = { grant: page.grant, grantedGroupIds: page.grantedGroupIds };
      let grant = current;
      // The editor may resend the grant unchanged with every save: only a change is checked.
      if (input.grant !== undefined) {
        grant = chosenGrant(ctx.viewer, input, this.groups, parseGroupIds(page.grantedGroupIds));
        if (!sameGrant(grant, current)) {
          this.grants.assertFits(page.path, grant, page.creatorId, input.confirmWiderGrant === true);
        }
      }
      // A co-edited save lists the others who typed in it beside the author.
      const coeditors = [...new Set(input.coeditorIds ?? [])].filter((id) => id !== userId);
      for (const coeditorId of coeditors) saves.insertCoeditor.run(newRevisionId, coeditorId);
      saves.setLatest.run({
        id: page.id,
        revisionId: newRevisionId,
        userId,
        now: now.getTime(),
        grant: grant.grant,
        grantedGroupIds: grant.grantedGroupIds,
      });
      return page.path;
    })();
    this.events.emit('page:updated', { pageId: input.pageId, path, userId, revisionId: newRevisionId });
    return this.written(ctx, input.pageId);
  }

  /** Marks a page as work in progress or published (GROWI 7); the page as it is now. */
  setWip(ctx: AccessContext & { viewer: Viewer }, pageId: string, wip: boolean): Page {
    const page = this.facts(pageId);
    if (!page || page.isEmpty || page.status !== 'published' || !canEditPage(ctx, page))
      throw notFoundOrForbidden();
    if (page.wip !== wip) this.db.update(pages).set({ wip }).where(eq(pages.id, pageId)).run();
    return this.written(ctx, pageId);
  }

  recent(ctx: AccessContext, limit: number, offset: number): RecentPagesResponse {
    return this.recentLists.get(listingKey(ctx, limit, offset), () => this.readRecent(ctx, limit, offset))!;
  }

  private readRecent(ctx: AccessContext, limit: number, offset: number): RecentPagesResponse {
    const where = and(listablePages(ctx), eq(pages.status, 'published'), eq(pages.isEmpty, false));
    const rows = selectPageSummaries(this.db)
      .where(where)
      .orderBy(desc(pages.updatedAt))
      .limit(limit)
      .offset(offset)
      .all();
    const totalCount =
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(pages)
        .where(where)
        .get()?.n ?? 0;
    const summaries = rows.map((row): PageSummary => toPageSummary(row));
    return { pages: this.counts.forReader(ctx, summaries), totalCount };
  }
}
