// The audit log's settings (issue 15). Their keys are GROWI's unless said; settings/defaults.ts
// gathers every module's.

export const AUDIT_SETTINGS = {
  // Issue 15, GROWI's keys: the audit log records (on by default: a LAN host wants to know), and
  // how long entries are kept.
  'app:auditLogEnabled': true,
  'app:auditLogRetentionDays': 90,
};
