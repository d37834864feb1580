// Which backups were verified when made (issue 26): `<data>/backups/verified.json`, name → when.
// Plain JSON and no database: the desktop's main process reads it too, to offer the newest one
// when the server finds its database damaged.
import fs from 'node:fs';
import path from 'node:path';

const VERIFIED_FILE = 'verified.json';

/** Backups whose database passed integrity_check when made: name → when. */
export function readVerified(dir: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(dir, VERIFIED_FILE), 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function recordVerified(dir: string, name: string, at: Date): void {
  const present = new Set(fs.readdirSync(dir));
  const kept = Object.entries(readVerified(dir)).filter(([n]) => present.has(n));
  const record = Object.fromEntries([...kept, [name, at.toISOString()]]);
  const tmp = path.join(dir, `.${VERIFIED_FILE}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify(record, null, 2));
  fs.renameSync(tmp, path.join(dir, VERIFIED_FILE));
}

/** The newest backup in `<dataDir>/backups` that was verified when made, or null. */
export function lastVerifiedBackup(
  dataDir: string,
): { name: string; file: string; createdAt: string } | null {
  const dir = path.join(dataDir, 'backups');
  const found = Object.entries(readVerified(dir))
    .filter(([name]) => fs.existsSync(path.join(dir, name)))
    .sort(([, a], [, b]) => b.localeCompare(a))[0];
  return found ? { name: found[0], file: path.join(dir, found[0]), createdAt: found[1] } : null;
}
