// Where archives live: `<data>/archives/exports/` (made here, listed, downloaded),
// `<data>/archives/imports/` (uploads), `<data>/archives/work/` (scratch, emptied at start).
// File names from requests are checked before they touch the file system.
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../lib/app-error';
import type { ZipFileStat } from '../../../shared/archive-types';
import { isSafeFileName, openCheckedArchive, type ArchiveLimits } from '../../lib/zip-guard';

export interface ArchiveDirs {
  exports: string;
  imports: string;
  work: string;
}

export function archiveDirs(dataDir: string): ArchiveDirs {
  const root = path.join(dataDir, 'archives');
  const dirs = {
    exports: path.join(root, 'exports'),
    imports: path.join(root, 'imports'),
    work: path.join(root, 'work'),
  };
  // What an interrupted export or import left behind (a crash, a kill) is scratch: start clean.
  fs.rmSync(dirs.work, { recursive: true, force: true });
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(dirs.exports))
    if (name.endsWith('.part')) fs.rmSync(path.join(dirs.exports, name), { force: true });
  return dirs;
}

export const archiveNotFound = () => new AppError(404, 'archive_not_found', 'archive.not_found');

/** A `.zip` directly inside `dir`, or 404; never a path outside it. */
export function zipInside(dir: string, fileName: string): string {
  if (!isSafeFileName(fileName) || !fileName.toLowerCase().endsWith('.zip')) throw archiveNotFound();
  const file = path.join(dir, fileName);
  if (path.dirname(file) !== dir || !fs.existsSync(file)) throw archiveNotFound();
  return file;
}

/** `Wiki title-1733919513254.growi.zip`, the title made safe for every file system. */
export function exportFileName(title: string, now = Date.now()): string {
  const safe = [...title]
    .map((c) => (c.charCodeAt(0) < 0x20 || '/\\:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim()
    .slice(0, 100);
  return `${safe || 'Quire'}-${now}.growi.zip`;
}

export async function zipFileStat(file: string, limits: ArchiveLimits): Promise<ZipFileStat> {
  const checked = await openCheckedArchive(file, limits);
  checked.zip.close();
  const stat = fs.statSync(file);
  return {
    meta: checked.meta,
    fileName: path.basename(file),
    fileStat: { size: stat.size, mtime: stat.mtime.toISOString(), ctime: stat.ctime.toISOString() },
    innerFileStats: checked.innerFileStats,
  };
}

/** Every readable archive in `dir`, newest first; unreadable files are left out of the list. */
export async function listZipStats(dir: string, limits: ArchiveLimits): Promise<ZipFileStat[]> {
  const names = (await fs.promises.readdir(dir)).filter((n) => n.toLowerCase().endsWith('.zip'));
  const stats: ZipFileStat[] = [];
  for (const name of names) {
    const stat = await zipFileStat(path.join(dir, name), limits).catch(() => null);
    if (stat) stats.push(stat);
  }
  return stats.sort((a, b) => b.fileStat.mtime.localeCompare(a.fileStat.mtime));
}
