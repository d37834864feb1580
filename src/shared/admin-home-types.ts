// GET /_api/v3/admin-home/ (GROWI's route): what the admin home shows about this installation.
import type { SearchIndicesStatus } from './search-types';
import type { DiskSettings, DiskSpace } from './disk-types';

export interface AdminHomeParams {
  quireVersion: string;
  nodeVersion: string;
  /** Set when the server runs inside the desktop app's Electron utility process. */
  electronVersion: string | null;
  sqliteVersion: string;
  dataDir: string;
  /** quire.db with its write-ahead log, in bytes. */
  databaseSize: number;
  /** Every attachment's recorded size, summed, in bytes. */
  attachmentsSize: number;
  pageCount: number;
  userCount: number;
  searchIndex: SearchIndicesStatus;
  /** Quire's environment variables that are set, secrets masked (SPEC §2 "environment variables"). */
  envVars: Record<string, string>;
  /** Everything in the data folder, in bytes (issue 26). */
  dataFolderSize: number;
  /** The data folder's disk: free space and its condition. */
  disk: DiskSpace;
  /** When the disk counts as low, and below what heavy writes are refused. */
  diskSettings: DiskSettings;
}

export interface AdminHomeResponse {
  adminHomeParams: AdminHomeParams;
}

/** Shown instead of a secret's value. */
export const MASKED_VALUE = '***';
