// Export as GROWI does it: each collection streamed into `<collection>.json` (one JSON array,
// compact) in a work folder, then zipped with meta.json last into `<title>-<epoch ms>.growi.zip`.
// Reads come from a read-only snapshot connection; writes respect the file stream's backpressure.
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import Database from 'better-sqlite3';
import yazl from 'yazl';
import {
  QUIRE_ARCHIVE_FORMAT_VERSION,
  QUIRE_META_VERSION,
  type ArchiveCollection,
  type ArchiveMeta,
  type CollectionProgress,
} from '../../../shared/archive-types';
import { EXPORT_SOURCES, type FileSource } from './export-sources';

export interface ExportInput {
  dbFile: string;
  /** The attachment storage in use. */
  files: FileSource;
  workDir: string;
  zipFile: string;
  collections: ArchiveCollection[];
  /** GROWI version to write into meta.version so that GROWI accepts the file. */
  targetVersion: string | null;
  siteUrl: string | null;
  onProgress(progressList: CollectionProgress[], current: number, total: number): void;
  onZipping(): void;
}

const FLUSH_AT = 256 * 1024;
const PROGRESS_EVERY = 100;

async function writeCollection(
  docs: Iterable<unknown> | AsyncIterable<unknown>,
  file: string,
  onDoc: () => void,
): Promise<void> {
  const out = fs.createWriteStream(file);
  const failed = once(out, 'error').then(([err]) => Promise.reject(err as Error));
  failed.catch(() => {});
  const write = async (text: string) => {
    if (!out.write(text)) await Promise.race([once(out, 'drain'), failed]);
  };
  let buffer = '[';
  let first = true;
  for await (const doc of docs) {
    buffer += (first ? '' : ',') + JSON.stringify(doc);
    first = false;
    onDoc();
    if (buffer.length >= FLUSH_AT) {
      await write(buffer);
      buffer = '';
    }
  }
  out.end(buffer + ']');
  await Promise.race([once(out, 'finish'), failed]);
}

async function zipFolder(workDir: string, files: string[], zipFile: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const temp = `${zipFile}.part`;
  const out = fs.createWriteStream(temp);
  zip.outputStream.pipe(out);
  for (const name of files) zip.addFile(path.join(workDir, name), name, { compress: true });
  zip.end();
  await once(out, 'close');
  // Listed only once complete: a half-written zip never shows up in the archive list.
  await fs.promises.rename(temp, zipFile);
}

export async function exportArchive(input: ExportInput): Promise<ArchiveMeta> {
  fs.mkdirSync(input.workDir, { recursive: true });
  const snapshot = new Database(input.dbFile, { readonly: true, fileMustExist: true });
  try {
    snapshot.exec('BEGIN');
    const progressList: CollectionProgress[] = input.collections.map((collectionName) => ({
      collectionName,
      currentCount: 0,
      insertedCount: 0,
      modifiedCount: 0,
      totalCount: EXPORT_SOURCES[collectionName].count(snapshot),
    }));
    const total = progressList.reduce((sum, p) => sum + p.totalCount, 0);
    let current = 0;
    const files: string[] = [];
    for (const progress of progressList) {
      const collection = progress.collectionName as ArchiveCollection;
      const fileName = `${collection}.json`;
      await writeCollection(
        EXPORT_SOURCES[collection].docs(snapshot, input.files),
        path.join(input.workDir, fileName),
        () => {
          progress.currentCount += 1;
          current += 1;
          if (progress.currentCount % PROGRESS_EVERY === 0) input.onProgress(progressList, current, total);
        },
      );
      progress.totalCount = progress.currentCount; // chunks are known exactly only once read
      input.onProgress(progressList, current, total);
      files.push(fileName);
    }
    snapshot.exec('COMMIT');
    const meta: ArchiveMeta = {
      version: input.targetVersion ?? QUIRE_META_VERSION,
      url: input.siteUrl,
      // Quire hashes with scrypt and a salt per user; there is no global seed to carry.
      passwordSeed: null,
      exportedAt: new Date().toISOString(),
      envVars: {},
      quireArchiveVersion: QUIRE_ARCHIVE_FORMAT_VERSION,
    };
    fs.writeFileSync(path.join(input.workDir, 'meta.json'), JSON.stringify(meta));
    files.push('meta.json');
    input.onZipping();
    await zipFolder(input.workDir, files, input.zipFile);
    return meta;
  } finally {
    snapshot.close();
    fs.rmSync(input.workDir, { recursive: true, force: true });
  }
}
