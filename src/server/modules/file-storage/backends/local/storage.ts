// The local folder backend (the default): each file at `<data>/attachments/<id>`; the name on disk
// is the attachment id (24 hex digits), never the uploader's file name.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { checkKey, KEY, type AttachmentStorage, type StoredFile } from '../../types';

export class LocalDiskStorage implements AttachmentStorage {
  readonly kind = 'local' as const;

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

  async open(key: string): Promise<Readable | null> {
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
