// Import of pages and revisions, with GROWI's page options: this file decides (modes, grants,
// authors, ids); the pages and likes modules' commands write, then rebuild the tree.
import { GRANT } from '../../../shared/api-types';
import type { PageImportFlags } from '../../../shared/archive-types';
import { preparePageImport } from '../pages/commands/import-pages';
import { preparePageMarksImport } from '../likes-bookmarks/commands/import-marks';
import type { ApplyContext } from './apply-context';
import { TRASH_PREFIX, type PageRecord, type RevisionRecord } from './growi-shapes';

export function applyPages(c: ApplyContext): void {
  const pages = preparePageImport(c.sqlite);
  const marks = preparePageMarksImport(c.sqlite);
  const mode = c.mode('pages');
  const options: PageImportFlags = c.pageOptions() ?? {};
  if (mode === 'flushAndInsert') pages.removeAllPages();

  for (const page of c.staged.records<PageRecord>('pages')) {
    if (page.redirectTo !== null) {
      // GROWI 4: a rename's old path (a redirect, as GROWI 5+'s pageredirects) or a delete's
      // (pointing into the trash: nothing to keep, the trashed page carries its old path).
      const intoTrash = page.redirectTo === TRASH_PREFIX || page.redirectTo.startsWith(`${TRASH_PREFIX}/`);
      c.redirectPages.set(page.path, intoTrash ? null : page.redirectTo);
      c.absorbed('pages');
      continue;
    }
    const existed = c.exists('pages', page.id);
    if (existed && mode === 'insert') {
      c.failed('pages', page.id, `${page.path}: exists`);
      continue;
    }
    const holder = pages.idAtPath(page.path);
    if (holder && holder !== page.id) {
      // GROWI upserts pages by path: the archive's page replaces the one there (a fresh wiki's root).
      if (mode === 'insert') {
        c.failed('pages', page.id, `${page.path}: exists`);
        continue;
      }
      pages.removePage(holder);
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
    pages.savePage({
      id: page.id,
      path: page.path,
      grant,
      grantedGroupIds: grant === GRANT.userGroup ? JSON.stringify(groups) : null,
      // The owner of an owner-only page must stay its owner: the map links it to the local account.
      creatorId: grant === GRANT.owner ? c.user(page.creatorId) : (author ?? c.user(page.creatorId)),
      lastUpdateUserId: author ?? c.user(page.lastUpdateUserId),
      revisionId: page.revisionId,
      isEmpty: page.isEmpty,
      status: page.status,
      deletedAt: page.deletedAt,
      deletedFromPath: page.deletedFromPath,
      deleteUserId: c.user(page.deleteUserId),
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      wip: page.wip,
    });
    if (existed || holder) marks.clearPage(page.id);
    if (!options.initPageMetadatas) {
      for (const liker of page.liker) {
        const user = c.user(liker);
        if (user) marks.addLike(page.id, user, page.updatedAt);
      }
      for (const seen of page.seenUsers) {
        const user = c.user(seen);
        if (user) marks.addSeen(page.id, user, page.updatedAt);
      }
    }
    if (existed || holder) c.modified('pages');
    else c.inserted('pages');
  }
  saveRedirectPages(c, pages);
}

/** GROWI 4's redirect pages become redirects to the page their chain ends at. */
function saveRedirectPages(c: ApplyContext, pages: ReturnType<typeof preparePageImport>): void {
  for (const [fromPath, first] of c.redirectPages) {
    let target = first;
    for (let hops = 0; target !== null && c.redirectPages.has(target) && hops < 20; hops++)
      target = c.redirectPages.get(target) ?? null;
    if (target === null) continue;
    const pageId = pages.idAtPath(target);
    if (!pageId)
      c.note('pages', fromPath, `${fromPath}: redirects to ${target}, which the archive does not have`);
    else if (!pages.idAtPath(fromPath)) pages.saveRedirect(fromPath, pageId);
  }
}

export function applyRevisions(c: ApplyContext): void {
  const pages = preparePageImport(c.sqlite);
  const mode = c.mode('revisions');
  // GROWI sends the page flags with revisions too; either one asking to overwrite authors counts.
  const options: PageImportFlags = { ...c.options.get('revisions'), ...c.pageOptions() };
  if (mode === 'flushAndInsert') pages.removeAllRevisions();
  for (const rev of c.staged.records<RevisionRecord>('revisions')) {
    if (rev.pageId === null && rev.path !== null && c.redirectPages.has(rev.path)) {
      c.absorbed('revisions'); // a GROWI 4 redirect page's own revision
      continue;
    }
    // GROWI 4 names the page by path.
    const pageId = rev.pageId ?? (rev.path !== null ? (pages.idAtPath(rev.path) ?? null) : null);
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
    pages.saveRevision({
      id: rev.id,
      pageId: pageId!,
      body: rev.body,
      authorId: author,
      createdAt: rev.createdAt,
    });
    if (existed) c.modified('revisions');
    else c.inserted('revisions');
  }
}

/** After pages and revisions: every page points at a revision it has, and the tree is rebuilt. */
export function repairPages(c: ApplyContext): void {
  preparePageImport(c.sqlite).repairTree();
}
