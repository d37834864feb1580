// The audit log (issue 15; GROWI's activity log at /admin/audit-log): the actions recorded, and the
// shapes of GROWI's `GET /_api/v3/activity`.
import type { Static } from '@sinclair/typebox';
import type { AuditLogEntrySchema } from './contracts/admin';

/** Every action the audit log records, grouped as the filter shows them. */
export const AUDIT_ACTION_GROUPS = {
  signIn: [
    'USER_LOGIN',
    'USER_LOGIN_FAILURE',
    'USER_LOGOUT',
    'USER_REGISTRATION',
    'USER_PASSWORD_UPDATE',
    'USER_PASSWORD_RESET',
  ],
  users: [
    'ADMIN_USERS_INVITE',
    'ADMIN_USER_ACTIVATE',
    'ADMIN_USER_DEACTIVATE',
    'ADMIN_USER_REMOVE',
    'ADMIN_USER_GRANT_ADMIN',
    'ADMIN_USER_REVOKE_ADMIN',
    'ADMIN_USER_GRANT_READ_ONLY',
    'ADMIN_USER_REVOKE_READ_ONLY',
    'ADMIN_USER_PASSWORD_RESET',
    'ADMIN_EXTERNAL_ACCOUNT_REMOVE',
  ],
  groups: [
    'ADMIN_USER_GROUP_CREATE',
    'ADMIN_USER_GROUP_UPDATE',
    'ADMIN_USER_GROUP_DELETE',
    'ADMIN_USER_GROUP_ADD_USER',
    'ADMIN_USER_GROUP_REMOVE_USER',
  ],
  settings: [
    'ADMIN_SECURITY_SETTINGS_UPDATE',
    'ADMIN_APP_SETTINGS_UPDATE',
    'ADMIN_NOTIFICATION_SETTINGS_UPDATE',
    'ADMIN_SHARING_UPDATE',
    'ADMIN_PLUGIN_CHANGE',
    'ADMIN_AUDIT_LOG_SETTINGS_UPDATE',
  ],
  pages: [
    'PAGE_DELETE',
    'PAGE_DELETE_COMPLETELY',
    'PAGE_EMPTY_TRASH',
    'PAGE_RENAME',
    'PAGE_DUPLICATE',
    'PAGE_REVERT',
    'SHARE_LINK_CREATE',
    'SHARE_LINK_DELETE',
  ],
  data: [
    'ADMIN_ARCHIVE_EXPORT',
    'ADMIN_ARCHIVE_IMPORT',
    'ADMIN_MARKDOWN_IMPORT',
    'PAGE_MARKDOWN_EXPORT',
    'ADMIN_BACKUP',
    'ADMIN_BACKUP_RESTORE',
  ],
} as const;

export type AuditActionGroup = keyof typeof AUDIT_ACTION_GROUPS;
export type AuditAction = (typeof AUDIT_ACTION_GROUPS)[AuditActionGroup][number];
export const AUDIT_ACTIONS: readonly AuditAction[] = Object.values(AUDIT_ACTION_GROUPS).flat();

export type AuditLogEntry = Static<typeof AuditLogEntrySchema>;

/** GROWI's `searchFilter` (JSON in the query). */
export interface AuditSearchFilter {
  usernames?: string[];
  actions?: AuditAction[];
  dates?: { startDate?: string; endDate?: string };
}

export interface AuditLogPage<Entry = AuditLogEntry> {
  serializedPaginationResult: {
    docs: Entry[];
    totalDocs: number;
    limit: number;
    offset: number;
    page: number;
    totalPages: number;
    hasPrevPage: boolean;
    hasNextPage: boolean;
  };
}

export interface AuditLogSettings {
  auditLogEnabled: boolean;
  /** Entries older than this many days are removed. */
  auditLogRetentionDays: number;
}
