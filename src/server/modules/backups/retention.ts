// Which backups to keep. Daily backups: the 7 newest, and of the older ones the newest of each of
// the 4 most recent weeks (UTC, weeks starting on Monday) — a week's worth of days and a month of
// weeks, as Trilium and Actual keep them. Before-import and before-migration: the 3 newest each.
// Manual: the 10 newest (an admin who wants more downloads them).
import type { BackupReason } from '../../../shared/backup-types';
import type { ParsedBackupName } from './names';

export const RETENTION = {
  daily: 7,
  weekly: 4,
  'before-import': 3,
  'before-migration': 3,
  manual: 10,
} as const;

const DAY = 86_400_000;
/** 1970-01-01 was a Thursday: shift by 3 days so weeks start on Monday. */
const weekOf = (at: Date) => Math.floor((at.getTime() + 3 * DAY) / (7 * DAY));

const newestFirst = (a: ParsedBackupName, b: ParsedBackupName) =>
  b.createdAt.getTime() - a.createdAt.getTime();

/** The names of the backups the rule says to keep; every other backup may be removed. */
export function backupsToKeep(backups: ParsedBackupName[]): Set<string> {
  const keep = new Set<string>();
  const of = (reason: BackupReason) => backups.filter((b) => b.reason === reason).sort(newestFirst);

  const daily = of('daily');
  for (const b of daily.slice(0, RETENTION.daily)) keep.add(b.name);
  const weeks = new Set<number>();
  for (const b of daily.slice(RETENTION.daily)) {
    const week = weekOf(b.createdAt);
    if (weeks.has(week)) continue;
    if (weeks.size === RETENTION.weekly) break;
    weeks.add(week);
    keep.add(b.name);
  }
  for (const reason of ['before-import', 'before-migration', 'manual'] as const) {
    for (const b of of(reason).slice(0, RETENTION[reason])) keep.add(b.name);
  }
  return keep;
}
