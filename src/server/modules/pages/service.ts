// Pages and their revisions: the rules of creating, reading and saving. Knows nothing of HTTP.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pages, revisionCoeditors, revisions } from '../../db/schema';
import { badRequest, conflict, notFoundOrForbidden } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import { newId } from '../../lib/ids';
import { canEditPage, canReadPage, listablePages, type AccessContext } from '../../policies/page-access';
import { isCreatablePage, normalizePath } from '../../../shared/page-path';
import { GRANT, type Page, type PageSummary, type RecentPagesResponse } from '../../../shared/api-types';
import { toPage, toPageSummary } from './presenter';
import { preparePageQueries, selectPageSummaries, type PageQueries } from './queries';
import { backfillHierarchy } from './hierarchy-backfill';
import { findTemplate } from './templates';
import { prepareTreeStore, type TreeStore } from './tree-store';

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

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
  ) {
    this.queries = preparePageQueries(db);
    backfillHierarchy(db.$client);
    this.tree = prepareTreeStore(db.$client);
  }

  /** A readable page with its latest revision; 404 `notfound_or_forbidden` otherwise. */
  get(ctx: AccessContext, where: { path: string } | { id: string }): Page {
    const row = 'path' in where ? this.queries.byPath.get(where) : this.queries.byId.get(where);
    if (!row || !canReadPage(ctx, row.page)) throw notFoundOrForbidden();
    return toPage(row, row);
  }

  /** The page row (grant facts, status, latest revision id; no body), or undefined. */
  facts(pageId: string): typeof pages.$inferSelect | undefined {
    // Asked on every co-editing message: prepared once.
    this.factsQuery ??= preparePageFacts(this.db);
    return this.factsQuery.get({ id: pageId });
  }
  private factsQuery?: ReturnType<typeof preparePageFacts>;

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
    const row = this.queries.byPath.get({ path });
    if (row) {
      if (!canReadPage(ctx, row.page)) throw notFoundOrForbidden();
      return { page: toPage(row, row) };
    }
    const redirect = this.queries.redirectByPath.get({ path });
    if (!redirect) throw notFoundOrForbidden();
    const target = this.get(ctx, { id: redirect.pageId });
    if (target.status !== 'published') throw notFoundOrForbidden();
    return { page: target, redirectFrom: path };
  }

  /** The nearest template's body for a new page at `path` (SPEC §2), or null. */
  template(ctx: AccessContext, path: string): { templatePath: string; body: string } | null {
    return findTemplate(this.db, ctx, validatePagePath(path));
  }

  /** Without a body, a new page starts from the nearest template (or empty). */
  create(ctx: AccessContext & { viewer: { id: string } }, input: { path: string; body?: string }): Page {
    const path = validatePagePath(input.path);
    const body = input.body ?? findTemplate(this.db, ctx, path)?.body ?? '';
    const userId = ctx.viewer.id;
    const pageId = newId();
    const revisionId = newId();
    const now = new Date();
    this.db.transaction(() => this.insertPage({ pageId, revisionId, path, body, userId, now }));
    this.events.emit('page:created', { pageId, path, userId });
    return this.get(ctx, { id: pageId });
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
  }): void {
    const { pageId, revisionId, path, userId, now } = input;
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
        creatorId: userId,
        lastUpdateUserId: userId,
        parentId: this.tree.ensureAncestors(path),
        descendantCount: existing?.descendantCount ?? 0,
        createdAt: now,
        updatedAt: now,
      })
      .run();
    this.db
      .insert(revisions)
      .values({ id: revisionId, pageId, body: input.body, authorId: userId, createdAt: now })
      .run();
    this.db.update(pages).set({ revisionId }).where(eq(pages.id, pageId)).run();
    this.tree.addToAncestors(path, 1);
  }

  /**
   * Saves a new revision. `revisionId` is the revision the editor started from: if someone saved
   * since, 409 with the latest revision so the client can keep the user's text and show what changed.
   */
  update(
    ctx: AccessContext & { viewer: { id: string } },
    input: { pageId: string; revisionId: string; body: string; coeditorIds?: string[] },
  ): Page {
    const userId = ctx.viewer.id;
    const newRevisionId = newId();
    const now = new Date();
    const path = this.db.transaction((tx) => {
      const page = tx.select().from(pages).where(eq(pages.id, input.pageId)).get();
      // A page in the trash is read-only until it is put back.
      if (!page || page.status !== 'published' || !canEditPage(ctx, page)) throw notFoundOrForbidden();
      if (page.revisionId !== input.revisionId) {
        throw conflict('conflict', 'errors.conflict', undefined, {
          latestRevisionId: page.revisionId,
          updatedAt: page.updatedAt.toISOString(),
        });
      }
      tx.insert(revisions)
        .values({ id: newRevisionId, pageId: page.id, body: input.body, authorId: userId, createdAt: now })
        .run();
      // A co-edited save lists the others who typed in it beside the author.
      const coeditors = [...new Set(input.coeditorIds ?? [])].filter((id) => id !== userId);
      for (const coeditorId of coeditors) {
        tx.insert(revisionCoeditors).values({ revisionId: newRevisionId, userId: coeditorId }).run();
      }
      tx.update(pages)
        .set({ revisionId: newRevisionId, lastUpdateUserId: userId, updatedAt: now })
        .where(eq(pages.id, page.id))
        .run();
      return page.path;
    });
    this.events.emit('page:updated', { pageId: input.pageId, path, userId, revisionId: newRevisionId });
    return this.get(ctx, { id: input.pageId });
  }

  recent(ctx: AccessContext, limit: number, offset: number): RecentPagesResponse {
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
    return { pages: rows.map((row): PageSummary => toPageSummary(row)), totalCount };
  }
}
