// What each collection of an export reads, as GROWI v7+ documents. Every source reads from a
// read-only snapshot connection (one transaction, so the archive is consistent while the wiki keeps
// changing) with `iterate()`, one row at a time: a 100k-page wiki is never in memory.
import path from 'node:path';
import type { Readable } from 'node:stream';
import type Database from 'better-sqlite3';
import type { ArchiveCollection } from '../../../shared/archive-types';
import type { Doc } from './doc-reader';
import {
  derivedId,
  iso,
  writePage,
  writeRevision,
  type PageExportRow,
  type RevisionExportRow,
} from './growi-shapes';
import { SECRET_SETTINGS, MASKED } from '../../lib/zip-guard';

/** GridFS's default chunk size, as GROWI's uploader writes it. */
export const GRIDFS_CHUNK_SIZE = 255 * 1024;

export interface ExportSource {
  count(db: Database.Database): number;
  docs(db: Database.Database, files: FileSource): Iterable<Doc> | AsyncIterable<Doc>;
}

const countOf =
  (table: string, where = '') =>
  (db: Database.Database) =>
    (db.prepare(`SELECT count(*) AS n FROM ${table} ${where}`).get() as { n: number }).n;

function rows<T>(db: Database.Database, sql: string): Iterable<T> {
  return db.prepare(sql).iterate() as Iterable<T>;
}

function* mapRows<T>(db: Database.Database, sql: string, map: (row: T) => Doc): Iterable<Doc> {
  for (const row of rows<T>(db, sql)) yield map(row);
}

/** The storage name GROWI expects (`attachments.fileName`, GridFS `filename`): id plus extension. */
export function attachmentFileName(id: string, originalName: string): string {
  const ext = path.extname(originalName).toLowerCase();
  return /^\.[a-z0-9]{1,10}$/.test(ext) ? `${id}${ext}` : id;
}

const PAGES_SQL = `
  SELECT p.id, p.path, p."grant", p.granted_group_ids AS grantedGroupIds, p.creator_id AS creatorId,
    p.last_update_user_id AS lastUpdateUserId, p.revision_id AS revisionId, p.parent_id AS parentId,
    p.is_empty AS isEmpty, p.descendant_count AS descendantCount, p.status, p.deleted_at AS deletedAt,
    p.deleted_from_path AS deletedFromPath, p.delete_user_id AS deleteUserId,
    p.created_at AS createdAt, p.updated_at AS updatedAt, p.wip,
    (SELECT json_group_array(user_id) FROM likes WHERE page_id = p.id) AS liker,
    (SELECT json_group_array(user_id) FROM page_seen_users WHERE page_id = p.id) AS seenUsers,
    (SELECT count(*) FROM comments WHERE page_id = p.id) AS commentCount,
    (SELECT length(body) FROM revisions WHERE id = p.revision_id) AS bodyLength
  FROM pages p ORDER BY p.path`;

/** Where the attachment bytes come from: the storage in use (issue 19). */
export interface FileSource {
  open(key: string): Promise<Readable | null>;
}

/** A stream cut into GridFS's fixed-size chunks, whatever sizes its backend hands out. */
async function* fixedChunks(stream: Readable, size: number): AsyncIterable<Buffer> {
  let pending = Buffer.alloc(0);
  for await (const piece of stream) {
    pending = Buffer.concat([pending, piece as Buffer]);
    while (pending.length >= size) {
      yield pending.subarray(0, size);
      pending = pending.subarray(size);
    }
  }
  if (pending.length > 0) yield pending;
}

async function* gridFsChunks(db: Database.Database, files: FileSource): AsyncIterable<Doc> {
  for (const row of rows<{ id: string }>(
    db,
    'SELECT id FROM attachments WHERE page_id IS NOT NULL ORDER BY id',
  )) {
    const stream = await files.open(row.id);
    if (!stream) continue;
    let n = 0;
    for await (const chunk of fixedChunks(stream, GRIDFS_CHUNK_SIZE)) {
      const data = chunk.toString('base64');
      yield { _id: derivedId(row.id, 'chunk', String(n)), files_id: row.id, n, data, __v: 0 };
      n += 1;
    }
  }
}

export const EXPORT_SOURCES: Record<ArchiveCollection, ExportSource> = {
  pages: { count: countOf('pages'), docs: (db) => mapRows<PageExportRow>(db, PAGES_SQL, writePage) },
  revisions: {
    count: countOf('revisions'),
    docs: (db) =>
      mapRows<RevisionExportRow>(
        db,
        `SELECT id, page_id AS pageId, body, author_id AS authorId, created_at AS createdAt FROM revisions ORDER BY rowid`,
        writeRevision,
      ),
  },
  tags: {
    count: countOf('tags'),
    docs: (db) =>
      mapRows<Doc>(db, 'SELECT id AS _id, name FROM tags ORDER BY name_key', (r) => ({ ...r, __v: 0 })),
  },
  pagetagrelations: {
    count: countOf('page_tags'),
    docs: (db) =>
      mapRows<{ pageId: string; tagId: string; status: string }>(
        db,
        `SELECT pt.page_id AS pageId, pt.tag_id AS tagId, p.status FROM page_tags pt JOIN pages p ON p.id = pt.page_id`,
        (r) => ({
          _id: derivedId(r.pageId, r.tagId),
          relatedPage: r.pageId,
          relatedTag: r.tagId,
          isPageTrashed: r.status === 'deleted',
          __v: 0,
        }),
      ),
  },
  pageredirects: {
    count: countOf('redirects'),
    docs: (db) =>
      mapRows<{ fromPath: string; toPath: string }>(
        db,
        'SELECT r.from_path AS fromPath, p.path AS toPath FROM redirects r JOIN pages p ON p.id = r.page_id',
        (r) => ({ _id: derivedId('redirect', r.fromPath), ...r, __v: 0 }),
      ),
  },
  comments: {
    count: countOf('comments'),
    docs: (db) =>
      mapRows<Record<string, string | number | null>>(
        db,
        `SELECT id, page_id, creator_id, revision_id, comment, reply_to, created_at, updated_at FROM comments ORDER BY created_at`,
        (r) => ({
          _id: r.id,
          page: r.page_id,
          creator: r.creator_id,
          revision: r.revision_id,
          comment: r.comment,
          commentPosition: -1,
          ...(r.reply_to ? { replyTo: r.reply_to } : {}),
          createdAt: iso(r.created_at as number),
          updatedAt: iso(r.updated_at as number),
          __v: 0,
        }),
      ),
  },
  sharelinks: {
    count: countOf('share_links'),
    docs: (db) =>
      mapRows<Record<string, string | number | null>>(db, 'SELECT * FROM share_links', (r) => ({
        _id: r.id,
        relatedPage: r.page_id,
        creator: r.creator_id,
        ...(r.expired_at !== null ? { expiredAt: iso(r.expired_at as number) } : {}),
        description: r.description,
        createdAt: iso(r.created_at as number),
        __v: 0,
      })),
  },
  users: {
    count: countOf('users'),
    docs: (db) =>
      mapRows<Record<string, string | number | null>>(db, 'SELECT * FROM users ORDER BY created_at', (r) => ({
        _id: r.id,
        username: r.username,
        name: r.name,
        email: r.email,
        // Quire's own scrypt hash: a Quire import signs in with it; GROWI cannot verify it.
        ...(r.password_hash ? { password: r.password_hash } : {}),
        admin: r.admin === 1,
        readOnly: r.read_only === 1,
        status: r.status,
        lang: r.lang,
        isEmailPublished: r.is_email_published === 1,
        isGravatarEnabled: r.is_gravatar_enabled === 1,
        ...(r.last_login_at !== null ? { lastLoginAt: iso(r.last_login_at as number) } : {}),
        createdAt: iso(r.created_at as number),
        updatedAt: iso(r.updated_at as number),
        __v: 0,
      })),
  },
  externalaccounts: {
    count: countOf('external_accounts'),
    docs: (db) =>
      mapRows<Record<string, string | number>>(db, 'SELECT * FROM external_accounts', (r) => ({
        _id: r.id,
        providerType: r.provider_type,
        accountId: r.account_id,
        user: r.user_id,
        createdAt: iso(r.created_at as number),
        __v: 0,
      })),
  },
  usergroups: {
    count: countOf('user_groups'),
    docs: (db) =>
      mapRows<Record<string, string | number | null>>(
        db,
        'SELECT * FROM user_groups ORDER BY created_at',
        (r) => ({
          _id: r.id,
          name: r.name,
          description: r.description,
          parent: r.parent_id,
          createdAt: iso(r.created_at as number),
          updatedAt: iso(r.updated_at as number),
          __v: 0,
        }),
      ),
  },
  usergrouprelations: {
    count: countOf('user_group_relations'),
    docs: (db) =>
      mapRows<Record<string, string | number>>(db, 'SELECT * FROM user_group_relations', (r) => ({
        _id: derivedId(r.group_id as string, r.user_id as string),
        relatedGroup: r.group_id,
        relatedUser: r.user_id,
        createdAt: iso(r.created_at as number),
        __v: 0,
      })),
  },
  bookmarks: {
    count: countOf('bookmarks'),
    docs: (db) =>
      mapRows<Record<string, string | number>>(db, 'SELECT * FROM bookmarks', (r) => ({
        _id: derivedId('bookmark', r.page_id as string, r.user_id as string),
        page: r.page_id,
        user: r.user_id,
        createdAt: iso(r.created_at as number),
        __v: 0,
      })),
  },
  configs: {
    count: countOf('settings'),
    docs: (db) =>
      mapRows<{ key: string; value: string; updated_at: number }>(
        db,
        'SELECT * FROM settings ORDER BY key',
        (r) => ({
          _id: derivedId('config', r.key),
          ns: 'crowi',
          key: r.key,
          value: SECRET_SETTINGS.has(r.key) ? JSON.stringify(MASKED) : r.value,
          createdAt: iso(r.updated_at),
          updatedAt: iso(r.updated_at),
          __v: 0,
        }),
      ),
  },
  attachments: {
    count: countOf('attachments', 'WHERE page_id IS NOT NULL'),
    docs: (db) =>
      mapRows<Record<string, string | number | null>>(
        db,
        'SELECT * FROM attachments WHERE page_id IS NOT NULL ORDER BY created_at',
        (r) => ({
          _id: r.id,
          page: r.page_id,
          creator: r.creator_id,
          fileName: attachmentFileName(r.id as string, r.original_name as string),
          fileFormat: r.file_format,
          fileSize: r.file_size,
          originalName: r.original_name,
          attachmentType: 'WIKI_PAGE',
          createdAt: iso(r.created_at as number),
          __v: 0,
        }),
      ),
  },
  'attachmentFiles.files': {
    count: countOf('attachments', 'WHERE page_id IS NOT NULL'),
    docs: (db) =>
      mapRows<Record<string, string | number | null>>(
        db,
        'SELECT * FROM attachments WHERE page_id IS NOT NULL ORDER BY id',
        (r) => ({
          _id: r.id,
          filename: attachmentFileName(r.id as string, r.original_name as string),
          contentType: r.file_format,
          length: r.file_size,
          chunkSize: GRIDFS_CHUNK_SIZE,
          uploadDate: iso(r.created_at as number),
        }),
      ),
  },
  'attachmentFiles.chunks': {
    // Exact only after reading the files; the sum of ceil(size / chunk) is what a full read gives.
    count: (db) =>
      (
        db
          .prepare(
            `SELECT coalesce(sum((file_size + ${GRIDFS_CHUNK_SIZE} - 1) / ${GRIDFS_CHUNK_SIZE}), 0) AS n FROM attachments WHERE page_id IS NOT NULL`,
          )
          .get() as { n: number }
      ).n,
    docs: (db, files) => gridFsChunks(db, files),
  },
};
