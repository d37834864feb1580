// Backups as the API and the screens see them.
export const BACKUP_REASONS = ['daily', 'manual', 'before-import', 'before-migration'] as const;
export type BackupReason = (typeof BACKUP_REASONS)[number];
/** `quire-YYYYMMDD-HHMMSSmmm-<reason>.zip` (UTC): the file name is the backup's id. */
export const BACKUP_NAME_PATTERN = `^quire-\\d{8}-\\d{9}-(${BACKUP_REASONS.join('|')})\\.zip$`;

export interface BackupInfo {
  /** The file name, e.g. `quire-20261123-220541123-manual.zip`; also its id in the API. */
  name: string;
  reason: BackupReason;
  /** ISO 8601 */
  createdAt: string;
  /** Bytes */
  size: number;
  /**
   * Its database passed `integrity_check` when it was made (issue 26), as recorded in
   * `backups/verified.json`; false for a backup with no such record (one copied in, or older).
   */
  verified: boolean;
}

export interface BackupListResponse {
  backups: BackupInfo[];
}

export interface BackupCreatedResponse {
  backup: BackupInfo;
}

export interface BackupRestoreResponse {
  /** The backup was verified and staged; the server restarts with it now. */
  restoring: true;
}
