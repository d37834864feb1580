// Zips for archive tests: read an exported archive's entries, and build archives (GROWI-shaped
// fixtures and hostile ones) entry by entry.
import yauzl from 'yauzl';
import yazl from 'yazl';

/** Every entry of a zip as text, by name. */
export async function readZip(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const out = new Map<string, string>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const parts: Buffer[] = [];
    for await (const chunk of stream) parts.push(chunk as Buffer);
    out.set(entry.fileName, Buffer.concat(parts).toString('utf8'));
  }
  zip.close();
  return out;
}

export interface ZipEntry {
  name: string;
  data: string | Buffer;
  /** Unix mode in the high bits of the external attributes (e.g. 0o120777 for a symlink). */
  mode?: number;
  compress?: boolean;
}

export function makeZip(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : entry.data;
    zip.addBuffer(data, entry.name, {
      compress: entry.compress ?? true,
      ...(entry.mode !== undefined ? { mode: entry.mode } : {}),
    });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => parts.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

/** A GROWI-style archive: meta.json last, one `<collection>.json` array per collection. */
export function growiZip(meta: object, collections: Record<string, unknown[]>): Promise<Buffer> {
  const entries: ZipEntry[] = Object.entries(collections).map(([name, docs]) => ({
    name: `${name}.json`,
    data: JSON.stringify(docs),
  }));
  entries.push({ name: 'meta.json', data: JSON.stringify(meta) });
  return makeZip(entries);
}
