// Every limit and check an uploaded archive passes before any of it is read, in one place: the
// upload size, the entry count, each entry's and the total uncompressed size, the compression
// ratio (zip bombs), entry names (flat at the root like GROWI's: no folders, `../`, absolute paths
// or symlinks), and meta.json. Each refusal is a translated AppError; nothing is extracted.
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from './app-error';
import type { ArchiveMeta, InnerFileStat } from '../../shared/archive-types';

export interface ArchiveLimits {
  /** Bytes an upload may have (streamed to disk, cut off there). */
  maxUpload: number;
  maxEntries: number;
  /** Uncompressed bytes of one entry. */
  maxEntrySize: number;
  /** Uncompressed bytes of all entries together. */
  maxTotalSize: number;
  /** Uncompressed / compressed, checked for entries over `ratioFloor` bytes. */
  maxRatio: number;
  ratioFloor: number;
  maxMetaSize: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxUpload: 4 * 1024 ** 3,
  maxEntries: 200,
  maxEntrySize: 8 * 1024 ** 3,
  maxTotalSize: 16 * 1024 ** 3,
  // GROWI's level-9 JSON compresses ~5–20×; a bomb is hundreds or thousands to one.
  maxRatio: 100,
  ratioFloor: 1024 * 1024,
  maxMetaSize: 64 * 1024,
};

/** Settings never written in clear into configs.json; on import a masked value is skipped. */
export const SECRET_SETTINGS: ReadonlySet<string> = new Set([
  'security:sessionSecret',
  'security:passport-ldap:bindDNPassword',
  'security:passport-oidc:clientSecret',
  'security:passport-github:clientSecret',
  'security:passport-google:clientSecret',
  'mail:smtpPassword',
  'mail:sesSecretAccessKey',
  'slack:incomingWebhookUrl',
  'slack:token',
  'aws:s3SecretAccessKey',
  'gcs:apiKeyJson',
]);
/**
 * Settings that belong to this machine, never replaced by an import: where this installation keeps
 * its files (issue 19: an archive from another wiki must not point this one at another bucket or
 * backend), and whether and how it is reached on the LAN (issue 27: sharing, its address, HTTPS
 * and certificates, its discovery name — `PUT /sharing` asks for a confirmation an archive
 * cannot give).
 */
export const MACHINE_SETTINGS: ReadonlySet<string> = new Set([
  'app:shareOnLan',
  'app:mdnsHostname',
  'app:lanHttps',
  'app:siteUrl',
  'app:diskWarnMb',
  'app:diskWarnPercent',
  'app:diskFloorMb',
  'app:fileUploadType',
  'aws:s3Region',
  'aws:s3CustomEndpoint',
  'aws:s3Bucket',
  'aws:s3AccessKeyId',
  'aws:s3SecretAccessKey',
  'aws:s3ForcePathStyle',
  'aws:referenceFileWithRelayMode',
  'gcs:apiKeyJsonPath',
  'gcs:apiKeyJson',
  'gcs:bucket',
  'gcs:uploadNamespace',
  'gcs:referenceFileWithRelayMode',
]);
/** Switches this wiki's admin turns on here, after a warning an archive cannot show. */
export const CONFIRMED_SETTINGS: ReadonlySet<string> = new Set(['customize:isScriptEnabled']);
export const MASKED = '***';

export const archiveError = (code: string, params?: Record<string, string | number>) =>
  new AppError(400, code, `archive.${code}`, params);

/** `pages.json`, `attachmentFiles.chunks.json`: a collection name GROWI could have written. */
const COLLECTION_FILE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}\.json$/;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export function isSafeFileName(name: string): boolean {
  return /^[^/\\\0]{1,255}$/.test(name) && name !== '.' && name !== '..' && !name.includes('..');
}

function checkEntry(entry: Entry, limits: ArchiveLimits): void {
  const name = entry.fileName;
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (mode === S_IFLNK) throw archiveError('unsafe_entry', { name });
  if (name.includes('/') || name.includes('\\') || name.startsWith('..') || name.includes(':'))
    throw archiveError('unsafe_entry', { name });
  if (name !== 'meta.json' && !COLLECTION_FILE.test(name)) throw archiveError('unsafe_entry', { name });
  if (entry.isEncrypted()) throw archiveError('broken_zip');
  if (entry.uncompressedSize > limits.maxEntrySize) throw archiveError('too_large_entry', { name });
  if (
    entry.uncompressedSize > limits.ratioFloor &&
    entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)
  )
    throw archiveError('zip_bomb', { name });
}

/** yauzl refusing an entry's name (absolute, `../`, undecodable) rather than a broken file. */
export function isUnsafeNameError(err: unknown): boolean {
  const message = err instanceof Error ? err.message : '';
  return /path|file name|filename/i.test(message);
}

/** The entry yauzl refused by name ("absolute path: /etc/x", "invalid relative path: ../x"). */
export function refusedNameOf(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  const at = message.indexOf(': ');
  return at === -1 ? '' : message.slice(at + 2, at + 2 + 200);
}

/** yauzl's own refusals: names it will not decode are unsafe; everything else is a broken zip. */
export function zipError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isUnsafeNameError(err)) return archiveError('unsafe_entry', { name: refusedNameOf(err) });
  return archiveError('broken_zip');
}

export interface CheckedArchive {
  zip: ZipFile;
  meta: ArchiveMeta;
  innerFileStats: InnerFileStat[];
  entries: Map<string, Entry>;
}

async function readAll(stream: Readable, max: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      throw archiveError('invalid_meta');
    }
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}

export function parseMeta(text: string): ArchiveMeta {
  let meta: unknown;
  try {
    meta = JSON.parse(text);
  } catch {
    throw archiveError('invalid_meta');
  }
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) throw archiveError('invalid_meta');
  const m = meta as Record<string, unknown>;
  const optString = (v: unknown) => v === undefined || v === null || typeof v === 'string';
  if (typeof m.version !== 'string' || m.version === '') throw archiveError('invalid_meta');
  if (!optString(m.url) || !optString(m.passwordSeed) || !optString(m.exportedAt))
    throw archiveError('invalid_meta');
  if (m.quireArchiveVersion !== undefined && !Number.isInteger(m.quireArchiveVersion))
    throw archiveError('invalid_meta');
  const envVars = typeof m.envVars === 'object' && m.envVars !== null ? m.envVars : {};
  return {
    version: m.version,
    url: (m.url as string | null | undefined) ?? null,
    passwordSeed: (m.passwordSeed as string | null | undefined) ?? null,
    exportedAt: (m.exportedAt as string | undefined) ?? new Date(0).toISOString(),
    envVars: envVars as Record<string, string>,
    ...(m.quireArchiveVersion !== undefined ? { quireArchiveVersion: m.quireArchiveVersion as number } : {}),
  };
}

/**
 * Opens a zip on disk and checks every entry against the limits before anything is read; then
 * reads meta.json. The caller closes `zip`.
 */
export async function openCheckedArchive(file: string, limits: ArchiveLimits): Promise<CheckedArchive> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: true });
  } catch (err) {
    throw zipError(err);
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw archiveError('too_many_entries');
    const entries = new Map<string, Entry>();
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      checkEntry(entry, limits);
      if (entries.has(entry.fileName)) throw archiveError('unsafe_entry', { name: entry.fileName });
      total += entry.uncompressedSize;
      if (total > limits.maxTotalSize) throw archiveError('too_large_archive');
      entries.set(entry.fileName, entry);
    }
    const metaEntry = entries.get('meta.json');
    if (!metaEntry) throw archiveError('missing_meta');
    if (metaEntry.uncompressedSize > limits.maxMetaSize) throw archiveError('invalid_meta');
    const meta = parseMeta(await readAll(await zip.openReadStreamPromise(metaEntry), limits.maxMetaSize));
    const innerFileStats = [...entries.values()]
      .filter((e) => e.fileName !== 'meta.json')
      .map((e) => ({
        fileName: e.fileName,
        collectionName: e.fileName.slice(0, -'.json'.length),
        size: e.uncompressedSize,
      }));
    return { zip, meta, innerFileStats, entries };
  } catch (err) {
    zip.close();
    throw zipError(err);
  }
}
