// The database backend: files inside quire.db (one file holds the whole wiki, handy for a desktop
// host), in 255 KiB chunks written as the upload streams in and read one at a time on download,
// so memory stays flat whatever the size. An upload writes under a temporary key and is renamed in
// one transaction when complete: a reader never sees half a file.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database, Statement } from 'better-sqlite3';
import { checkKey, type AttachmentStorage, type StoredFile } from '../../types';

export const CHUNK_SIZE = 255 * 1024;
const TEMP = '.upload-';

export class DatabaseStorage implements AttachmentStorage {
  readonly kind = 'database' as const;
  private readonly addFile: Statement<[string, number, number]>;
  private readonly addChunk: Statement<[string, number, Buffer]>;
  private readonly chunk: Statement<[string, number], { data: Buffer }>;
  private readonly file: Statement<[string], { size: number }>;
  private readonly dropChunks: Statement<[string]>;
  private readonly dropFile: Statement<[string]>;
  private readonly renameChunks: Statement<[string, string]>;
  private readonly renameFile: Statement<[string, number, string]>;
  private readonly before: Statement<[number], { key: string }>;

  constructor(private readonly sqlite: Database) {
    this.addFile = sqlite.prepare('INSERT INTO stored_files (key, size, created_at) VALUES (?, ?, ?)');
    this.addChunk = sqlite.prepare('INSERT INTO stored_file_chunks (file_key, n, data) VALUES (?, ?, ?)');
    this.chunk = sqlite.prepare('SELECT data FROM stored_file_chunks WHERE file_key = ? AND n = ?');
    this.file = sqlite.prepare('SELECT size FROM stored_files WHERE key = ?');
    this.dropChunks = sqlite.prepare('DELETE FROM stored_file_chunks WHERE file_key = ?');
    this.dropFile = sqlite.prepare('DELETE FROM stored_files WHERE key = ?');
    this.renameChunks = sqlite.prepare('UPDATE stored_file_chunks SET file_key = ? WHERE file_key = ?');
    this.renameFile = sqlite.prepare('UPDATE stored_files SET key = ?, size = ? WHERE key = ?');
    this.before = sqlite.prepare('SELECT key FROM stored_files WHERE created_at < ?');
  }

  private drop(key: string): void {
    this.sqlite.transaction(() => {
      this.dropChunks.run(key);
      this.dropFile.run(key);
    })();
  }

  async put(key: string, stream: Readable, isTruncated: () => boolean): Promise<StoredFile> {
    checkKey(key);
    const temp = `${TEMP}${randomBytes(8).toString('hex')}`;
    this.addFile.run(temp, 0, Date.now());
    let n = 0;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = (all: boolean) => {
      const joined = Buffer.concat(pending);
      let offset = 0;
      for (; joined.length - offset >= CHUNK_SIZE || (all && offset < joined.length); offset += CHUNK_SIZE) {
        this.addChunk.run(temp, n++, joined.subarray(offset, Math.min(offset + CHUNK_SIZE, joined.length)));
      }
      pending = offset < joined.length ? [joined.subarray(offset)] : [];
      pendingBytes = joined.length - offset;
    };
    try {
      for await (const piece of stream) {
        const buffer = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
        pending.push(buffer);
        pendingBytes += buffer.length;
        size += buffer.length;
        if (pendingBytes >= CHUNK_SIZE) flush(false);
      }
      flush(true);
      if (isTruncated()) {
        this.drop(temp);
        return { size: 0, complete: false };
      }
      this.sqlite.transaction(() => {
        this.dropChunks.run(key);
        this.dropFile.run(key);
        this.renameChunks.run(key, temp);
        this.renameFile.run(key, size, temp);
      })();
      return { size, complete: true };
    } catch (err) {
      this.drop(temp);
      throw err;
    }
  }

  async open(key: string): Promise<Readable | null> {
    checkKey(key);
    if (!this.file.get(key)) return null;
    const chunk = this.chunk;
    // One chunk per read: the stream's buffering, not the file's size, bounds memory.
    return Readable.from(
      (function* chunks() {
        for (let n = 0; ; n++) {
          const row = chunk.get(key, n);
          if (!row) return;
          yield row.data;
        }
      })(),
    );
  }

  async remove(key: string): Promise<void> {
    this.drop(checkKey(key));
  }

  async keysBefore(before: Date): Promise<string[]> {
    return this.before
      .all(before.getTime())
      .map((r) => r.key)
      .filter((key) => !key.startsWith(TEMP));
  }

  async removeTemporaryBefore(before: Date): Promise<void> {
    for (const { key } of this.before.all(before.getTime())) if (key.startsWith(TEMP)) this.drop(key);
  }
}
