// A plugin's files brought into a staging directory, from a .zip (yauzl) or from a folder on the
// server, with the same checks: relative names only (no `..`, no absolute or drive paths, no
// backslashes), no symbolic links, and limits on count and size, so a hostile archive can neither
// write outside its directory nor fill the disk.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import yauzl from 'yauzl';

export const PLUGIN_LIMITS = { files: 200, fileBytes: 2 * 1024 * 1024, totalBytes: 10 * 1024 * 1024 };

export class PluginFileError extends Error {
  constructor(
    readonly code: 'bad_entry' | 'symlink' | 'too_many_files' | 'too_large' | 'not_a_zip' | 'not_a_folder',
    readonly entry = '',
  ) {
    super(`${code}${entry ? `: ${entry}` : ''}`);
    this.name = 'PluginFileError';
  }
}

/** A safe relative file name, or null. Directories end with `/` in zips and are skipped. */
export function safeEntryName(name: string): string | null {
  if (name === '' || name.length > 300 || name.includes('\\') || name.includes('\0')) return null;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return null;
  const parts = name.split('/').filter((part) => part !== '');
  if (parts.some((part) => part === '..' || part === '.')) return null;
  return parts.join('/');
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Counts bytes through a stream and fails past the limits. */
function limiter(entry: string, budget: { total: number }): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      budget.total += chunk.length;
      if (bytes > PLUGIN_LIMITS.fileBytes || budget.total > PLUGIN_LIMITS.totalBytes)
        done(new PluginFileError('too_large', entry));
      else done(null, chunk);
    },
  });
}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, zip) =>
      error || !zip ? reject(new PluginFileError('not_a_zip')) : resolve(zip),
    ),
  );
}

/** Extracts the zip into `dir` (which must exist and be empty). */
export async function extractZip(buffer: Buffer, dir: string): Promise<void> {
  const zip = await openZip(buffer);
  const budget = { total: 0 };
  let count = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      // yauzl refuses `../` and absolute names itself, before our own check sees them.
      zip.on('error', (error: Error) =>
        reject(
          /relative path|absolute path|invalid characters/.test(error.message)
            ? new PluginFileError('bad_entry', error.message.replace(/^.*?: /, ''))
            : new PluginFileError('not_a_zip'),
        ),
      );
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        void (async () => {
          if (entry.fileName.endsWith('/')) return zip.readEntry();
          const name = safeEntryName(entry.fileName);
          if (!name) throw new PluginFileError('bad_entry', entry.fileName);
          if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
            throw new PluginFileError('symlink', entry.fileName);
          count += 1;
          if (count > PLUGIN_LIMITS.files) throw new PluginFileError('too_many_files');
          if (entry.uncompressedSize > PLUGIN_LIMITS.fileBytes) throw new PluginFileError('too_large', name);
          const target = path.join(dir, name);
          fs.mkdirSync(path.dirname(target), { recursive: true });
          const stream = await new Promise<NodeJS.ReadableStream>((ok, fail) =>
            zip.openReadStream(entry, (error, read) => (error || !read ? fail(error) : ok(read))),
          );
          await pipeline(stream, limiter(name, budget), fs.createWriteStream(target, { flags: 'wx' }));
          zip.readEntry();
        })().catch(reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** Copies a folder on the server into `dir` with the same checks (links are refused, not followed). */
export function copyFolder(source: string, dir: string): void {
  if (!path.isAbsolute(source)) throw new PluginFileError('not_a_folder');
  const top = fs.lstatSync(source, { throwIfNoEntry: false });
  if (!top?.isDirectory()) throw new PluginFileError('not_a_folder');
  let count = 0;
  let total = 0;
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(source, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) throw new PluginFileError('symlink', name);
      if (entry.isDirectory()) {
        walk(name);
        continue;
      }
      if (!entry.isFile() || !safeEntryName(name)) throw new PluginFileError('bad_entry', name);
      const size = fs.statSync(path.join(source, name)).size;
      count += 1;
      total += size;
      if (count > PLUGIN_LIMITS.files) throw new PluginFileError('too_many_files');
      if (size > PLUGIN_LIMITS.fileBytes || total > PLUGIN_LIMITS.totalBytes)
        throw new PluginFileError('too_large', name);
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.copyFileSync(path.join(source, name), path.join(dir, name), fs.constants.COPYFILE_EXCL);
    }
  };
  walk('');
}

/**
 * Where the manifest is: the root, or the one folder a zip of a folder puts everything in. Returns
 * that folder ('' for the root) or null.
 */
export function pluginRoot(dir: string, manifest: string): string | null {
  if (fs.existsSync(path.join(dir, manifest))) return '';
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only?.isDirectory() && fs.existsSync(path.join(dir, only.name, manifest))) return only.name;
  return null;
}
