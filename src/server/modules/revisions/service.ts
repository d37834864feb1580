// Page history: the list of REVISIONS, one old revision, the line diff between two, and restoring
// an old body as a new revision. Every read asks canReadPage about the page first.
import { diffLines } from 'diff';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';

import { notFoundOrForbidden } from '../../lib/app-error';
import { canReadPage, type AccessContext } from '../../policies/page-access';
import type { Page, Revision, UserSummary } from '../../../shared/api-types';
import type { DiffChange, RevisionSummary } from '../../../shared/page-tree-types';
import type { PagesService } from '../pages/service';
import { PAGES, REVISIONS, REVISION_COEDITORS } from '../pages/scopes';
import { USERS } from '../users/scopes';
import { prepareRevisionQueries } from '../pages/revision-queries';

const author = alias(USERS, 'author');
const authorColumns = { id: author.id, username: author.username, name: author.name };
type AuthorRef = { id: string; username: string; name: string } | null;

const toAuthor = (user: AuthorRef) =>
  user ? { _id: user.id, username: user.username, name: user.name } : null;

export class RevisionsService {
  constructor(
    private readonly db: Db,
    private readonly pagesService: PagesService,
  ) {}

  /** 404 unless the page exists (not a placeholder) and the viewer may read it. */
  private assertReadable(ctx: AccessContext, pageId: string): void {
    const page = this.db
      .select({
        grant: PAGES.grant,
        creatorId: PAGES.creatorId,
        grantedGroupIds: PAGES.grantedGroupIds,
        isEmpty: PAGES.isEmpty,
      })
      .from(PAGES)
      .where(eq(PAGES.id, pageId))
      .get();
    if (!page || page.isEmpty || !canReadPage(ctx, page)) throw notFoundOrForbidden();
  }

  list(ctx: AccessContext, pageId: string, page: number, limit: number) {
    this.assertReadable(ctx, pageId);
    const rows = this.db
      .select({
        id: REVISIONS.id,
        pageId: REVISIONS.pageId,
        createdAt: REVISIONS.createdAt,
        size: sql<number>`length(${REVISIONS.body})`,
        author: authorColumns,
      })
      .from(REVISIONS)
      .leftJoin(author, eq(REVISIONS.authorId, author.id))
      .where(eq(REVISIONS.pageId, pageId))
      .orderBy(desc(REVISIONS.createdAt), desc(sql`${REVISIONS}.rowid`))
      .limit(limit)
      .offset((page - 1) * limit)
      .all();
    const totalCount =
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(REVISIONS)
        .where(eq(REVISIONS.pageId, pageId))
        .get()?.n ?? 0;
    const coeditors = this.coeditorsOf(rows.map((row) => row.id));
    const list = rows.map((row): RevisionSummary => ({
      _id: row.id,
      pageId: row.pageId,
      author: toAuthor(row.author),
      createdAt: row.createdAt.toISOString(),
      size: row.size,
      coeditors: coeditors.get(row.id) ?? [],
    }));
    // GROWI's answer names where this page of the list starts.
    return { revisions: list, totalCount, offset: (page - 1) * limit };
  }

  /** The co-editors of these revisions (one query for the page of the list). */
  private coeditorsOf(revisionIds: string[]): Map<string, UserSummary[]> {
    const byRevision = new Map<string, UserSummary[]>();
    if (revisionIds.length === 0) return byRevision;
    const rows = this.db
      .select({
        revisionId: REVISION_COEDITORS.revisionId,
        id: USERS.id,
        username: USERS.username,
        name: USERS.name,
      })
      .from(REVISION_COEDITORS)
      .innerJoin(USERS, eq(REVISION_COEDITORS.userId, USERS.id))
      .where(inArray(REVISION_COEDITORS.revisionId, revisionIds))
      .orderBy(USERS.name)
      .all();
    for (const row of rows) {
      const list = byRevision.get(row.revisionId) ?? [];
      list.push({ _id: row.id, username: row.username, name: row.name });
      byRevision.set(row.revisionId, list);
    }
    return byRevision;
  }

  get(ctx: AccessContext, pageId: string, revisionId: string): Revision & { pageId: string } {
    this.assertReadable(ctx, pageId);
    const row = this.db
      .select({ revision: REVISIONS, author: authorColumns })
      .from(REVISIONS)
      .leftJoin(author, eq(REVISIONS.authorId, author.id))
      .where(and(eq(REVISIONS.id, revisionId), eq(REVISIONS.pageId, pageId)))
      .get();
    if (!row) throw notFoundOrForbidden();
    return {
      _id: row.revision.id,
      pageId,
      body: row.revision.body,
      author: toAuthor(row.author),
      createdAt: row.revision.createdAt.toISOString(),
    };
  }

  /** The revision saved just before `revisionId` (rowid breaks ties within a millisecond), or null. */
  private previousId(pageId: string, revisionId: string): string | null {
    this.revisionQueries ??= prepareRevisionQueries(this.db.$client);
    return this.revisionQueries.previousId(pageId, revisionId);
  }
  private revisionQueries?: ReturnType<typeof prepareRevisionQueries>;

  /** Line changes from `fromId` (default: the revision before `toId`) to `toId`. */
  diff(ctx: AccessContext, pageId: string, toId: string, fromId?: string) {
    const to = this.get(ctx, pageId, toId);
    const previous = fromId ?? this.previousId(pageId, toId);
    const from = previous ? this.get(ctx, pageId, previous) : null;
    const changes = diffLines(from?.body ?? '', to.body).map((change): DiffChange => ({
      value: change.value,
      added: change.added,
      removed: change.removed,
      count: change.count,
    }));
    return { from, to, changes };
  }

  /**
   * Saves an old revision's body as the newest revision. `revisionId` is the latest revision the
   * user saw: someone saving since is a 409 conflict, as for any save.
   */
  restore(
    ctx: AccessContext & { viewer: { id: string; admin: boolean } },
    input: { pageId: string; revisionId: string; targetRevisionId: string },
  ): Page {
    const target = this.get(ctx, input.pageId, input.targetRevisionId);
    return this.pagesService.update(ctx, {
      pageId: input.pageId,
      revisionId: input.revisionId,
      body: target.body,
    });
  }
}
