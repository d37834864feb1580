// Zip archives for tests (plugins, Markdown imports), built with yazl in memory; `rename` rewrites entry names after
// the fact (same length) to make the hostile names yazl itself refuses to write, such as `../x`.
import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';

export interface ZipEntry {
  name: string;
  data: string | Buffer;
  /** Unix mode, e.g. 0o120777 for a symbolic link. */
  mode?: number;
  /** The entry's comment (Outline keeps a document's dates there). */
  comment?: string;
}

export function zipOf(entries: ZipEntry[], rename: [string, string][] = []): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    const options: Record<string, unknown> = {};
    if (entry.mode) options.mode = entry.mode;
    if (entry.comment) options.fileComment = entry.comment;
    zip.addBuffer(Buffer.from(entry.data), entry.name, options);
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => {
      const bytes = Buffer.concat(chunks);
      for (const [from, to] of rename) {
        if (from.length !== to.length) throw new Error('rename keeps the length');
        let at = bytes.indexOf(from);
        while (at !== -1) {
          bytes.write(to, at, 'latin1');
          at = bytes.indexOf(from, at + 1);
        }
      }
      resolve(bytes);
    });
  });
}

/** Every file of a folder as zip entries (the repository's sample plugins). */
export function folderEntries(dir: string, prefix = ''): ZipEntry[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    const name = `${prefix}${entry.name}`;
    return entry.isDirectory() ? folderEntries(full, `${name}/`) : [{ name, data: fs.readFileSync(full) }];
  });
}
