// Import, first half: every selected collection is streamed out of the zip (one document at a
// time: json-array-items.ts), checked (types, ids, duplicates) and written as Quire records into a
// staging SQLite file. Nothing in the wiki changes here, and the server keeps answering meanwhile; the
// second half (apply-worker.ts) reads the staged records (staged-archive.ts) inside one transaction.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { ArchiveCollection } from '../../../shared/archive-types';
import { ShapeError, type Doc } from './doc-reader';
import { jsonArrayItems, NotJsonArray } from './json-array-items';
import { readPage, readRevision } from './growi-shapes';
import { readExternalAccount, readGroup, readMembership, readUser } from './shapes-people';
import {
  readAttachment,
  readBookmark,
  readComment,
  readConfig,
  readGridFsChunk,
  readGridFsFile,
  readPageTag,
  readRedirect,
  readShareLink,
  readTag,
} from './shapes-social';
import { archiveError, type CheckedArchive } from '../../lib/zip-guard';

interface StagedShape {
  read(doc: Doc): { id: string };
  /** Values that must be unique within the collection (GROWI's unique indexes). */
  keys?(record: never): string[];
}

const SHAPES: Record<ArchiveCollection, StagedShape> = {
  pages: { read: readPage, keys: (r: { path: string }) => [r.path] },
  revisions: { read: readRevision },
  users: {
    read: readUser,
    keys: (r: { username: string; email: string }) => [`u:${r.username}`, `e:${r.email}`],
  },
  usergroups: { read: readGroup, keys: (r: { name: string }) => [r.name] },
  usergrouprelations: { read: readMembership },
  externalaccounts: { read: readExternalAccount },
  tags: { read: readTag, keys: (r: { name: string }) => [r.name.toLowerCase()] },
  pagetagrelations: { read: readPageTag },
  comments: { read: readComment },
  bookmarks: { read: readBookmark },
  sharelinks: { read: readShareLink },
  attachments: { read: readAttachment, keys: (r: { fileName: string }) => [r.fileName] },
  pageredirects: { read: readRedirect, keys: (r: { fromPath: string }) => [r.fromPath] },
  configs: { read: readConfig, keys: (r: { key: string }) => [r.key] },
  'attachmentFiles.files': { read: readGridFsFile, keys: (r: { filename: string }) => [r.filename] },
  'attachmentFiles.chunks': { read: readGridFsChunk },
};

export function openStaging(file: string): Database.Database {
  fs.rmSync(file, { force: true });
  const db = new Database(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  // better-sqlite3's default cache is 16 MB, for a file written once in rowid order: 4 MiB holds
  // the id and key indexes' hot pages (issue 32: the import's memory).
  db.pragma('cache_size = -4096');
  db.exec(`
    CREATE TABLE docs (seq INTEGER PRIMARY KEY, coll TEXT NOT NULL, id TEXT NOT NULL, rec TEXT NOT NULL);
    CREATE UNIQUE INDEX docs_id ON docs (coll, id);
    CREATE INDEX docs_coll ON docs (coll);
    CREATE TABLE keys (coll TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (coll, key)) WITHOUT ROWID;
    CREATE TABLE chunks (file_id TEXT NOT NULL, n INTEGER NOT NULL, data TEXT NOT NULL,
      PRIMARY KEY (file_id, n)) WITHOUT ROWID;`);
  return db;
}

const BATCH = 500;

/** A collection's documents, one at a time as the zip streams out, never whole in memory. */
export async function* collectionDocs(
  archive: CheckedArchive,
  collection: ArchiveCollection,
): AsyncGenerator<unknown> {
  const name = `${collection}.json`;
  const entry = archive.entries.get(name);
  if (!entry) throw archiveError('not_in_archive', { name: collection });
  const source = await archive.zip.openReadStreamPromise(entry);
  try {
    yield* jsonArrayItems(source as AsyncIterable<Buffer>);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw err instanceof NotJsonArray ? archiveError('not_json_array', { name }) : archiveError('broken_zip');
  } finally {
    source.destroy();
  }
}

/** Reads one collection's file into the staging database; returns how many documents it had. */
export async function stageCollection(
  archive: CheckedArchive,
  staging: Database.Database,
  collection: ArchiveCollection,
  onCount: (count: number) => void,
): Promise<number> {
  const name = `${collection}.json`;
  const shape = SHAPES[collection];
  // Records are appended in archive order (seq is the rowid): large bodies go to the end of the
  // file rather than into a B-tree ordered by id, and are read back in that order.
  const insertDoc = staging.prepare('INSERT INTO docs (coll, id, rec) VALUES (?, ?, ?)');
  const insertKey = staging.prepare('INSERT INTO keys (coll, key) VALUES (?, ?)');
  const insertChunk = staging.prepare('INSERT INTO chunks (file_id, n, data) VALUES (?, ?, ?)');
  const isChunk = collection === 'attachmentFiles.chunks';

  const stage = staging.transaction((docs: unknown[], first: number) => {
    docs.forEach((doc, i) => {
      const index = first + i;
      if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
        throw archiveError('invalid_field', { name, index, field: '_id' });
      let record: { id: string };
      try {
        record = shape.read(doc as Doc);
      } catch (err) {
        if (err instanceof ShapeError) throw archiveError('invalid_field', { name, index, field: err.field });
        throw err;
      }
      const duplicate = (key: string) => archiveError('duplicate_key', { name, key });
      try {
        insertDoc.run(collection, record.id, isChunk ? '{}' : JSON.stringify(record));
      } catch {
        throw archiveError('duplicate_id', { name, id: record.id });
      }
      if (isChunk) {
        const chunk = record as unknown as { fileId: string; n: number; data: string };
        try {
          insertChunk.run(chunk.fileId, chunk.n, chunk.data);
        } catch {
          throw duplicate(`${chunk.fileId}#${chunk.n}`);
        }
      }
      for (const key of shape.keys?.(record as never) ?? []) {
        try {
          insertKey.run(collection, key);
        } catch {
          throw duplicate(key);
        }
      }
    });
  });

  let batch: unknown[] = [];
  let count = 0;
  for await (const doc of collectionDocs(archive, collection)) {
    batch.push(doc);
    if (batch.length === BATCH) {
      stage(batch, count);
      count += batch.length;
      batch = [];
      onCount(count);
    }
  }
  stage(batch, count);
  count += batch.length;
  onCount(count);
  return count;
}

/**
 * The stage and apply workers stream records: little they make outlives a record. A young
 * generation of 12 MB (semi-spaces of 4) instead of V8's 48 keeps their heaps near 20 MiB; at
 * 100k pages the staging worker's young generation alone had grown to 32 MiB (issue 32).
 */
export const ARCHIVE_WORKER_LIMITS = { maxYoungGenerationSizeMb: 12 };
