// Import writers for pages and revisions, with GROWI's page options, then the tree (parents,
// placeholders, descendant counts) rebuilt from the paths, as GROWI's normalizeAllPublicPages does.
import { GRANT } from '../../../shared/api-types';
import type { PageImportFlags } from '../../../shared/archive-types';
import { backfillHierarchy } from '../pages/hierarchy-backfill';
import type { ApplyContext } from './apply-context';
import type { PageRecord, RevisionRecord } from './growi-shapes';
import { stagedRecords } from './stage';

const PAGE_COLUMNS = `id, path, "grant", granted_group_ids, creator_id, last_update_user_id, revision_id,
  parent_id, is_empty, descendant_count, status, deleted_at, deleted_from_path, delete_user_id, created_at, updated_at`;

export function applyPages(c: ApplyContext): void {
  const { sqlite } = c;
  const mode = c.mode('pages');
  const options: PageImportFlags = c.pageOptions() ?? {};
  if (mode === 'flushAndInsert') sqlite.prepare('DELETE FROM pages').run();
  const byPath = sqlite.prepare<[string], { id: string }>('SELECT id FROM pages WHERE path = ?');
  const removeById = sqlite.prepare('DELETE FROM pages WHERE id = ?');
  const upsert = sqlite.prepare(
    `INSERT INTO pages (${PAGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, 0, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET path = excluded.path, "grant" = excluded."grant",
       granted_group_ids = excluded.granted_group_ids, creator_id = excluded.creator_id,
       last_update_user_id = excluded.last_update_user_id, revision_id = excluded.revision_id,
       is_empty = excluded.is_empty, status = excluded.status, deleted_at = excluded.deleted_at,
       deleted_from_path = excluded.deleted_from_path, delete_user_id = excluded.delete_user_id,
       created_at = excluded.created_at, updated_at = excluded.updated_at`,
  );
  const clearPeople = [
    sqlite.prepare('DELETE FROM likes WHERE page_id = ?'),
    sqlite.prepare('DELETE FROM page_seen_users WHERE page_id = ?'),
  ];
  const addLike = sqlite.prepare(
    'INSERT OR IGNORE INTO likes (page_id, user_id, created_at) VALUES (?, ?, ?)',
  );
  const addSeen = sqlite.prepare(
    'INSERT OR IGNORE INTO page_seen_users (page_id, user_id, created_at) VALUES (?, ?, ?)',
  );

  for (const page of stagedRecords<PageRecord>(c.staging, 'pages')) {
    const existed = c.exists('pages', page.id);
    if (existed && mode === 'insert') {
      c.failed('pages', page.id, `${page.path}: exists`);
      continue;
    }
    const holder = byPath.get(page.path);
    if (holder && holder.id !== page.id) {
      // GROWI upserts pages by path: the archive's page replaces the one there (a fresh wiki's root).
      if (mode === 'insert') {
        c.failed('pages', page.id, `${page.path}: exists`);
        continue;
      }
      removeById.run(holder.id);
    }
    let grant = page.grant;
    if (
      (grant === GRANT.restricted && options.makePublicForGrant2) ||
      (grant === GRANT.owner && options.makePublicForGrant4) ||
      (grant === GRANT.userGroup && options.makePublicForGrant5)
    )
      grant = GRANT.public;
    const groups = grant === GRANT.userGroup ? page.groupIds.map((g) => c.group(g) ?? g) : [];
    const author = options.isOverwriteAuthorWithCurrentUser ? c.operatorId : null;
    upsert.run(
      page.id,
      page.path,
      grant,
      grant === GRANT.userGroup ? JSON.stringify(groups) : null,
      // The owner of an owner-only page must stay its owner: the map links it to the local account.
      grant === GRANT.owner ? c.user(page.creatorId) : (author ?? c.user(page.creatorId)),
      author ?? c.user(page.lastUpdateUserId),
      page.revisionId,
      page.isEmpty ? 1 : 0,
      page.status,
      page.deletedAt,
      page.deletedFromPath,
      c.user(page.deleteUserId),
      page.createdAt,
      page.updatedAt,
    );
    if (existed || holder) for (const clear of clearPeople) clear.run(page.id);
    if (!options.initPageMetadatas) {
      for (const liker of page.liker) {
        const user = c.user(liker);
        if (user) addLike.run(page.id, user, page.updatedAt);
      }
      for (const seen of page.seenUsers) {
        const user = c.user(seen);
        if (user) addSeen.run(page.id, user, page.updatedAt);
      }
    }
    if (existed || holder) c.modified('pages');
    else c.inserted('pages');
  }
}

export function applyRevisions(c: ApplyContext): void {
  const { sqlite } = c;
  const mode = c.mode('revisions');
  // GROWI sends the page flags with revisions too; either one asking to overwrite authors counts.
  const options: PageImportFlags = { ...c.options.get('revisions'), ...c.pageOptions() };
  if (mode === 'flushAndInsert') sqlite.prepare('DELETE FROM revisions').run();
  const pageByPath = sqlite.prepare<[string], { id: string }>('SELECT id FROM pages WHERE path = ?');
  const upsert = sqlite.prepare(
    `INSERT INTO revisions (id, page_id, body, author_id, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET page_id = excluded.page_id, body = excluded.body,
       author_id = excluded.author_id, created_at = excluded.created_at`,
  );
  for (const rev of stagedRecords<RevisionRecord>(c.staging, 'revisions')) {
    // GROWI 4 names the page by path.
    const pageId = rev.pageId ?? (rev.path !== null ? (pageByPath.get(rev.path)?.id ?? null) : null);
    if (!c.page(pageId)) {
      c.failed('revisions', rev.id, 'page not found');
      continue;
    }
    const existed = c.exists('revisions', rev.id);
    if (existed && mode === 'insert') {
      c.failed('revisions', rev.id, 'exists');
      continue;
    }
    const author = options.isOverwriteAuthorWithCurrentUser ? c.operatorId : c.user(rev.authorId);
    upsert.run(rev.id, pageId, rev.body, author, rev.createdAt);
    if (existed) c.modified('revisions');
    else c.inserted('revisions');
  }
}

/** After pages and revisions: every page points at a revision it has, and the tree is rebuilt. */
export function repairPages(c: ApplyContext): void {
  const { sqlite } = c;
  sqlite.exec(`
    UPDATE pages SET revision_id = (SELECT r.id FROM revisions r WHERE r.page_id = pages.id
        ORDER BY r.created_at DESC, r.rowid DESC LIMIT 1)
      WHERE revision_id IS NULL OR NOT EXISTS (SELECT 1 FROM revisions r WHERE r.id = pages.revision_id);
    UPDATE pages SET is_empty = 1 WHERE revision_id IS NULL;
    UPDATE pages SET is_empty = 0 WHERE revision_id IS NOT NULL AND is_empty = 1;
    UPDATE pages SET parent_id = NULL, descendant_count = 0 WHERE status = 'published';`);
  backfillHierarchy(sqlite);
}
