// A backup is one zip: `quire.db` (the database snapshot), `attachments/<id>` (every attachment
// file) and `manifest.json`. One file is easy to download, copy elsewhere and restore from.
// Reading a backup trusts nothing: only those three kinds of entries, no links, bounded sizes.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import yauzl from 'yauzl';
import type { BackupReason } from '../../../shared/backup-types';
import { isId } from '../../lib/schemas';

export const DB_ENTRY = 'quire.db';
const MANIFEST_ENTRY = 'manifest.json';
const ATTACHMENT_ENTRY = /^attachments\/[0-9a-f]{24}$/;
/** A backup's database or one attachment larger than this is not one of ours. */
const MAX_ENTRY_BYTES = 64 * 2 ** 30;

export interface BackupManifest {
  format: 'quire-backup';
  version: 1;
  reason: BackupReason;
  createdAt: string;
  attachments: number;
}

/** Attachment bytes kept outside this machine (a bucket): read into the backup one by one. */
export interface RemoteFiles {
  ids: string[];
  open(id: string): Promise<Readable | null>;
}

/** A zip of local files only: what a child process can write without the server (check-runner.ts). */
export interface LocalZipJob {
  target: string;
  attachmentsDir: string;
  manifest: Omit<BackupManifest, 'format' | 'version' | 'attachments'>;
}

/** Writes a backup zip of the snapshot and the local attachments (see writeBackupZip). */
export const writeLocalZip = ({ target, attachmentsDir, manifest }: LocalZipJob, dbSnapshot: string) =>
  writeBackupZip(target, dbSnapshot, attachmentsDir, manifest);

/**
 * Writes the zip to `target` from a database snapshot file and the attachments folder, plus the
 * files of a remote storage (the database storage's files are inside the snapshot already).
 */
export async function writeBackupZip(
  target: string,
  dbSnapshot: string,
  attachmentsDir: string,
  manifest: Omit<BackupManifest, 'format' | 'version' | 'attachments'>,
  remote?: RemoteFiles,
): Promise<void> {
  const zip = new yazl.ZipFile();
  zip.addFile(dbSnapshot, DB_ENTRY);
  const files = fs.existsSync(attachmentsDir) ? fs.readdirSync(attachmentsDir).filter(isId) : [];
  let count = 0;
  for (const name of files) {
    const file = path.join(attachmentsDir, name);
    // A file deleted since the listing (a page deleted completely meanwhile) is simply not in it.
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      continue;
    }
    if (!stat.isFile()) continue;
    // Images and PDFs are compressed already: stored, not deflated again.
    zip.addReadStream(fs.createReadStream(file), `attachments/${name}`, {
      compress: false,
      mtime: stat.mtime,
      size: stat.size,
    });
    count += 1;
  }
  const local = new Set(files);
  for (const id of remote?.ids ?? []) {
    if (local.has(id)) continue;
    // Opened when the zip reaches it, so one connection at a time; a file gone since is empty.
    zip.addReadStreamLazy(`attachments/${id}`, { compress: false }, (cb) => {
      remote!.open(id).then(
        (stream) => cb(null, stream ?? Readable.from([])),
        (err: unknown) => cb(err, Readable.from([])),
      );
    });
    count += 1;
  }
  const full: BackupManifest = { format: 'quire-backup', version: 1, attachments: count, ...manifest };
  zip.addBuffer(Buffer.from(JSON.stringify(full, null, 2)), MANIFEST_ENTRY);
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(target, { flags: 'wx' }));
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true, strictFileNames: true }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('cannot open zip')) : resolve(zip),
    );
  });
}

function isSymlink(entry: yauzl.Entry): boolean {
  return ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;
}

/**
 * Extracts a backup zip into `dir` (which must exist and be empty): `quire.db` and `attachments/`.
 * Throws on anything that is not a Quire backup; `dir` may then hold a partial extraction.
 */
export async function extractBackupZip(file: string, dir: string): Promise<void> {
  const zip = await openZip(file);
  fs.mkdirSync(path.join(dir, 'attachments'), { recursive: true });
  let sawDb = false;
  await new Promise<void>((resolve, reject) => {
    const fail = (err: unknown) => {
      zip.close();
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    zip.on('error', fail);
    zip.on('end', () => (sawDb ? resolve() : reject(new Error('the backup holds no quire.db'))));
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      if (name === MANIFEST_ENTRY || name === 'attachments/') return zip.readEntry();
      if (name !== DB_ENTRY && !ATTACHMENT_ENTRY.test(name))
        return fail(new Error(`unexpected entry ${name}`));
      if (isSymlink(entry)) return fail(new Error(`link entry ${name}`));
      if (entry.uncompressedSize > MAX_ENTRY_BYTES) return fail(new Error(`entry too large ${name}`));
      if (name === DB_ENTRY) sawDb = true;
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err);
        pipeline(stream, fs.createWriteStream(path.join(dir, name), { flags: 'wx' })).then(
          () => zip.readEntry(),
          fail,
        );
      });
    });
    zip.readEntry();
  });
}
