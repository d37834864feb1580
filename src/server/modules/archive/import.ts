// Import, all or nothing: (1) stage every selected collection out of the zip (async, streamed;
// reads and writes of the wiki go on), (2) write attachment bytes from the GridFS pair to the work
// folder, (3) back the database up, (4) apply every staged record inside ONE transaction, in
// dependency order, (5) only then move the attachment files in. A failure before or inside (4)
// leaves the wiki as it was; the transaction holds the server's thread while it runs (seconds at
// 100k pages), reads wait for it rather than see half an import.
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import type Database from 'better-sqlite3';
import type { ArchiveCollection, GrowiArchiveImportOption } from '../../../shared/archive-types';
import { ApplyContext } from './apply-context';
import { applyExternalAccounts, applyGroups, applyMemberships, applyUsers } from './apply-people';
import { applyPages, applyRevisions, repairPages } from './apply-pages';
import {
  applyAttachments,
  applyBookmarks,
  applyComments,
  applyConfigs,
  applyPageTags,
  applyRedirects,
  applyShareLinks,
  applyTags,
} from './apply-social';
import type { AttachmentRecord, GridFsFileRecord } from './shapes-social';
import { openStaging, stageCollection, stagedRecords } from './stage';
import { openCheckedArchive, type ArchiveLimits } from './zip-guard';

export interface ImportJobInput {
  sqlite: Database.Database;
  dataDir: string;
  /** The backup taken before anything changes (database and attachments); its file name. */
  backup: () => Promise<string>;
  zipFile: string;
  workDir: string;
  limits: ArchiveLimits;
  operatorId: string;
  collections: ArchiveCollection[];
  options: GrowiArchiveImportOption[];
  onStaged(collection: ArchiveCollection, count: number): void;
}

/** Dependency order: what a row refers to is written before it. */
const WRITERS: [ArchiveCollection, (c: ApplyContext) => void][] = [
  ['users', applyUsers],
  ['usergroups', applyGroups],
  ['usergrouprelations', applyMemberships],
  ['externalaccounts', applyExternalAccounts],
  ['pages', applyPages],
  ['revisions', applyRevisions],
  ['tags', applyTags],
  ['pagetagrelations', applyPageTags],
  ['comments', applyComments],
  ['bookmarks', applyBookmarks],
  ['sharelinks', applyShareLinks],
  ['pageredirects', applyRedirects],
  ['configs', applyConfigs],
];

export interface ImportJobResult {
  context: ApplyContext;
  backupFile: string;
}

/** GridFS bytes of each staged attachment, joined by file name, written to `dir/<attachment id>`. */
async function extractAttachmentBytes(staging: Database.Database, dir: string): Promise<Set<string>> {
  fs.mkdirSync(dir, { recursive: true });
  const fileIdByName = new Map<string, GridFsFileRecord>();
  for (const file of stagedRecords<GridFsFileRecord>(staging, 'attachmentFiles.files'))
    fileIdByName.set(file.filename, file);
  const chunks = staging.prepare<[string], { n: number; data: string }>(
    'SELECT n, data FROM chunks WHERE file_id = ? ORDER BY n',
  );
  const attachments = [...stagedRecords<AttachmentRecord>(staging, 'attachments')];
  const complete = new Set<string>();
  for (const attachment of attachments) {
    const file = fileIdByName.get(attachment.fileName);
    if (!file) continue;
    const target = path.join(dir, attachment.id);
    const out = fs.createWriteStream(target);
    let expected = 0;
    let size = 0;
    for (const chunk of chunks.all(file.id)) {
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
  fs.rmSync(input.workDir, { recursive: true, force: true });
  fs.mkdirSync(input.workDir, { recursive: true });
  const staging = openStaging(path.join(input.workDir, 'staging.db'));
  try {
    const archive = await openCheckedArchive(input.zipFile, input.limits);
    const meta = archive.meta;
    try {
      for (const collection of input.collections) {
        await stageCollection(archive, staging, collection, (n) => input.onStaged(collection, n));
      }
    } finally {
      archive.zip.close();
    }
    const filesDir = path.join(input.workDir, 'files');
    const withBytes = input.collections.includes('attachments')
      ? await extractAttachmentBytes(staging, filesDir)
      : new Set<string>();
    const backupFile = await input.backup();

    const options = new Map(
      input.options
        .filter((o) => input.collections.includes(o.collectionName as ArchiveCollection))
        .map((o) => [o.collectionName as ArchiveCollection, o]),
    );
    const context = new ApplyContext(input.sqlite, staging, meta, input.operatorId, options);
    let written: string[] = [];
    input.sqlite.transaction(() => {
      for (const [collection, write] of WRITERS) if (options.has(collection)) write(context);
      // Attachments last: their pages must be there.
      if (options.has('attachments')) written = applyAttachments(context);
      if (options.has('pages') || options.has('revisions')) repairPages(context);
    })();

    const attachmentsDir = path.join(input.dataDir, 'attachments');
    for (const id of written) {
      if (withBytes.has(id)) fs.renameSync(path.join(filesDir, id), path.join(attachmentsDir, id));
      else if (!fs.existsSync(path.join(attachmentsDir, id)))
        context.note('attachments', id, 'the archive does not carry this file');
    }
    return { context, backupFile };
  } finally {
    staging.close();
    fs.rmSync(input.workDir, { recursive: true, force: true });
  }
}
