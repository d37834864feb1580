// An import's staged records, read back by its later steps. Staging runs in up to two workers at
// once (stage-runner.ts), each writing the collections it was given into a file of its own; this
// reads those files as one archive.
import Database from 'better-sqlite3';
import type { ArchiveCollection } from '../../../shared/archive-types';

/** One staging file and the collections staged into it. */
export interface StagingPart {
  file: string;
  collections: ArchiveCollection[];
}

/** The staging file, read back once in archive order by the import's later steps. */
function openForReading(file: string): Database.Database {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('cache_size = -1024'); // a sequential read: a larger cache only fills (16 MB by default)
  return db;
}

export class StagedArchive {
  private readonly files: Database.Database[] = [];
  private readonly holders = new Map<ArchiveCollection, Database.Database>();
  private chunks: Database.Statement<[string], { n: number; data: string }> | null = null;

  constructor(parts: readonly StagingPart[]) {
    try {
      for (const part of parts) {
        const db = openForReading(part.file);
        this.files.push(db);
        for (const collection of part.collections) this.holders.set(collection, db);
      }
    } catch (err) {
      this.close();
      throw err;
    }
  }

  /** The staged records of a collection, in archive order, one at a time (none if not staged). */
  *records<T>(collection: ArchiveCollection): Iterable<T> {
    const rows = this.holders
      .get(collection)
      ?.prepare<[string], { rec: string }>('SELECT rec FROM docs WHERE coll = ? ORDER BY seq')
      .iterate(collection);
    for (const row of rows ?? []) yield JSON.parse(row.rec) as T;
  }

  /** A GridFS file's chunks in order (the attachments' bytes, base64). */
  chunksOf(fileId: string): { n: number; data: string }[] {
    const holder = this.holders.get('attachmentFiles.chunks');
    if (!holder) return [];
    this.chunks ??= holder.prepare('SELECT n, data FROM chunks WHERE file_id = ? ORDER BY n');
    return this.chunks.all(fileId);
  }

  close(): void {
    for (const db of this.files.splice(0)) db.close();
  }
}
