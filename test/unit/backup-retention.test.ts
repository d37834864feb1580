import { describe, expect, it } from 'vitest';
import { backupName, parseBackupName, type ParsedBackupName } from '../../src/server/modules/backups/names';
import { backupsToKeep } from '../../src/server/modules/backups/retention';
import type { BackupReason } from '../../src/shared/backup-types';

const at = (iso: string, reason: BackupReason): ParsedBackupName => {
  const parsed = parseBackupName(backupName(new Date(iso), reason));
  if (!parsed) throw new Error('unparsable');
  return parsed;
};
const day = (n: number) => new Date(Date.UTC(2026, 10, 30) - n * 86_400_000).toISOString();

describe('backup names', () => {
  it('say when and why, and read back exactly', () => {
    const name = backupName(new Date('2026-11-23T22:05:41.123Z'), 'before-import');
    expect(name).toBe('quire-20261123-220541123-before-import.zip');
    expect(parseBackupName(name)).toEqual({
      name,
      reason: 'before-import',
      createdAt: new Date('2026-11-23T22:05:41.123Z'),
    });
  });

  it('refuse anything else', () => {
    for (const name of [
      '../quire-20261123-220541123-manual.zip',
      'quire-20261123-220541123-other.zip',
      'x.zip',
    ])
      expect(parseBackupName(name)).toBeNull();
  });
});

describe('retention', () => {
  it('keeps the 7 newest daily backups and the newest of each of the 4 weeks before them', () => {
    // One daily backup a day for 60 days, 2026-11-30 (a Monday) back to 2026-10-02.
    const daily = Array.from({ length: 60 }, (_, n) => at(day(n), 'daily'));
    const kept = [...backupsToKeep(daily)].sort().reverse();
    expect(kept).toEqual(
      [
        // the 7 newest: Nov 30 back to Nov 24
        ...[0, 1, 2, 3, 4, 5, 6].map(day),
        // then the newest of each of 4 older weeks (Monday to Sunday): Mon Nov 23 (its week's other
        // days are among the 7), Sun Nov 22, Sun Nov 15, Sun Nov 8
        day(7),
        day(8),
        day(15),
        day(22),
      ].map((iso) => backupName(new Date(iso), 'daily')),
    );
  });

  it('keeps the last 3 before-import and before-migration backups and the last 10 manual ones', () => {
    const imports = Array.from({ length: 5 }, (_, n) => at(day(n), 'before-import'));
    const migrations = Array.from({ length: 4 }, (_, n) => at(day(n), 'before-migration'));
    const manual = Array.from({ length: 12 }, (_, n) => at(day(n), 'manual'));
    const kept = backupsToKeep([...imports, ...migrations, ...manual]);
    expect(kept).toEqual(
      new Set([
        ...imports.slice(0, 3).map((b) => b.name),
        ...migrations.slice(0, 3).map((b) => b.name),
        ...manual.slice(0, 10).map((b) => b.name),
      ]),
    );
  });

  it('never counts one kind against another', () => {
    const all = [at(day(0), 'daily'), at(day(0), 'before-import'), at(day(1), 'manual')];
    expect(backupsToKeep(all).size).toBe(3);
  });
});
