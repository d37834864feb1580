// GROWI documents hanging off pages (tags, comments, bookmarks, share links, attachments,
// redirects), the GridFS pair carrying attachment bytes, and configs, read into Quire rows.
import { readerOf, type Doc } from './doc-reader';
import type { ImportedComment } from '../comments/commands/import-comments';
import type { ImportedShareLink } from '../share-links/commands/import-share-links';

export interface TagRecord {
  id: string;
  name: string;
}

export function readTag(doc: Doc): TagRecord {
  const r = readerOf(doc);
  const name = r.str('name').trim();
  if (name === '') r.id('name');
  return { id: r.id('_id'), name };
}

export interface PageTagRecord {
  id: string;
  pageId: string;
  tagId: string;
}

export function readPageTag(doc: Doc): PageTagRecord {
  const r = readerOf(doc);
  return { id: r.id('_id'), pageId: r.id('relatedPage'), tagId: r.id('relatedTag') };
}

/** A comment is read into the row the comments module's import command writes. */
export type CommentRecord = ImportedComment;

export function readComment(doc: Doc): CommentRecord {
  const r = readerOf(doc);
  const createdAt = r.date('createdAt', Date.now());
  return {
    id: r.id('_id'),
    pageId: r.id('page'),
    revisionId: r.optId('revision'),
    creatorId: r.optId('creator'),
    replyTo: r.optId('replyTo'),
    comment: r.str('comment'),
    createdAt,
    updatedAt: r.date('updatedAt', createdAt),
  };
}

export interface BookmarkRecord {
  id: string;
  pageId: string;
  userId: string;
  createdAt: number;
}

export function readBookmark(doc: Doc): BookmarkRecord {
  const r = readerOf(doc);
  return {
    id: r.id('_id'),
    pageId: r.id('page'),
    userId: r.id('user'),
    createdAt: r.date('createdAt', Date.now()),
  };
}

/** A share link is read into the row the share links module's import command writes. */
export type ShareLinkRecord = ImportedShareLink;

export function readShareLink(doc: Doc): ShareLinkRecord {
  const r = readerOf(doc);
  return {
    id: r.id('_id'),
    pageId: r.id('relatedPage'),
    creatorId: r.optId('creator'),
    expiredAt: r.optDate('expiredAt'),
    description: r.optStr('description') ?? '',
    createdAt: r.date('createdAt', Date.now()),
  };
}

export interface AttachmentRecord {
  id: string;
  pageId: string | null;
  creatorId: string | null;
  /** GROWI's storage name; joins `attachmentFiles.files.filename`. */
  fileName: string;
  originalName: string;
  fileFormat: string;
  fileSize: number;
  createdAt: number;
}

export function readAttachment(doc: Doc): AttachmentRecord {
  const r = readerOf(doc);
  const fileName = r.str('fileName');
  return {
    id: r.id('_id'),
    pageId: r.optId('page'),
    creatorId: r.optId('creator'),
    fileName,
    originalName: r.optStr('originalName') ?? fileName,
    fileFormat: r.optStr('fileFormat') ?? 'application/octet-stream',
    fileSize: r.num('fileSize', 0),
    createdAt: r.date('createdAt', Date.now()),
  };
}

export interface RedirectRecord {
  id: string;
  fromPath: string;
  toPath: string;
}

export function readRedirect(doc: Doc): RedirectRecord {
  const r = readerOf(doc);
  return { id: r.id('_id'), fromPath: r.str('fromPath'), toPath: r.str('toPath') };
}

export interface GridFsFileRecord {
  id: string;
  filename: string;
  length: number;
}

export function readGridFsFile(doc: Doc): GridFsFileRecord {
  const r = readerOf(doc);
  return { id: r.id('_id'), filename: r.str('filename'), length: r.num('length') };
}

export interface GridFsChunkRecord {
  id: string;
  fileId: string;
  n: number;
  /** Base64, as bson's Binary.toJSON writes it. */
  data: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function readGridFsChunk(doc: Doc): GridFsChunkRecord {
  const r = readerOf(doc);
  const data = r.str('data');
  if (!BASE64.test(data)) r.id('data');
  const n = r.num('n');
  if (!Number.isInteger(n) || n < 0) r.id('n');
  return { id: r.id('_id'), fileId: r.id('files_id'), n, data };
}

export interface ConfigRecord {
  id: string;
  key: string;
  /** JSON-encoded, as GROWI's configs store it. */
  value: string;
}

export function readConfig(doc: Doc): ConfigRecord {
  const r = readerOf(doc);
  const value = r.str('value');
  try {
    JSON.parse(value);
  } catch {
    r.id('value');
  }
  return { id: r.id('_id'), key: r.str('key'), value };
}
