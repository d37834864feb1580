// Applying a staged restore, at start before the database is opened. The restore route (or
// `npm run restore`) only ever prepares `<data>/restore-pending/` — a verified `quire.db` and its
// `attachments/` — and renames it into place as the last step, so a pending folder is complete.
// Here the current data moves to `<data>/restore-previous/` and the staged data moves in, by
// renames only. Every step can be repeated, so a crash half-way is finished at the next start.
import fs from 'node:fs';
import path from 'node:path';

export const PENDING_DIR = 'restore-pending';
export const PREVIOUS_DIR = 'restore-previous';
/** Written once the previous data may be replaced: an older restore-previous/ is gone by then. */
const APPLYING = '.applying';

const exists = (p: string) => fs.existsSync(p);

/** Applies a pending restore if there is one; true when it did. */
export function applyPendingRestore(dataDir: string): boolean {
  const pending = path.join(dataDir, PENDING_DIR);
  if (!exists(pending)) return false;
  const previous = path.join(dataDir, PREVIOUS_DIR);
  if (!exists(path.join(pending, APPLYING))) {
    fs.rmSync(previous, { recursive: true, force: true });
    fs.mkdirSync(previous, { recursive: true });
    fs.writeFileSync(path.join(pending, APPLYING), new Date().toISOString());
  }
  const dbSwapped = !exists(path.join(pending, 'quire.db'));
  // Leftover WAL and shared-memory files would be replayed onto the restored file: they go first.
  if (!dbSwapped) {
    for (const name of ['quire.db-wal', 'quire.db-shm']) moveAside(dataDir, previous, name);
  }
  for (const name of ['quire.db', 'attachments']) {
    if (!exists(path.join(pending, name))) continue;
    moveAside(dataDir, previous, name);
    fs.renameSync(path.join(pending, name), path.join(dataDir, name));
  }
  // The saved search index describes the old pages: it is rebuilt from the restored database.
  fs.rmSync(path.join(dataDir, 'search-index'), { recursive: true, force: true });
  fs.rmSync(pending, { recursive: true, force: true });
  return true;
}

function moveAside(dataDir: string, previous: string, name: string): void {
  const current = path.join(dataDir, name);
  if (!exists(current)) return;
  const kept = path.join(previous, name);
  // Already kept by an earlier, interrupted attempt: what is in place now is not the old data.
  if (exists(kept)) fs.rmSync(current, { recursive: true, force: true });
  else fs.renameSync(current, kept);
}
