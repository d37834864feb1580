// The disk thresholds (issue 26): machine settings, never imported from an archive. Their keys are
// GROWI's unless said; settings/defaults.ts gathers every module's.

export const DISK_SETTINGS = {
  // Issue 26: the data folder's disk is low below 500 MB or 5 % free (whichever is more), and
  // uploads, imports, exports and backups are refused below 100 MB.
  'app:diskWarnMb': 500,
  'app:diskWarnPercent': 5,
  'app:diskFloorMb': 100,
};
