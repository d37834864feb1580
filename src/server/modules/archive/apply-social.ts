// Import of what hangs off pages: tags and their pages, comments, bookmarks, share links,
// attachments (rows; their bytes are placed by import.ts after the commit), redirects, configs.
// This file decides (modes, id maps, what is left out); each owning module's command writes.
import type { ArchiveCollection } from '../../../shared/archive-types';
import { SETTING_DEFAULTS } from '../settings/defaults';
import type { ApplyContext } from './apply-context';
import { prepareAttachmentImport } from '../attachments/commands/import-attachments';
import { prepareCommentImport } from '../comments/commands/import-comments';
import { preparePageMarksImport } from '../likes-bookmarks/commands/import-marks';
import { preparePageImport } from '../pages/commands/import-pages';
import { prepareSettingImport } from '../settings/commands/import-settings';
import { prepareShareLinkImport } from '../share-links/commands/import-share-links';
import { prepareTagImport } from '../tags/commands/import-tags';
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
  flush: () => unknown,
  exists: (record: T) => boolean,
  /** null: written; a message: failed; a code: left out on purpose (named by `name`, else its id). */
  write: (record: T) => string | { code: ImportNoteCode; name?: string } | null,
): void {
  const mode = c.mode(collection);
  if (mode === 'flushAndInsert') flush();
  for (const record of c.staged.records<T>(collection)) {
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
  const tags = prepareTagImport(c.sqlite);
  applyEach<TagRecord>(
    c,
    'tags',
    tags.removeAllTags,
    (t) => c.exists('tags', t.id),
    (t) => {
      const other = tags.holderOf(t.name, t.id);
      if (other) {
        c.tagMap.set(t.id, other); // one tag per name: the archive's pages get the existing one
        return `${t.name}: linked to the existing tag`;
      }
      tags.saveTag(t.id, t.name);
      return null;
    },
  );
}

export function applyPageTags(c: ApplyContext): void {
  const tags = prepareTagImport(c.sqlite);
  applyEach<PageTagRecord>(
    c,
    'pagetagrelations',
    tags.removeAllPageTags,
    (r) => tags.hasPageTag(r.pageId, c.tagMap.get(r.tagId) ?? r.tagId),
    (r) => {
      const tagId = c.tag(r.tagId);
      if (!c.page(r.pageId) || !tagId) return 'page or tag not found';
      tags.addPageTag(r.pageId, tagId);
      return null;
    },
  );
}

export function applyComments(c: ApplyContext): void {
  const comments = prepareCommentImport(c.sqlite);
  applyEach<CommentRecord>(
    c,
    'comments',
    comments.removeAll,
    (r) => c.exists('comments', r.id),
    (r) => {
      if (!c.page(r.pageId)) return 'page not found';
      // A reply whose thread is gone becomes a comment of its own rather than being lost.
      const replyTo = r.replyTo && c.exists('comments', r.replyTo) ? r.replyTo : null;
      comments.saveComment({ ...r, creatorId: c.user(r.creatorId), replyTo });
      return null;
    },
  );
}

export function applyBookmarks(c: ApplyContext): void {
  const marks = preparePageMarksImport(c.sqlite);
  applyEach<BookmarkRecord>(
    c,
    'bookmarks',
    marks.removeAllBookmarks,
    (r) => marks.hasBookmark(r.pageId, c.userMap.get(r.userId) ?? r.userId),
    (r) => {
      const userId = c.user(r.userId);
      if (!c.page(r.pageId) || !userId) return 'page or user not found';
      marks.saveBookmark(r.pageId, userId, r.createdAt);
      return null;
    },
  );
}

export function applyShareLinks(c: ApplyContext): void {
  const links = prepareShareLinkImport(c.sqlite);
  applyEach<ShareLinkRecord>(
    c,
    'sharelinks',
    links.removeAll,
    (r) => c.exists('share_links', r.id),
    (r) => {
      if (!c.page(r.pageId)) return 'page not found';
      links.saveShareLink({ ...r, creatorId: c.user(r.creatorId) });
      return null;
    },
  );
}

/** Rows only; returns the ids written, whose bytes import.ts then puts in place. */
export function applyAttachments(c: ApplyContext): string[] {
  const written: string[] = [];
  const attachments = prepareAttachmentImport(c.sqlite);
  applyEach<AttachmentRecord>(
    c,
    'attachments',
    attachments.removeAll,
    (r) => c.exists('attachments', r.id),
    (r) => {
      if (!c.page(r.pageId)) return 'page not found';
      attachments.saveAttachment({ ...r, pageId: r.pageId!, creatorId: c.user(r.creatorId) });
      written.push(r.id);
      return null;
    },
  );
  return written;
}

export function applyRedirects(c: ApplyContext): void {
  const pages = preparePageImport(c.sqlite);
  applyEach<RedirectRecord>(
    c,
    'pageredirects',
    pages.removeAllRedirects,
    (r) => pages.hasRedirect(r.fromPath),
    (r) => {
      const pageId = pages.idAtPath(r.toPath);
      if (!pageId) return `${r.toPath}: page not found`;
      pages.saveRedirect(r.fromPath, pageId);
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
  const settings = prepareSettingImport(c.sqlite);
  const kept = new Set([...SECRET_SETTINGS, ...MACHINE_SETTINGS, ...CONFIRMED_SETTINGS]);
  applyEach<ConfigRecord>(
    c,
    'configs',
    () => settings.removeAllBut(kept),
    () => false,
    (r) => {
      if (!(r.key in SETTING_DEFAULTS)) return `${r.key}: not a Quire setting`;
      const because = leftOutBecause(r.key, r.value);
      if (because) return { code: because, name: r.key };
      const fallback: unknown = SETTING_DEFAULTS[r.key as keyof typeof SETTING_DEFAULTS];
      const value: unknown = JSON.parse(r.value);
      if (typeof value !== typeof fallback || Array.isArray(value) !== Array.isArray(fallback))
        return `${r.key}: wrong type`;
      settings.saveSetting(r.key, r.value);
      return null;
    },
  );
}
