// The pages module's commands for an archive import (issue 9, issue 31: the import writes pages and
// revisions only through these). Prepared once on the import's connection and run per record, in
// the import's transaction: bulk speed without another module's SQL.
import type Database from 'better-sqlite3';
import { rebuildHierarchy } from '../hierarchy-backfill';

/** A page as the import has decided it: ids mapped to this wiki's, grant already chosen. */
export interface ImportedPage {
  id: string;
  path: string;
  grant: number;
  /** JSON array of group ids, for a group grant; null otherwise. */
  grantedGroupIds: string | null;
  creatorId: string | null;
  lastUpdateUserId: string | null;
  revisionId: string | null;
  isEmpty: boolean;
  status: string;
  deletedAt: number | null;
  deletedFromPath: string | null;
  deleteUserId: string | null;
  createdAt: number;
  updatedAt: number;
  /** GROWI 7's work in progress. */
  wip: boolean;
}

export interface ImportedRevision {
  id: string;
  pageId: string;
  body: string;
  authorId: string | null;
  createdAt: number;
}

const PAGE_COLUMNS = `id, path, "grant", granted_group_ids, creator_id, last_update_user_id, revision_id,
  parent_id, is_empty, descendant_count, status, deleted_at, deleted_from_path, delete_user_id, created_at, updated_at,
  wip`;

export function preparePageImport(sqlite: Database.Database) {
  const idAtPath = sqlite.prepare<[string], { id: string }>('SELECT id FROM pages WHERE path = ?');
  const removeById = sqlite.prepare('DELETE FROM pages WHERE id = ?');
  const upsertPage = sqlite.prepare(
    `INSERT INTO pages (${PAGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, 0, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET path = excluded.path, "grant" = excluded."grant",
       granted_group_ids = excluded.granted_group_ids, creator_id = excluded.creator_id,
       last_update_user_id = excluded.last_update_user_id, revision_id = excluded.revision_id,
       is_empty = excluded.is_empty, status = excluded.status, deleted_at = excluded.deleted_at,
       deleted_from_path = excluded.deleted_from_path, delete_user_id = excluded.delete_user_id,
       created_at = excluded.created_at, updated_at = excluded.updated_at, wip = excluded.wip`,
  );
  const upsertRevision = sqlite.prepare(
    `INSERT INTO revisions (id, page_id, body, author_id, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET page_id = excluded.page_id, body = excluded.body,
       author_id = excluded.author_id, created_at = excluded.created_at`,
  );
  const hasRedirect = sqlite.prepare('SELECT 1 FROM redirects WHERE from_path = ?');
  const upsertRedirect = sqlite.prepare(
    `INSERT INTO redirects (from_path, page_id, created_at) VALUES (?, ?, ?)
     ON CONFLICT (from_path) DO UPDATE SET page_id = excluded.page_id`,
  );
  return {
    /** flushAndInsert: every page goes before the archive's come in. */
    removeAllPages: () => sqlite.prepare('DELETE FROM pages').run(),
    removeAllRevisions: () => sqlite.prepare('DELETE FROM revisions').run(),
    idAtPath: (path: string) => idAtPath.get(path)?.id,
    removePage: (id: string) => removeById.run(id),
    /** Inserts the page, or replaces the one with its id; the tree is rebuilt after (repairTree). */
    savePage(page: ImportedPage): void {
      upsertPage.run(
        page.id,
        page.path,
        page.grant,
        page.grantedGroupIds,
        page.creatorId,
        page.lastUpdateUserId,
        page.revisionId,
        page.isEmpty ? 1 : 0,
        page.status,
        page.deletedAt,
        page.deletedFromPath,
        page.deleteUserId,
        page.createdAt,
        page.updatedAt,
        page.wip ? 1 : 0,
      );
    },
    removeAllRedirects: () => sqlite.prepare('DELETE FROM redirects').run(),
    hasRedirect: (fromPath: string) => hasRedirect.get(fromPath) !== undefined,
    saveRedirect: (fromPath: string, pageId: string) => upsertRedirect.run(fromPath, pageId, Date.now()),
    saveRevision(revision: ImportedRevision): void {
      upsertRevision.run(revision.id, revision.pageId, revision.body, revision.authorId, revision.createdAt);
    },
    /**
     * After pages and revisions: every page points at a revision it has, and the tree (parents,
     * placeholders, descendant counts) is rebuilt from the paths, as GROWI's normalizeAllPublicPages.
     */
    repairTree(): void {
      sqlite.exec(`
        UPDATE pages SET revision_id = (SELECT r.id FROM revisions r WHERE r.page_id = pages.id
            ORDER BY r.created_at DESC, r.rowid DESC LIMIT 1)
          WHERE revision_id IS NULL OR NOT EXISTS (SELECT 1 FROM revisions r WHERE r.id = pages.revision_id);
        UPDATE pages SET is_empty = (revision_id IS NULL) WHERE is_empty <> (revision_id IS NULL);`);
      rebuildHierarchy(sqlite);
    },
  };
}
