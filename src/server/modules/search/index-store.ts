// The index on disk: `<dataDir>/search-index/` holds one file per chunk and a manifest with the
// format and a SHA-256 of every file. Saving writes a fresh directory and swaps it in with renames,
// so a crash mid-save leaves the previous index; loading checks every hash, so a truncated or
// edited file is detected (and the service rebuilds) instead of serving wrong results.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { INDEX_FORMAT, PageIndex } from './page-index';
import { nextTurn } from '../../lib/next-turn';

interface Manifest {
  format: number;
  savedAt: number;
  files: Record<string, string>; // chunk key → sha256 of its file
}

export class IndexCorruptError extends Error {}

/** Characters encoded and written at a time (see writeInSlices). */
const WRITE_SLICE = 256 * 1024;

/**
 * Writes a chunk and returns its SHA-256, encoding 256 K characters at a time. Encoding a whole
 * 10-70 MB chunk at once makes allocations that raise glibc's mmap threshold for the rest of the
 * process (up to 32 MB): later buffers of that size then stay in the heap after they are freed,
 * and loading the index after a build cost ~40 MB more RSS than loading it after a restart.
 */
export function writeInSlices(file: string, data: string): string {
  const hash = crypto.createHash('sha256');
  const fd = fs.openSync(file, 'w');
  try {
    let start = 0;
    while (start < data.length) {
      let end = Math.min(start + WRITE_SLICE, data.length);
      const last = data.charCodeAt(end - 1);
      if (end < data.length && last >= 0xd800 && last <= 0xdbff) end--; // keep surrogate pairs whole
      const bytes = Buffer.from(data.slice(start, end), 'utf8');
      hash.update(bytes);
      for (let written = 0; written < bytes.length;) written += fs.writeSync(fd, bytes, written);
      start = end;
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** Bytes written and hashed at a time by writeBytesInSlices. */
const BYTES_SLICE = 4 * 1024 * 1024;

/**
 * Writes a binary chunk and returns its SHA-256, BYTES_SLICE at a time with the server answering in
 * between: hashing and writing 63 MB of postings at 100k pages held the thread for about 0.15 s.
 */
export async function writeBytesInSlices(file: string, data: Uint8Array): Promise<string> {
  const hash = crypto.createHash('sha256');
  const fd = fs.openSync(file, 'w');
  try {
    for (let start = 0; start < data.length; start += BYTES_SLICE) {
      const part = data.subarray(start, Math.min(start + BYTES_SLICE, data.length));
      hash.update(part);
      for (let written = 0; written < part.length;) written += fs.writeSync(fd, part, written);
      await nextTurn();
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** Of a string, the hash of its UTF-8 bytes: the same value for what is written and what is read. */
const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
/** Chunk keys hold dots and digits only besides letters; the file name is the key made safe. */
const fileName = (key: string) =>
  `${key.replace(/[^a-zA-Z0-9._-]/g, '_')}.${key.startsWith('postings.') || key === 'phrases' || key === 'pairs' ? 'bin' : 'json'}`;

export class IndexStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'search-index');
  }

  /** Deletes what an interrupted save left beside the index (its temporary and previous copies). */
  removeLeftovers(): void {
    const parent = path.dirname(this.dir);
    const base = path.basename(this.dir);
    for (const name of fs.readdirSync(parent)) {
      if (name.startsWith(`${base}.tmp-`) || name.startsWith(`${base}.old-`)) {
        fs.rmSync(path.join(parent, name), { recursive: true, force: true });
      }
    }
  }

  exists(): boolean {
    return fs.existsSync(path.join(this.dir, 'manifest.json'));
  }

  /**
   * Reads and verifies the saved index; IndexCorruptError when anything does not add up. The server
   * answers between chunks (a healthcheck need not wait for a 100k-page index); reading a chunk at
   * once is faster than reading it off the thread in slices.
   */
  async load(): Promise<{ index: PageIndex; savedAt: number }> {
    let manifest: Manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(this.dir, 'manifest.json'), 'utf8')) as Manifest;
    } catch (err) {
      throw new IndexCorruptError(`unreadable manifest: ${String(err)}`);
    }
    if (manifest.format !== INDEX_FORMAT || typeof manifest.files !== 'object') {
      throw new IndexCorruptError(`index format ${manifest.format}, expected ${INDEX_FORMAT}`);
    }
    const index = new PageIndex();
    for (const [key, hash] of Object.entries(manifest.files)) {
      // Read and hashed as bytes (binary postings, JSON for the rest).
      let data: Buffer;
      try {
        data = fs.readFileSync(path.join(this.dir, fileName(key)));
      } catch (err) {
        throw new IndexCorruptError(`missing chunk ${key}: ${String(err)}`);
      }
      if (sha256(data) !== hash) throw new IndexCorruptError(`chunk ${key} does not match its hash`);
      await nextTurn();
      try {
        index.importChunk(key, data);
      } catch (err) {
        throw new IndexCorruptError(`chunk ${key} cannot be read: ${String(err)}`);
      }
    }
    if (!('facts' in manifest.files)) throw new IndexCorruptError('no facts chunk');
    for (const chunk of ['phrases', 'pairs']) {
      if (!(chunk in manifest.files)) throw new IndexCorruptError(`no ${chunk} chunk`);
    }
    return { index, savedAt: manifest.savedAt };
  }

  async save(index: PageIndex, savedAt: number): Promise<void> {
    const tmp = `${this.dir}.tmp-${process.pid}-${Date.now()}`;
    fs.mkdirSync(tmp, { recursive: true });
    const files: Record<string, string> = {};
    try {
      // Requests are answered between chunks: written at once, a save held the server's thread
      // for 50 ms at 10k pages and 0.45 s at 100k (issue 32). See exportChunks for the order.
      await index.exportChunks(async (key, data) => {
        const file = path.join(tmp, fileName(key));
        files[key] =
          typeof data === 'string' ? writeInSlices(file, data) : await writeBytesInSlices(file, data);
        await nextTurn();
      });
      const manifest: Manifest = { format: INDEX_FORMAT, savedAt, files };
      fs.writeFileSync(path.join(tmp, 'manifest.json'), JSON.stringify(manifest));
      const old = `${this.dir}.old-${process.pid}-${Date.now()}`;
      if (fs.existsSync(this.dir)) fs.renameSync(this.dir, old);
      fs.renameSync(tmp, this.dir);
      fs.rmSync(old, { recursive: true, force: true });
    } catch (err) {
      fs.rmSync(tmp, { recursive: true, force: true });
      throw err;
    }
  }

  /** Bytes on disk, for the admin screen and the benchmark. */
  sizeOnDisk(): number {
    if (!fs.existsSync(this.dir)) return 0;
    return fs.readdirSync(this.dir).reduce((sum, f) => sum + fs.statSync(path.join(this.dir, f)).size, 0);
  }
}
