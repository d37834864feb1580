// Import, all or nothing: (1) stage every selected collection out of the zip (streamed, in worker
// threads, two at once for a large archive: stage-runner.ts; reads and writes of the wiki go on),
// (2) write attachment bytes from the GridFS pair to the work folder, (3) back the database up,
// (4) apply every staged record inside ONE transaction, in dependency order, in a worker thread
// with its own connection (apply-worker.ts): the server keeps answering reads, which see the wiki
// as it was until the commit; (5) only then move the attachment files in. A failure or a cancel
// before or inside (4) leaves the wiki as it was.
import fs from 'node:fs';
import type { AttachmentStorage } from '../file-storage/types';
import path from 'node:path';
import { once } from 'node:events';
import type { ArchiveCollection, GrowiArchiveImportOption } from '../../../shared/archive-types';
import { emptyResult, MAX_ERRORS_KEPT, type CollectionResult } from './apply-context';
import { ImportCancelled, runApplyWorker } from './apply-runner';
import type { AttachmentRecord, GridFsFileRecord } from './shapes-social';
import { stageArchive } from './stage-runner';
import { StagedArchive } from './staged-archive';
import type { ArchiveLimits } from '../../lib/zip-guard';

export interface ImportJobInput {
  /** The wiki's database file: the worker opens a connection of its own. */
  dbFile: string;
  /** The attachment storage in use: imported bytes go there (issue 19). */
  files: AttachmentStorage;
  /** The backup taken before anything changes (database and attachments); its file name. */
  backup: () => Promise<string>;
  zipFile: string;
  /** A collection's JSON size in the zip, to share the staging out (stage-runner.ts). */
  sizeOf: (collection: ArchiveCollection) => number;
  workDir: string;
  limits: ArchiveLimits;
  operatorId: string;
  collections: ArchiveCollection[];
  options: GrowiArchiveImportOption[];
  onStaged(collection: ArchiveCollection, count: number): void;
  /** A file of the committed import could not be stored (step 5). */
  onFileFailed(err: unknown): void;
  /** Cancelling: the import stops at its next step or record and changes nothing. */
  signal?: AbortSignal;
}

export interface ImportJobResult {
  results: Map<ArchiveCollection, CollectionResult>;
  backupFile: string;
}

/** GridFS bytes of each staged attachment, joined by file name, written to `dir/<attachment id>`. */
async function extractAttachmentBytes(staged: StagedArchive, dir: string): Promise<Set<string>> {
  fs.mkdirSync(dir, { recursive: true });
  const fileIdByName = new Map<string, GridFsFileRecord>();
  for (const file of staged.records<GridFsFileRecord>('attachmentFiles.files'))
    fileIdByName.set(file.filename, file);
  const attachments = [...staged.records<AttachmentRecord>('attachments')];
  const complete = new Set<string>();
  for (const attachment of attachments) {
    const file = fileIdByName.get(attachment.fileName);
    if (!file) continue;
    const target = path.join(dir, attachment.id);
    const out = fs.createWriteStream(target);
    let expected = 0;
    let size = 0;
    for (const chunk of staged.chunksOf(file.id)) {
      if (chunk.n !== expected++) break; // a missing chunk: the file is incomplete
      const bytes = Buffer.from(chunk.data, 'base64');
      size += bytes.length;
      if (!out.write(bytes)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'close');
    if (size === file.length) complete.add(attachment.id);
    else fs.rmSync(target, { force: true });
  }
  return complete;
}

export async function runImport(input: ImportJobInput): Promise<ImportJobResult> {
  // Removed off the thread: unlinking a staging file of hundreds of MB held the server for 80 ms.
  await fs.promises.rm(input.workDir, { recursive: true, force: true });
  fs.mkdirSync(input.workDir, { recursive: true });
  let staged: StagedArchive | null = null;
  const checkCancelled = () => {
    if (input.signal?.aborted) throw new ImportCancelled();
  };
  try {
    const { meta, parts } = await stageArchive(
      {
        zipFile: input.zipFile,
        limits: input.limits,
        workDir: input.workDir,
        collections: input.collections,
        sizeOf: input.sizeOf,
      },
      input.onStaged,
      input.signal,
    );
    staged = new StagedArchive(parts);
    const filesDir = path.join(input.workDir, 'files');
    const withBytes = input.collections.includes('attachments')
      ? await extractAttachmentBytes(staged, filesDir)
      : new Set<string>();
    checkCancelled();
    const backupFile = await input.backup();
    checkCancelled();

    const applied = await runApplyWorker(
      {
        dbFile: input.dbFile,
        staging: parts,
        meta,
        operatorId: input.operatorId,
        options: input.options.filter((o) =>
          input.collections.includes(o.collectionName as ArchiveCollection),
        ),
      },
      input.signal,
    );
    const results = new Map(applied.results.map((r) => [r.collectionName as ArchiveCollection, r]));
    const fileMissing = (id: string, message: string) => {
      const result = results.get('attachments') ?? emptyResult('attachments');
      results.set('attachments', result);
      if (result.errors.length < MAX_ERRORS_KEPT) result.errors.push({ id, message });
    };
    for (const id of applied.written) {
      if (withBytes.has(id)) {
        // Committed already: a file that cannot be stored (a full disk) is that attachment's error,
        // not the import's, which would wrongly say nothing changed.
        await input.files
          .put(id, fs.createReadStream(path.join(filesDir, id)), () => false)
          .catch((err) => {
            fileMissing(
              id,
              `the file could not be stored: ${err instanceof Error ? err.message : String(err)}`,
            );
            input.onFileFailed(err);
          });
        continue;
      }
      const existing = await input.files.open(id);
      existing?.destroy();
      if (!existing) fileMissing(id, 'the archive does not carry this file');
    }
    for (const collection of input.collections)
      if (!results.has(collection)) results.set(collection, emptyResult(collection));
    return { results, backupFile };
  } finally {
    staged?.close();
    await fs.promises.rm(input.workDir, { recursive: true, force: true });
  }
}
