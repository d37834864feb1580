// Import writers for what hangs off pages: tags and their pages, comments, bookmarks, share links,
// attachments (rows; their bytes are placed by import.ts after the commit), redirects, configs.
import type { ArchiveCollection } from '../../../shared/archive-types';
import { SETTING_DEFAULTS } from '../settings/defaults';
import type { ApplyContext } from './apply-context';
import { stagedRecords } from './stage';
import type {
  AttachmentRecord,
  BookmarkRecord,
  CommentRecord,
  ConfigRecord,
  PageTagRecord,
  RedirectRecord,
  ShareLinkRecord,
  TagRecord,
} from './shapes-social';
import { CONFIRMED_SETTINGS, MACHINE_SETTINGS, MASKED, SECRET_SETTINGS } from '../../lib/zip-guard';
import type { ImportNoteCode } from '../../../shared/archive-types';

/**
 * The common loop: flush when asked, skip what exists in insert mode, and count. `write` returns
 * false (with a reason) when the document cannot be placed, e.g. its page is not there.
 */
function applyEach<T extends { id: string }>(
  c: ApplyContext,
  collection: ArchiveCollection,
  flush: string,
  exists: (record: T) => boolean,
  /** null: written; a message: failed; a code: left out on purpose (named by `name`, else its id). */
  write: (record: T) => string | { code: ImportNoteCode; name?: string } | null,
): void {
  const mode = c.mode(collection);
  if (mode === 'flushAndInsert') c.sqlite.exec(flush);
  for (const record of stagedRecords<T>(c.staging, collection)) {
    const existed = exists(record);
    if (existed && mode === 'insert') {
      c.failed(collection, record.id, 'exists');
      continue;
    }
    const problem = write(record);
    if (typeof problem === 'object' && problem)
      c.leftOut(collection, problem.name ?? record.id, problem.code);
    else if (problem) c.failed(collection, record.id, problem);
    else if (existed) c.modified(collection);
    else c.inserted(collection);
  }
}

export function applyTags(c: ApplyContext): void {
  const byKey = c.sqlite.prepare<[string, string], { id: string }>(
    'SELECT id FROM tags WHERE name_key = ? AND id <> ?',
  );
  const upsert = c.sqlite.prepare(
    `INSERT INTO tags (id, name, name_key) VALUES (?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key`,
  );
  applyEach<TagRecord>(
    c,
    'tags',
    'DELETE FROM tags',
    (t) => c.exists('tags', t.id),
    (t) => {
      const other = byKey.get(t.name.toLowerCase(), t.id);
      if (other) {
        c.tagMap.set(t.id, other.id); // one tag per name: the archive's pages get the existing one
        return `${t.name}: linked to the existing tag`;
      }
      upsert.run(t.id, t.name, t.name.toLowerCase());
      return null;
    },
  );
}

export function applyPageTags(c: ApplyContext): void {
  const has = c.sqlite.prepare('SELECT 1 FROM page_tags WHERE page_id = ? AND tag_id = ?');
  const insert = c.sqlite.prepare('INSERT OR IGNORE INTO page_tags (page_id, tag_id) VALUES (?, ?)');
  applyEach<PageTagRecord>(
    c,
    'pagetagrelations',
    'DELETE FROM page_tags',
    (r) => has.get(r.pageId, c.tagMap.get(r.tagId) ?? r.tagId) !== undefined,
    (r) => {
      const tagId = c.tag(r.tagId);
      if (!c.page(r.pageId) || !tagId) return 'page or tag not found';
      insert.run(r.pageId, tagId);
      return null;
    },
  );
}

export function applyComments(c: ApplyContext): void {
  const upsert = c.sqlite.prepare(
    `INSERT INTO comments (id, page_id, revision_id, creator_id, reply_to, comment, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET page_id = excluded.page_id, revision_id = excluded.revision_id,
       creator_id = excluded.creator_id, reply_to = excluded.reply_to, comment = excluded.comment,
       created_at = excluded.created_at, updated_at = excluded.updated_at`,
  );
  applyEach<CommentRecord>(
    c,
    'comments',
    'DELETE FROM comments',
    (r) => c.exists('comments', r.id),
    (r) => {
      if (!c.page(r.pageId)) return 'page not found';
      // A reply whose thread is gone becomes a comment of its own rather than being lost.
      const replyTo = r.replyTo && c.exists('comments', r.replyTo) ? r.replyTo : null;
      upsert.run(
        r.id,
        r.pageId,
        r.revisionId,
        c.user(r.creatorId),
        replyTo,
        r.comment,
        r.createdAt,
        r.updatedAt,
      );
      return null;
    },
  );
}

export function applyBookmarks(c: ApplyContext): void {
  const has = c.sqlite.prepare('SELECT 1 FROM bookmarks WHERE page_id = ? AND user_id = ?');
  const upsert = c.sqlite.prepare(
    `INSERT INTO bookmarks (page_id, user_id, created_at) VALUES (?, ?, ?)
     ON CONFLICT (page_id, user_id) DO UPDATE SET created_at = excluded.created_at`,
  );
  applyEach<BookmarkRecord>(
    c,
    'bookmarks',
    'DELETE FROM bookmarks',
    (r) => has.get(r.pageId, c.userMap.get(r.userId) ?? r.userId) !== undefined,
    (r) => {
      const userId = c.user(r.userId);
      if (!c.page(r.pageId) || !userId) return 'page or user not found';
      upsert.run(r.pageId, userId, r.createdAt);
      return null;
    },
  );
}

export function applyShareLinks(c: ApplyContext): void {
  const upsert = c.sqlite.prepare(
    `INSERT INTO share_links (id, page_id, creator_id, expired_at, description, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET page_id = excluded.page_id, creator_id = excluded.creator_id,
       expired_at = excluded.expired_at, description = excluded.description, created_at = excluded.created_at`,
  );
  applyEach<ShareLinkRecord>(
    c,
    'sharelinks',
    'DELETE FROM share_links',
    (r) => c.exists('share_links', r.id),
    (r) => {
      if (!c.page(r.pageId)) return 'page not found';
      upsert.run(r.id, r.pageId, c.user(r.creatorId), r.expiredAt, r.description, r.createdAt);
      return null;
    },
  );
}

/** Rows only; returns the ids written, whose bytes import.ts then puts in place. */
export function applyAttachments(c: ApplyContext): string[] {
  const written: string[] = [];
  const upsert = c.sqlite.prepare(
    `INSERT INTO attachments (id, page_id, creator_id, original_name, file_format, file_size, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET page_id = excluded.page_id, creator_id = excluded.creator_id,
       original_name = excluded.original_name, file_format = excluded.file_format,
       file_size = excluded.file_size, created_at = excluded.created_at`,
  );
  // A flush leaves files behind; the attachments sweep at the next start removes unlisted ones.
  applyEach<AttachmentRecord>(
    c,
    'attachments',
    'DELETE FROM attachments',
    (r) => c.exists('attachments', r.id),
    (r) => {
      if (!c.page(r.pageId)) return 'page not found';
      upsert.run(r.id, r.pageId, c.user(r.creatorId), r.originalName, r.fileFormat, r.fileSize, r.createdAt);
      written.push(r.id);
      return null;
    },
  );
  return written;
}

export function applyRedirects(c: ApplyContext): void {
  const pageByPath = c.sqlite.prepare<[string], { id: string }>('SELECT id FROM pages WHERE path = ?');
  const has = c.sqlite.prepare('SELECT 1 FROM redirects WHERE from_path = ?');
  const upsert = c.sqlite.prepare(
    `INSERT INTO redirects (from_path, page_id, created_at) VALUES (?, ?, ?)
     ON CONFLICT (from_path) DO UPDATE SET page_id = excluded.page_id`,
  );
  applyEach<RedirectRecord>(
    c,
    'pageredirects',
    'DELETE FROM redirects',
    (r) => has.get(r.fromPath) !== undefined,
    (r) => {
      const page = pageByPath.get(r.toPath);
      if (!page) return `${r.toPath}: page not found`;
      upsert.run(r.fromPath, page.id, Date.now());
      return null;
    },
  );
}

/** Why a setting of the archive is not imported, or null when it may be. */
function leftOutBecause(key: string, value: string): ImportNoteCode | null {
  if (MACHINE_SETTINGS.has(key)) return 'machine_setting';
  if (SECRET_SETTINGS.has(key) || value === JSON.stringify(MASKED)) return 'secret_setting';
  if (CONFIRMED_SETTINGS.has(key)) return 'confirmed_setting';
  return null;
}

/**
 * Settings Quire knows (GROWI's key names where they are shared). Secrets, what belongs to this
 * machine and what this wiki's admin must turn on here stay as they are, and the report says so.
 */
export function applyConfigs(c: ApplyContext): void {
  const kept = new Set([...SECRET_SETTINGS, ...MACHINE_SETTINGS, ...CONFIRMED_SETTINGS]);
  const keep = [...kept].map((k) => `'${k.replace(/'/g, "''")}'`).join(', ');
  const upsert = c.sqlite.prepare(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  applyEach<ConfigRecord>(
    c,
    'configs',
    `DELETE FROM settings WHERE key NOT IN (${keep})`,
    () => false,
    (r) => {
      if (!(r.key in SETTING_DEFAULTS)) return `${r.key}: not a Quire setting`;
      const because = leftOutBecause(r.key, r.value);
      if (because) return { code: because, name: r.key };
      const fallback: unknown = SETTING_DEFAULTS[r.key as keyof typeof SETTING_DEFAULTS];
      const value: unknown = JSON.parse(r.value);
      if (typeof value !== typeof fallback || Array.isArray(value) !== Array.isArray(fallback))
        return `${r.key}: wrong type`;
      upsert.run(r.key, r.value, Date.now());
      return null;
    },
  );
}
