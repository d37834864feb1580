// Prepared statements for the hot read paths, built once per database: drizzle builds SQL and
// better-sqlite3 prepares it only here, not on every request.
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { pages, redirects, revisions, users } from '../../db/schema';

const creator = alias(users, 'creator');
const updater = alias(users, 'updater');
const author = alias(users, 'author');

export function selectPageSummaries(db: Db) {
  return db
    .select({
      page: pages,
      creator: { id: creator.id, username: creator.username, name: creator.name },
      updater: { id: updater.id, username: updater.username, name: updater.name },
    })
    .from(pages)
    .leftJoin(creator, eq(pages.creatorId, creator.id))
    .leftJoin(updater, eq(pages.lastUpdateUserId, updater.id));
}

function selectPagesWithRevision(db: Db) {
  return db
    .select({
      page: pages,
      creator: { id: creator.id, username: creator.username, name: creator.name },
      updater: { id: updater.id, username: updater.username, name: updater.name },
      revision: revisions,
      author: { id: author.id, username: author.username, name: author.name },
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
    redirectByPath: db
      .select({ pageId: redirects.pageId })
      .from(redirects)
      .where(eq(redirects.fromPath, sql.placeholder('path')))
      .prepare(),
  };
}
export type PageQueries = ReturnType<typeof preparePageQueries>;
