// `npm run restore -- --data-dir DIR --from FILE`: restores a backup into a stopped headless
// server's data directory. The file is verified first (it opens, integrity_check passes, it is a
// Quire database); a file that fails changes nothing. The replaced data is kept in
// `DIR/restore-previous/`.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AppError } from '../src/server/lib/app-error';
import { applyPendingRestore } from '../src/server/modules/backups/restore-at-start';
import { stageRestoreFrom } from '../src/server/modules/backups/service';

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { 'data-dir': { type: 'string' }, from: { type: 'string' } },
    strict: true,
  });
  if (!values['data-dir'] || !values.from) {
    console.error('usage: npm run restore -- --data-dir DIR --from FILE   (stop the server first)');
    process.exit(2);
  }
  const dataDir = path.resolve(values['data-dir']);
  const from = path.resolve(values.from);
  await stageRestoreFrom(from, dataDir);
  applyPendingRestore(dataDir);
  console.log(
    `Restored ${from} into ${dataDir}; the replaced data is in ${path.join(dataDir, 'restore-previous')}.`,
  );
}

main().catch((err: unknown) => {
  const reason =
    err instanceof AppError ? `not a usable Quire backup (${String(err.params.reason)})` : String(err);
  console.error(`quire restore: nothing was changed: ${reason}`);
  process.exit(1);
});
