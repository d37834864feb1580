// Where attachment files live. A small interface so S3-compatible storage can come later; the
// local-disk implementation keeps each file at `<data>/attachments/<id>`: the name on disk is the
// attachment id (24 hex digits), never the uploader's file name.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export interface StoredFile {
  size: number;
  /** False when the stream stopped at the size limit: nothing was kept. */
  complete: boolean;
}

export interface AttachmentStorage {
  /**
   * Stores a stream under `key`. `isTruncated` is asked after the stream ended (multipart's size
   * limit ends it early); when it says so, the partial file is removed and nothing is kept.
   */
  put(key: string, stream: Readable, isTruncated: () => boolean): Promise<StoredFile>;
  /** The file's bytes, or null when it is gone. */
  open(key: string): Readable | null;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Keys of files last written before `before` (the start-up sweep compares them with the
   * database; newer files may belong to an upload in progress).
   */
  keysBefore(before: Date): Promise<string[]>;
  /** Removes temporary files of uploads cut short before `before` (a crash mid-upload). */
  removeTemporaryBefore(before: Date): Promise<void>;
}

const KEY = /^[0-9a-f]{24}$/;

function checkKey(key: string): string {
  // Keys are ids made by the server; anything else never reaches the file system.
  if (!KEY.test(key)) throw new Error(`invalid attachment key: ${key}`);
  return key;
}

export class LocalDiskStorage implements AttachmentStorage {
  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  private file(key: string): string {
    return path.join(this.dir, checkKey(key));
  }

  async put(key: string, stream: Readable, isTruncated: () => boolean): Promise<StoredFile> {
    const target = this.file(key);
    // Written under a temporary name and renamed when complete: a reader never sees half a file.
    const temp = path.join(this.dir, `.upload-${randomBytes(8).toString('hex')}`);
    try {
      await pipeline(stream, fs.createWriteStream(temp, { flags: 'wx' }));
      if (isTruncated()) {
        await fs.promises.rm(temp, { force: true });
        return { size: 0, complete: false };
      }
      const { size } = await fs.promises.stat(temp);
      await fs.promises.rename(temp, target);
      return { size, complete: true };
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw err;
    }
  }

  open(key: string): Readable | null {
    const file = this.file(key);
    if (!fs.existsSync(file)) return null;
    return fs.createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }

  private async namesBefore(before: Date, match: (name: string) => boolean): Promise<string[]> {
    const names = (await fs.promises.readdir(this.dir)).filter(match);
    const old: string[] = [];
    for (const name of names) {
      const stat = await fs.promises.stat(path.join(this.dir, name)).catch(() => null);
      if (stat && stat.mtimeMs < before.getTime()) old.push(name);
    }
    return old;
  }

  keysBefore(before: Date): Promise<string[]> {
    return this.namesBefore(before, (name) => KEY.test(name));
  }

  async removeTemporaryBefore(before: Date): Promise<void> {
    const names = await this.namesBefore(before, (name) => name.startsWith('.upload-'));
    await Promise.all(names.map((n) => fs.promises.rm(path.join(this.dir, n), { force: true })));
  }
}
