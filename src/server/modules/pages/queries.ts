// Prepared statements for the hot read paths, built once per database: drizzle builds SQL and
// better-sqlite3 prepares it only here, not on every request.
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { pages, redirects, revisions } from '../../db/schema';
import type { PageSocialFields } from '../../../shared/api-types';
import { USERS, userSummaryOf } from '../users/scopes';
import { COMMENT_COUNT_SQL } from '../comments/queries';
import { LIKER_IDS_SQL, SEEN_USER_IDS_SQL } from '../likes-bookmarks/queries';
import { TAG_NAMES_SQL } from '../tags/queries';

const creator = alias(USERS, 'creator');
const updater = alias(USERS, 'updater');
const author = alias(USERS, 'author');

export function selectPageSummaries(db: Db) {
  return db
    .select({
      page: pages,
      creator: userSummaryOf(creator),
      updater: userSummaryOf(updater),
    })
    .from(pages)
    .leftJoin(creator, eq(pages.creatorId, creator.id))
    .leftJoin(updater, eq(pages.lastUpdateUserId, updater.id));
}

function selectPagesWithRevision(db: Db) {
  return db
    .select({
      page: pages,
      creator: userSummaryOf(creator),
      updater: userSummaryOf(updater),
      revision: revisions,
      author: userSummaryOf(author),
    })
    .from(pages)
    .innerJoin(revisions, eq(revisions.id, pages.revisionId))
    .leftJoin(creator, eq(pages.creatorId, creator.id))
    .leftJoin(updater, eq(pages.lastUpdateUserId, updater.id))
    .leftJoin(author, eq(revisions.authorId, author.id));
}

export function preparePageQueries(db: Db) {
  return {
    byPath: selectPagesWithRevision(db)
      .where(eq(pages.path, sql.placeholder('path')))
      .prepare(),
    byId: selectPagesWithRevision(db)
      .where(eq(pages.id, sql.placeholder('id')))
      .prepare(),
    social: prepareSocialQuery(db),
    redirectByPath: db
      .select({ pageId: redirects.pageId })
      .from(redirects)
      .where(eq(redirects.fromPath, sql.placeholder('path')))
      .prepare(),
  };
}

// The social facts of a page read (issue 7) in one statement: four index look-ups, each the
// owning module's SQL.
const SOCIAL_SQL = `SELECT ${LIKER_IDS_SQL} AS liker, ${SEEN_USER_IDS_SQL} AS seenUsers,
  ${COMMENT_COUNT_SQL} AS commentCount, ${TAG_NAMES_SQL} AS tags`;

export function prepareSocialQuery(db: Db): (pageId: string) => PageSocialFields {
  const stmt = db.$client.prepare<
    [{ id: string }],
    { liker: string; seenUsers: string; commentCount: number; tags: string }
  >(SOCIAL_SQL);
  return (pageId) => {
    const row = stmt.get({ id: pageId });
    if (!row) return { liker: [], seenUsers: [], commentCount: 0, tags: [] };
    return {
      liker: JSON.parse(row.liker) as string[],
      seenUsers: JSON.parse(row.seenUsers) as string[],
      commentCount: row.commentCount,
      tags: JSON.parse(row.tags) as string[],
    };
  };
}

export type PageQueries = ReturnType<typeof preparePageQueries>;

/** The statements of a save (PUT /page), the hottest write: prepared once, not built per save. */
export function prepareSaveStatements(db: Db) {
  const sqlite = db.$client;
  return {
    insertRevision: sqlite.prepare<[string, string, string, string | null, number]>(
      'INSERT INTO revisions (id, page_id, body, author_id, created_at) VALUES (?, ?, ?, ?, ?)',
    ),
    setLatest: sqlite.prepare<{
      id: string;
      revisionId: string;
      userId: string;
      now: number;
      grant: number;
      grantedGroupIds: string | null;
    }>(
      `UPDATE pages SET revision_id = @revisionId, last_update_user_id = @userId, updated_at = @now,
         "grant" = @grant, granted_group_ids = @grantedGroupIds WHERE id = @id`,
    ),
    insertCoeditor: sqlite.prepare<[string, string]>(
      'INSERT INTO revision_coeditors (revision_id, user_id) VALUES (?, ?)',
    ),
  };
}

/**
 * One window of page summaries in `order` and how many pages `where` selects in all (the lists
 * that page by offset: `$lsx`, a group's pages).
 */
export function pageSummaryWindow(
  db: Db,
  where: SQL | undefined,
  order: (SQL | SQLiteColumn)[],
  offset: number,
  limit: number,
) {
  const rows = selectPageSummaries(db)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .all();
  const total =
    db
      .select({ n: sql<number>`count(*)` })
      .from(pages)
      .where(where)
      .get()?.n ?? 0;
  return { rows, total };
}
