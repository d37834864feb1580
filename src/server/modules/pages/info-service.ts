// What GROWI's page tree and lists ask about pages they already show (`GET /page-listing/info`,
// `GET /page-listing/item`): per page, whether the viewer may move, delete or put it back, its
// likes, seen users and comments, its age, and on request the start of its text. Only pages the
// viewer may read are answered; others are left out of the map (GROWI does the same).
import type { Db } from '../../db/client';
import { notFoundOrForbidden } from '../../lib/app-error';
import { canReadPage, type AccessContext } from '../../policies/page-access';
import { isMovablePath, normalizePath } from '../../../shared/page-path';
import type { PageCompleteDeletionAuthority } from '../../../shared/page-tree-types';
import type { Static } from '@sinclair/typebox';
import type { PageListingInfoSchema } from '../../../shared/contracts/page-listing';
import type { PagesService } from './service';
import { prepareTreeStore, type TreeRow } from './tree-store';
import { metaSourceOf, pageMeta, type PageMeta, type PageMetaSource } from './page-meta';
import type { Page } from '../../../shared/api-types';

/** GROWI's `revisionShortBody`: the first 350 characters. */
const SHORT_BODY = 350;

export type PageListingInfo = Static<typeof PageListingInfoSchema>;

export class PageInfoService {
  private readonly tree;

  constructor(
    db: Db,
    private readonly pages: PagesService,
    private readonly authority: () => PageCompleteDeletionAuthority,
  ) {
    this.tree = prepareTreeStore(db.$client);
  }

  /** Readable pages by id, or the one at a path. */
  private rows(ctx: AccessContext, target: { pageIds: string[] } | { path: string }): TreeRow[] {
    const rows =
      'pageIds' in target
        ? target.pageIds.map((id) => this.tree.byId(id))
        : [this.tree.byPath(normalizePath(target.path))];
    return rows.filter((row): row is TreeRow => row !== undefined && canReadPage(ctx, row));
  }

  /** GROWI's map of page id → info; `shortBody` adds the start of each page's text. */
  listing(
    ctx: AccessContext,
    target: { pageIds: string[] } | { path: string },
    shortBody: boolean,
  ): Record<string, PageListingInfo> {
    const authority = this.authority();
    const map: Record<string, PageListingInfo> = {};
    for (const row of this.rows(ctx, target)) {
      const isMovable = ctx.viewer !== null && isMovablePath(row.path);
      if (row.isEmpty) {
        map[row.id] = {
          emptyPageId: row.id,
          isNotFound: false,
          isV5Compatible: true,
          isEmpty: true,
          isMovable,
          isRevertible: false,
        };
        continue;
      }
      // The page row without its text; the text only when asked for. The same facts as a read's
      // meta; GROWI counts bookmarks here only when asked (the route adds them), 0 otherwise.
      const social = this.pages.social(row.id);
      const source: PageMetaSource = {
        path: row.path,
        facts: row,
        liker: social.liker,
        commentCount: social.commentCount,
        updatedAt: (this.pages.facts(row.id)?.updatedAt ?? new Date()).toISOString(),
        revisionId: row.revisionId ?? '',
      };
      const reader = { seenUsers: social.seenUsers, descendantCount: row.descendantCount, bookmarkCount: 0 };
      const { latestRevisionId, ...meta } = pageMeta(ctx, source, reader, authority);
      map[row.id] = {
        ...meta,
        ...(latestRevisionId ? { latestRevisionId } : {}),
        ...(shortBody
          ? { revisionShortBody: (this.pages.latestBody(row.id) ?? '').slice(0, SHORT_BODY) }
          : {}),
      };
    }
    return map;
  }

  /** GROWI's `meta` of a page read, for this reader. */
  meta(
    ctx: AccessContext,
    source: PageMetaSource,
    reader: { seenUsers: readonly string[]; descendantCount: number; bookmarkCount: number },
  ): PageMeta {
    return pageMeta(ctx, source, reader, this.authority());
  }

  /**
   * The meta of a page read through a share link: its holder may do nothing with the page but
   * read it (as GROWI answers), whoever they are.
   */
  sharedMeta(page: Page, bookmarkCount: number): PageMeta {
    const holder: AccessContext = { viewer: null, restrictGuestMode: 'Deny' };
    return pageMeta(
      holder,
      metaSourceOf(page),
      { seenUsers: page.seenUsers, descendantCount: 0, bookmarkCount },
      this.authority(),
    );
  }

  /** A tree item of one readable page (GROWI's `IPageForTreeItem`). */
  item(ctx: AccessContext, pageId: string) {
    // The page row from memory (pages.facts): the tree asks for items one by one.
    const row = this.pages.facts(pageId);
    if (!row || !canReadPage(ctx, row)) throw notFoundOrForbidden();
    return {
      _id: row.id,
      path: row.path,
      parent: row.parentId,
      revision: row.revisionId,
      descendantCount: row.descendantCount,
      grant: row.grant,
      isEmpty: row.isEmpty,
      wip: row.wip,
    };
  }
}
