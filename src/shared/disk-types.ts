// The data folder's disk as the server sees it (issue 26): admins get a banner while it is low,
// the desktop a notification, and below the floor heavy writes are refused up front.

/** ok; low: below the warning threshold; full: below the floor, or a write just failed for space. */
export type DiskCondition = 'ok' | 'low' | 'full';

export interface DiskSpace {
  condition: DiskCondition;
  /** Free bytes the server may use on the data folder's file system. */
  freeBytes: number;
  totalBytes: number;
  /** Below this many free bytes (the admin's MB or per cent, whichever is larger), it is low. */
  warnBytes: number;
  /** Below this, uploads, imports, exports and backups are refused before they start. */
  floorBytes: number;
}

/** The live event administrators' web apps get when the condition changes. */
export const DISK_EVENT = 'disk:changed';

export interface DiskSettings {
  /** Warn below this many megabytes free… */
  diskWarnMb: number;
  /** …or below this share of the disk (per cent). */
  diskWarnPercent: number;
  /** Refuse heavy writes below this many megabytes free. */
  diskFloorMb: number;
}
