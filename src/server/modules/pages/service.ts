// Pages and their revisions: the rules of creating, reading and saving. Knows nothing of HTTP.
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pages, revisions } from '../../db/schema';
import { badRequest, conflict, notFoundOrForbidden } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import { newId } from '../../lib/ids';
import { canEditPage, canReadPage, listablePages, type AccessContext } from '../../policies/page-access';
import { isCreatablePage, normalizePath } from '../../../shared/page-path';
import type { Page, PageSummary, RecentPagesResponse } from '../../../shared/api-types';
import { toPage, toPageSummary } from './presenter';
import { preparePageQueries, selectPageSummaries, type PageQueries } from './queries';

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

export class PagesService {
  private readonly queries: PageQueries;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
  ) {
    this.queries = preparePageQueries(db);
  }

  /** A readable page with its latest revision; 404 `notfound_or_forbidden` otherwise. */
  get(ctx: AccessContext, where: { path: string } | { id: string }): Page {
    const row = 'path' in where ? this.queries.byPath.get(where) : this.queries.byId.get(where);
    if (!row || !canReadPage(ctx, row.page)) throw notFoundOrForbidden();
    return toPage(row, row);
  }

  exists(path: string): boolean {
    return this.queries.idByPath.get({ path }) !== undefined;
  }

  create(ctx: AccessContext & { viewer: { id: string } }, input: { path: string; body: string }): Page {
    const path = validatePagePath(input.path);
    const userId = ctx.viewer.id;
    const pageId = newId();
    const revisionId = newId();
    const now = new Date();
    this.db.transaction((tx) => {
      if (tx.select({ id: pages.id }).from(pages).where(eq(pages.path, path)).get()) {
        throw conflict('already_exists', 'errors.page_exists', { path });
      }
      tx.insert(pages)
        .values({
          id: pageId,
          path,
          creatorId: userId,
          lastUpdateUserId: userId,
          createdAt: now,
          updatedAt: now,
        })
        .run();
      tx.insert(revisions)
        .values({ id: revisionId, pageId, body: input.body, authorId: userId, createdAt: now })
        .run();
      tx.update(pages).set({ revisionId }).where(eq(pages.id, pageId)).run();
    });
    this.events.emit('page:created', { pageId, path, userId });
    return this.get(ctx, { id: pageId });
  }

  /**
   * Saves a new revision. `revisionId` is the revision the editor started from: if someone saved
   * since, 409 with the latest revision so the client can keep the user's text and show what changed.
   */
  update(
    ctx: AccessContext & { viewer: { id: string } },
    input: { pageId: string; revisionId: string; body: string },
  ): Page {
    const userId = ctx.viewer.id;
    const newRevisionId = newId();
    const now = new Date();
    const path = this.db.transaction((tx) => {
      const page = tx.select().from(pages).where(eq(pages.id, input.pageId)).get();
      if (!page || !canEditPage(ctx, page)) throw notFoundOrForbidden();
      if (page.revisionId !== input.revisionId) {
        throw conflict('conflict', 'errors.conflict', undefined, {
          latestRevisionId: page.revisionId,
          updatedAt: page.updatedAt.toISOString(),
        });
      }
      tx.insert(revisions)
        .values({ id: newRevisionId, pageId: page.id, body: input.body, authorId: userId, createdAt: now })
        .run();
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
    const where = listablePages(ctx);
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
