// A full disk is an answer, not a crash (issue 26): SQLite's SQLITE_FULL and the file system's
// ENOSPC / EDQUOT are told apart from other failures, so a route answers 507 `disk_full` with a
// message naming what to do, and background work keeps what it could not write for a later try.
import { AppError } from './app-error';

const DISK_FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

/** Did this error (or the error it wraps) fail for lack of space? */
export function isDiskFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The answer to a write refused for lack of space: 507 Insufficient Storage. */
export const diskFullError = () => new AppError(507, 'disk_full', 'errors.disk_full');
