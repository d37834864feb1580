// Shapes page rows into the API's page objects (GROWI-like field names).
import type { pages, revisions } from '../../db/schema';
import {
  GRANT,
  type Grant,
  type Page,
  type PageSocialFields,
  type PageSummary,
  type UserSummary,
} from '../../../shared/api-types';

type UserRef = { id: string; username: string; name: string } | null;

export interface PageRow {
  page: typeof pages.$inferSelect;
  creator: UserRef;
  updater: UserRef;
}

export interface RevisionRow {
  revision: typeof revisions.$inferSelect;
  author: UserRef;
}

function toUser(user: UserRef): UserSummary | null {
  return user ? { _id: user.id, username: user.username, name: user.name } : null;
}

export function toPageSummary({ page, creator, updater }: PageRow): PageSummary {
  return {
    _id: page.id,
    path: page.path,
    grant: page.grant as Grant,
    creator: toUser(creator),
    lastUpdateUser: toUser(updater),
    revisionId: page.revisionId ?? '',
    createdAt: page.createdAt.toISOString(),
    updatedAt: page.updatedAt.toISOString(),
    descendantCount: page.descendantCount,
    status: page.status,
    wip: page.wip,
    deletedAt: page.deletedAt?.toISOString() ?? null,
  };
}

export function toPage(
  row: PageRow,
  { revision, author }: RevisionRow,
  grantedGroups: Page['grantedGroups'],
  social: PageSocialFields,
): Page {
  const { revisionId: _revisionId, ...summary } = toPageSummary(row);
  return {
    ...summary,
    ...social,
    grantedGroups,
    revision: {
      _id: revision.id,
      body: revision.body,
      author: toUser(author),
      createdAt: revision.createdAt.toISOString(),
    },
  };
}

/** The page as GROWI answers its document itself (publish, a grant change): bookkeeping fields too. */
export function toPageDocument(page: Page) {
  const grantedUsers = page.grant === GRANT.owner && page.creator ? [page.creator._id] : [];
  return { ...page, __v: 0, extended: {}, grantedUsers };
}
