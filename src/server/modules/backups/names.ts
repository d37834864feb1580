// Backup file names: `quire-YYYYMMDD-HHMMSSmmm-<reason>.zip` (UTC). The name alone says when and
// why, so listing needs no index file, and a name from a request is checked against this shape
// before it ever reaches the file system (no path escape).
import { BACKUP_NAME_PATTERN, type BackupReason } from '../../../shared/backup-types';

const NAME = new RegExp(BACKUP_NAME_PATTERN);

export interface ParsedBackupName {
  name: string;
  reason: BackupReason;
  createdAt: Date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function backupName(at: Date, reason: BackupReason): string {
  const day = `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}`;
  const time = `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}${pad(at.getUTCMilliseconds(), 3)}`;
  return `quire-${day}-${time}-${reason}.zip`;
}

/** The name's date and reason, or null when it is not a backup name. */
export function parseBackupName(name: string): ParsedBackupName | null {
  if (!NAME.test(name)) return null;
  const [, day, time, ...rest] = name.slice(0, -'.zip'.length).split('-');
  if (!day || !time) return null;
  const createdAt = new Date(
    Date.UTC(
      Number(day.slice(0, 4)),
      Number(day.slice(4, 6)) - 1,
      Number(day.slice(6, 8)),
      Number(time.slice(0, 2)),
      Number(time.slice(2, 4)),
      Number(time.slice(4, 6)),
      Number(time.slice(6, 9)),
    ),
  );
  if (Number.isNaN(createdAt.getTime())) return null;
  return { name, reason: rest.join('-') as BackupReason, createdAt };
}
