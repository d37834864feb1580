// Backups (admins only): the list, a backup now, a download, and a restore — of one of the list,
// or of a backup file sent from elsewhere (the desktop's File ▸ Restore from backup…). A restore
// answers 202 and the server restarts on the restored data once the answer is out.
import { Type } from '@sinclair/typebox';
import { BACKUP_NAME_PATTERN, BACKUP_REASONS } from '../backup-types';
import { DateTime, defineContract, Enum } from './define';

export const BackupInfoSchema = Type.Object({
  name: Type.String(),
  reason: Enum(BACKUP_REASONS, 'string'),
  createdAt: DateTime,
  /** Bytes. */
  size: Type.Integer({ minimum: 0 }),
  /**
   * Its database passed `integrity_check` when it was made (issue 26), as recorded in
   * `backups/verified.json`; false for a backup with no such record (one copied in, or older).
   */
  verified: Type.Boolean(),
});

const NameParams = Type.Object({ name: Type.String({ pattern: BACKUP_NAME_PATTERN }) });
const Restoring = { 202: Type.Object({ restoring: Type.Literal(true) }) };

export const backupList = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/backups',
  response: { 200: Type.Object({ backups: Type.Array(BackupInfoSchema) }) },
});

/** Refused up front (507) when the disk has not the database's size again to spare. */
export const backupCreate = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/backups',
  response: { 201: Type.Object({ backup: BackupInfoSchema }) },
});

/** The backup file itself (`application/zip`, as an attachment), sent as bytes. */
export const backupDownload = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/backups/{name}',
  params: NameParams,
  response: { 200: Type.String({ description: "the backup's bytes" }) },
});

export const backupRestore = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/backups/{name}/restore',
  params: NameParams,
  response: Restoring,
});

/** A backup file as multipart (`file`): verified and staged exactly like one of the list. */
export const backupRestoreUpload = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/backups/restore-upload',
  response: Restoring,
});
