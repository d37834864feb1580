// Administration outside the settings screens: admin home (system information), the audit log,
// (GROWI's shapes).
import { Type } from '@sinclair/typebox';
import { AUDIT_ACTIONS } from '../audit-types';
import { DateTime, defineContract, Enum, Id, Nullable, Offset } from './define';
import { UserSummarySchema } from './entities';
import { SearchIndicesStatusSchema } from './search';

const Bytes = Type.Integer({ minimum: 0 });
const Count = Type.Integer({ minimum: 0 });

export const DiskSpaceSchema = Type.Object({
  condition: Enum(['ok', 'low', 'full'] as const, 'string'),
  /** Free bytes the server may use on the data folder's file system. */
  freeBytes: Bytes,
  totalBytes: Bytes,
  /** Below this many free bytes (the admin's MB or per cent, whichever is larger), it is low. */
  warnBytes: Bytes,
  /** Below this, uploads, imports, exports and backups are refused before they start. */
  floorBytes: Bytes,
});

export const DiskSettingsSchema = Type.Object({
  /** Warn below this many megabytes free… */
  diskWarnMb: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  /** …or below this share of the disk (per cent). */
  diskWarnPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Refuse heavy writes below this many megabytes free. */
  diskFloorMb: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
});

export const AdminHomeParamsSchema = Type.Object({
  quireVersion: Type.String(),
  nodeVersion: Type.String(),
  /** Set when the server runs inside the desktop app's Electron utility process. */
  electronVersion: Nullable(Type.String()),
  sqliteVersion: Type.String(),
  dataDir: Type.String(),
  /** quire.db with its write-ahead log. */
  databaseSize: Bytes,
  /** Every attachment's recorded size, summed. */
  attachmentsSize: Bytes,
  pageCount: Count,
  userCount: Count,
  searchIndex: SearchIndicesStatusSchema,
  /** Quire's environment variables that are set, secrets masked (SPEC §2 "environment variables"). */
  envVars: Type.Record(Type.String(), Type.String()),
  /** Everything in the data folder. */
  dataFolderSize: Bytes,
  disk: DiskSpaceSchema,
  diskSettings: DiskSettingsSchema,
});

export const adminHome = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/admin-home',
  growiPath: '/admin-home/',
  response: { 200: Type.Object({ adminHomeParams: AdminHomeParamsSchema }) },
});

/** Quire's disk thresholds (issue 26): answers the admin home as it is then. */
export const diskSettingsUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/admin-home/disk-settings',
  body: Type.Object(
    {
      diskWarnMb: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
      diskWarnPercent: Type.Integer({ minimum: 0, maximum: 50 }),
      diskFloorMb: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    },
    { additionalProperties: false },
  ),
  response: { 200: Type.Object({ adminHomeParams: AdminHomeParamsSchema }) },
});

export const AuditLogEntrySchema = Type.Object({
  _id: Id,
  createdAt: DateTime,
  /** Who did it (GROWI's populated user); null once the account is gone. */
  user: Nullable(UserSummarySchema),
  /** The username when it happened (GROWI's snapshot). What an activity lacks is left out. */
  snapshot: Type.Object({ username: Type.Optional(Type.String()) }),
  action: Enum(AUDIT_ACTIONS, 'string'),
  target: Type.Optional(Type.String()),
  ip: Type.Optional(Type.String()),
});

/** GROWI's `searchFilter` is JSON in the query (usernames, actions, dates). */
export const auditLog = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/activity',
  querystring: Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
    offset: Offset,
    searchFilter: Type.Optional(Type.String({ maxLength: 4096 })),
  }),
  response: {
    200: Type.Object({
      serializedPaginationResult: Type.Object({
        docs: Type.Array(AuditLogEntrySchema),
        totalDocs: Count,
        limit: Type.Integer({ minimum: 1 }),
        offset: Count,
        page: Type.Integer({ minimum: 1 }),
        totalPages: Count,
        hasPrevPage: Type.Boolean(),
        hasNextPage: Type.Boolean(),
      }),
    }),
  },
});

const AuditLogSettingsSchema = Type.Object({
  auditLogEnabled: Type.Boolean(),
  /** Entries older than this many days are removed. */
  auditLogRetentionDays: Type.Integer({ minimum: 1, maximum: 3650 }),
});

export const auditLogSettings = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/audit-log/settings',
  response: { 200: Type.Object({ auditLogSettings: AuditLogSettingsSchema }) },
});

/** Both values come; a shorter retention prunes at once. */
export const auditLogSettingsUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/audit-log/settings',
  body: AuditLogSettingsSchema,
  response: { 200: Type.Object({ auditLogSettings: AuditLogSettingsSchema }) },
});
