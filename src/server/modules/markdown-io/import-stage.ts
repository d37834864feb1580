// The first step of a Markdown import: what was uploaded (a zip, a GROWI page bulk export's
// tar.gz, one .md file, or a folder sent file by file) becomes a folder on disk, every name and
// size checked first. Symbolic links, hard links, devices, `../`, absolute names and bombs are
// refused as a whole: nothing of such an upload is imported.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import * as tar from 'tar';
import yauzl, { type Entry } from 'yauzl';
import { AppError } from '../../lib/app-error';
import { isDiskFull } from '../../lib/disk-full';
import { isUnsafeNameError, refusedNameOf, type ArchiveLimits } from '../../lib/zip-guard';
import { MARKDOWN_EXTENSIONS } from '../../../shared/markdown-io-types';

/** The archive import's limits (upload, entries, sizes, bomb ratio) without its meta.json cap. */
export type MarkdownImportLimits = Omit<ArchiveLimits, 'maxMetaSize'>;

export const DEFAULT_MARKDOWN_IMPORT_LIMITS: MarkdownImportLimits = {
  maxUpload: 4 * 1024 ** 3,
  maxEntries: 200_000,
  maxEntrySize: 1024 ** 3,
  maxTotalSize: 16 * 1024 ** 3,
  maxRatio: 200,
  ratioFloor: 1024 * 1024,
};

export const importError = (code: string, params?: Record<string, string | number>) =>
  new AppError(400, code, `markdown_import.${code}`, params);

/** What the staging learnt about a file besides its bytes (Outline keeps dates in entry comments). */
export interface StagedFileInfo {
  modifiedAt?: Date;
  comment?: string;
}

export interface StagedTree {
  root: string;
  /** Relative paths with `/`, in the order they arrived. */
  files: string[];
  info: Map<string, StagedFileInfo>;
}

/**
 * A name inside an upload as a safe relative path (`a/b.md`), or null. Backslashes count as
 * separators (zips made on Windows); `.`/empty segments go; `..`, absolute and drive paths do not.
 */
export function safeRelativeName(name: string): string | null {
  if (name.includes('\0') || /^[A-Za-z]:/.test(name) || name.startsWith('/') || name.startsWith('\\')) {
    return null;
  }
  const segments = name
    .normalize('NFC')
    .split(/[\\/]/)
    .filter((s) => s !== '' && s !== '.');
  if (segments.length === 0 || segments.some((s) => s === '..' || s.length > 255)) return null;
  return segments.join('/');
}

export type UploadKind = 'zip' | 'tar' | 'markdown';

export function uploadKindOf(fileName: string): UploadKind | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.zip')) return 'zip';
  if (lower.endsWith('.tar.gz') || lower.endsWith('.tgz')) return 'tar';
  if (MARKDOWN_EXTENSIONS.some((ext) => lower.endsWith(ext))) return 'markdown';
  return null;
}

/** Collects files into a staging folder, counting entries and bytes against the limits. */
export class Stager {
  readonly tree: StagedTree;
  private total = 0;

  constructor(
    root: string,
    private readonly limits: MarkdownImportLimits,
  ) {
    fs.mkdirSync(root, { recursive: true });
    this.tree = { root, files: [], info: new Map() };
  }

  /** Writes one file; `declaredSize` (from a zip or tar header) is checked before any byte is read. */
  async add(name: string, stream: Readable, info: StagedFileInfo = {}, declaredSize?: number): Promise<void> {
    const relative = safeRelativeName(name);
    if (!relative) throw importError('unsafe_entry', { name: name.slice(0, 200) });
    if (this.tree.info.has(relative)) return; // the same name twice: the first one counts
    if (this.tree.files.length >= this.limits.maxEntries) throw importError('too_many_entries');
    if (declaredSize !== undefined) this.count(relative, declaredSize);
    const target = path.join(this.tree.root, ...relative.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    let written = 0;
    // Declared sizes can lie: the bytes themselves are counted too.
    const meter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        written += chunk.length;
        if (written > this.limits.maxEntrySize) done(importError('too_large_entry', { name: relative }));
        else done(null, chunk);
      },
    });
    await pipeline(stream, meter, fs.createWriteStream(target, { flags: 'wx' }));
    if (declaredSize === undefined) this.count(relative, written);
    this.tree.files.push(relative);
    this.tree.info.set(relative, info);
  }

  private count(name: string, size: number): void {
    if (size > this.limits.maxEntrySize) throw importError('too_large_entry', { name });
    this.total += size;
    if (this.total > this.limits.maxTotalSize) throw importError('too_large_archive');
  }

  async addZip(file: string): Promise<void> {
    const zip = await yauzl
      .openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true })
      .catch((err: unknown) => Promise.reject(zipRefusal(err)));
    try {
      for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
        if (entry.fileName.endsWith('/')) continue; // a folder: made when its files are
        const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
        if (mode === 0o120000) throw importError('unsafe_entry', { name: entry.fileName });
        if (entry.isEncrypted()) throw importError('broken_archive');
        const ratioTooHigh =
          entry.uncompressedSize > this.limits.ratioFloor &&
          entry.uncompressedSize > this.limits.maxRatio * Math.max(entry.compressedSize, 1);
        if (ratioTooHigh) throw importError('zip_bomb', { name: entry.fileName });
        const stream = await zip.openReadStreamPromise(entry);
        await this.add(
          entry.fileName,
          stream,
          { modifiedAt: entry.getLastModDate(), comment: entry.fileComment || undefined },
          entry.uncompressedSize,
        );
      }
    } catch (err) {
      throw isDiskFull(err) ? err : zipRefusal(err); // a full disk is not a broken archive
    } finally {
      zip.close();
    }
  }

  /** A tar.gz: regular files only; links, devices and anything else refuse the whole upload. */
  async addTarGz(file: string): Promise<void> {
    const pending: Promise<void>[] = [];
    let refusal: Error | null = null;
    const parser = new tar.Parser({ strict: true });
    parser.on('entry', (entry: tar.ReadEntry) => {
      if (refusal || entry.type === 'Directory') return entry.resume();
      if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'ContiguousFile') {
        refusal = importError('unsafe_entry', { name: entry.path });
        return entry.resume();
      }
      // Entries arrive one after another: each is written before the parser reads on.
      const info = { modifiedAt: entry.mtime ?? undefined };
      pending.push(
        this.add(entry.path, Readable.from(entry), info, entry.size ?? undefined).catch((err: unknown) => {
          refusal ??=
            err instanceof AppError || isDiskFull(err) ? (err as Error) : importError('broken_archive');
          entry.resume();
        }),
      );
    });
    try {
      await pipeline(fs.createReadStream(file), parser);
    } catch {
      refusal ??= importError('broken_archive');
    }
    await Promise.all(pending);
    if (refusal) throw refusal;
  }
}

/** yauzl's own refusals: names it will not take (absolute, `../`) are unsafe; the rest is a broken file. */
function zipRefusal(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return isUnsafeNameError(err)
    ? importError('unsafe_entry', { name: refusedNameOf(err) })
    : importError('broken_archive');
}

function nextEntry(zip: yauzl.ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (err: Error) => (cleanup(), reject(err));
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}
