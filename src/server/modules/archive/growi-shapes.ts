// GROWI's document shapes, both ways. Export writes GROWI v7+ documents (what GROWI 7/8 writes with
// `JSON.stringify` of raw Mongo documents: 24-hex ids, ISO dates, `__v`); import reads every GROWI
// generation into Quire rows:
//   v4     pages.grantedGroup (one id), revisions.path instead of revisions.pageId, no isEmpty,
//          redirect pages (`redirectTo`) instead of pageredirects
//   v5/v6  pages.grantedGroup (one id), parent/isEmpty/descendantCount
//   v7+    pages.grantedGroups [{type, item}]
// One `read*` per collection; each throws ShapeError on a wrong field type.
import { GRANT } from '../../../shared/api-types';
import { readerOf, type Doc } from './doc-reader';

export const iso = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();

export { derivedId } from '../../lib/ids';

export const TRASH_PREFIX = '/trash';

// ---- pages ---------------------------------------------------------------------------------------

export interface PageRecord {
  id: string;
  path: string;
  grant: number;
  groupIds: string[];
  creatorId: string | null;
  lastUpdateUserId: string | null;
  revisionId: string | null;
  isEmpty: boolean;
  status: 'published' | 'deleted';
  deletedAt: number | null;
  deleteUserId: string | null;
  deletedFromPath: string | null;
  liker: string[];
  seenUsers: string[];
  createdAt: number;
  updatedAt: number;
  /** GROWI 7: work in progress, not published yet. */
  wip: boolean;
  /** GROWI 4: the page is only a redirect to this path (left behind by a rename or a delete). */
  redirectTo: string | null;
}

/** Page groups of any generation: v7+ `[{type, item}]` (or bare ids), v4–v6 `grantedGroup`. */
function readGrantedGroups(doc: Doc): string[] {
  const r = readerOf(doc);
  const v7 = doc.grantedGroups;
  if (Array.isArray(v7)) {
    return v7.map((entry) => {
      const item = typeof entry === 'object' && entry !== null ? (entry as Doc).item : entry;
      return readerOf({ grantedGroups: item }).id('grantedGroups');
    });
  }
  if (v7 !== undefined && v7 !== null) r.id('grantedGroups');
  const legacy = r.optId('grantedGroup');
  return legacy ? [legacy] : [];
}

export function readPage(doc: Doc): PageRecord {
  const r = readerOf(doc);
  const path = r.str('path');
  if (!path.startsWith('/')) r.id('path'); // throws: a page path is absolute
  const rawStatus = r.optStr('status') ?? 'published';
  if (rawStatus !== 'published' && rawStatus !== 'deleted') r.id('status');
  const status = rawStatus === 'deleted' ? 'deleted' : 'published';
  let grant = r.num('grant', GRANT.public);
  if (![1, 2, 3, 4, 5].includes(grant)) r.id('grant');
  const grantedUsers = r.ids('grantedUsers');
  let creatorId = r.optId('creator');
  // GROWI's deprecated grant 3 ("specified users") has no Quire equivalent: the owner keeps it alone.
  if (grant === GRANT.specified) grant = GRANT.owner;
  if (grant === GRANT.owner && grantedUsers[0]) creatorId = grantedUsers[0];
  const createdAt = r.date('createdAt', Date.now());
  const deleted = status === 'deleted';
  return {
    id: r.id('_id'),
    path,
    grant,
    groupIds: grant === GRANT.userGroup ? readGrantedGroups(doc) : [],
    creatorId,
    lastUpdateUserId: r.optId('lastUpdateUser'),
    revisionId: r.optId('revision'),
    isEmpty: r.bool('isEmpty', false),
    status,
    deletedAt: deleted ? (r.optDate('deletedAt') ?? r.date('updatedAt', createdAt)) : null,
    deleteUserId: deleted ? r.optId('deleteUser') : null,
    deletedFromPath: deleted ? (r.optStr('deletedFromPath') ?? fromTrash(path)) : null,
    liker: r.ids('liker'),
    seenUsers: r.ids('seenUsers'),
    createdAt,
    updatedAt: r.date('updatedAt', createdAt),
    wip: r.bool('wip', false),
    redirectTo: r.optStr('redirectTo') || null,
  };
}

function fromTrash(path: string): string {
  return path.startsWith(`${TRASH_PREFIX}/`) ? path.slice(TRASH_PREFIX.length) : path;
}

export interface PageExportRow {
  id: string;
  path: string;
  grant: number;
  grantedGroupIds: string | null;
  creatorId: string | null;
  lastUpdateUserId: string | null;
  revisionId: string | null;
  parentId: string | null;
  isEmpty: number;
  descendantCount: number;
  status: string;
  deletedAt: number | null;
  deletedFromPath: string | null;
  deleteUserId: string | null;
  createdAt: number;
  updatedAt: number;
  liker: string;
  seenUsers: string;
  commentCount: number;
  bodyLength: number | null;
  wip: number;
}

export function writePage(row: PageExportRow): Doc {
  const groups = row.grantedGroupIds ? (JSON.parse(row.grantedGroupIds) as string[]) : [];
  return {
    _id: row.id,
    parent: row.parentId,
    descendantCount: row.descendantCount,
    isEmpty: row.isEmpty === 1,
    path: row.path,
    ...(row.revisionId ? { revision: row.revisionId } : {}),
    status: row.status,
    wip: row.wip === 1,
    grant: row.grant,
    grantedUsers: row.grant === GRANT.owner && row.creatorId ? [row.creatorId] : [],
    grantedGroups: groups.map((item) => ({ type: 'UserGroup', item })),
    creator: row.creatorId,
    lastUpdateUser: row.lastUpdateUserId,
    liker: JSON.parse(row.liker) as string[],
    seenUsers: JSON.parse(row.seenUsers) as string[],
    commentCount: row.commentCount,
    ...(row.bodyLength !== null ? { latestRevisionBodyLength: row.bodyLength } : {}),
    ...(row.status === 'deleted'
      ? { deleteUser: row.deleteUserId, deletedAt: iso(row.deletedAt), deletedFromPath: row.deletedFromPath }
      : {}),
    updatedAt: iso(row.updatedAt),
    createdAt: iso(row.createdAt),
    __v: 0,
  };
}

// ---- revisions -----------------------------------------------------------------------------------

export interface RevisionRecord {
  id: string;
  /** v5+; v4 revisions name their page by `path` instead. */
  pageId: string | null;
  path: string | null;
  body: string;
  authorId: string | null;
  createdAt: number;
}

export function readRevision(doc: Doc): RevisionRecord {
  const r = readerOf(doc);
  const pageId = r.optId('pageId');
  const path = pageId ? null : r.str('path');
  return {
    id: r.id('_id'),
    pageId,
    path,
    body: r.str('body').replace(/\r\n/g, '\n'),
    authorId: r.optId('author'),
    createdAt: r.date('createdAt', Date.now()),
  };
}

export interface RevisionExportRow {
  id: string;
  pageId: string;
  body: string;
  authorId: string | null;
  createdAt: number;
}

export function writeRevision(row: RevisionExportRow): Doc {
  return {
    _id: row.id,
    pageId: row.pageId,
    body: row.body,
    format: 'markdown',
    author: row.authorId,
    hasDiffToPrev: true,
    origin: 'editor',
    createdAt: iso(row.createdAt),
    __v: 0,
  };
}
