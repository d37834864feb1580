// The data folder's size for the admin home (issue 26): every file below it, walked without
// blocking the server (a folder of many attachments takes a while), remembered for a minute.
import fs from 'node:fs/promises';
import path from 'node:path';

const KEEP_MS = 60_000;

async function sizeOf(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await sizeOf(full);
    else if (entry.isFile())
      total += await fs.stat(full).then(
        (s) => s.size,
        () => 0,
      );
  }
  return total;
}

export class FolderSize {
  private cached: { at: number; bytes: Promise<number> } | null = null;

  constructor(private readonly dir: string) {}

  bytes(now = Date.now()): Promise<number> {
    if (!this.cached || now - this.cached.at > KEEP_MS) this.cached = { at: now, bytes: sizeOf(this.dir) };
    return this.cached.bytes;
  }
}
