// GROWI's `meta` beside the page read: what the reader may do with the page, and its counts. Made
// from what the read already holds (the cached answer's facts, or the page just presented), so the
// hot route asks the database for nothing but the bookmark count.
import type { Static } from '@sinclair/typebox';
import {
  canDeletePageCompletely,
  canEditPage,
  type AccessContext,
  type PageGrantFacts,
} from '../../policies/page-access';
import { isMovablePath, isTrashPath } from '../../../shared/page-path';
import type { PageCompleteDeletionAuthority } from '../../../shared/page-tree-types';
import type { PageMetaSchema } from '../../../shared/contracts/pages';
import type { Page } from '../../../shared/api-types';

export type PageMeta = Static<typeof PageMetaSchema>;

/** What the meta is made of, kept beside a cached answer. */
export interface PageMetaSource {
  path: string;
  facts: PageGrantFacts;
  liker: readonly string[];
  commentCount: number;
  updatedAt: string;
  revisionId: string;
}

const YEAR_MS = 365.2425 * 24 * 60 * 60 * 1000;
/** GROWI lists the first 15 likers and readers. */
const FIRST = 15;

export function metaSourceOf(page: Page): PageMetaSource {
  return {
    path: page.path,
    facts: {
      grant: page.grant,
      creatorId: page.creator?._id ?? null,
      grantedGroupIds: JSON.stringify(page.grantedGroups.map((group) => group._id)),
    },
    liker: page.liker,
    commentCount: page.commentCount,
    updatedAt: page.updatedAt,
    revisionId: page.revision._id,
  };
}

export function pageMeta(
  ctx: AccessContext,
  source: PageMetaSource,
  reader: { seenUsers: readonly string[]; descendantCount: number; bookmarkCount: number },
  authority: PageCompleteDeletionAuthority,
): PageMeta {
  const signedIn = ctx.viewer !== null;
  return {
    isNotFound: false,
    isV5Compatible: true,
    isEmpty: false,
    isMovable: signedIn && isMovablePath(source.path),
    isDeletable: signedIn && source.path !== '/' && canEditPage(ctx, source.facts),
    isAbleToDeleteCompletely: canDeletePageCompletely(ctx, source.facts, authority),
    isRevertible: isTrashPath(source.path),
    bookmarkCount: reader.bookmarkCount,
    sumOfLikers: source.liker.length,
    likerIds: source.liker.slice(0, FIRST),
    sumOfSeenUsers: reader.seenUsers.length,
    seenUserIds: reader.seenUsers.slice(0, FIRST),
    contentAge: Math.max(0, Math.floor((Date.now() - Date.parse(source.updatedAt)) / YEAR_MS)),
    descendantCount: reader.descendantCount,
    commentCount: source.commentCount,
    latestRevisionId: source.revisionId,
  };
}
