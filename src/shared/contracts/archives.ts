// GROWI archives: export and import (GROWI's v3 routes and envelopes). Administrators only.
import { Type } from '@sinclair/typebox';
import { ARCHIVE_COLLECTIONS, IMPORT_MODES } from '../archive-types';
import { DateTime, defineContract, Empty, Enum, Nullable, Ok } from './define';

const Count = Type.Integer({ minimum: 0 });
const FileName = Type.String({ minLength: 1, maxLength: 255 });

export const ArchiveMetaSchema = Type.Object({
  version: Type.String(),
  url: Nullable(Type.String()),
  passwordSeed: Nullable(Type.String()),
  exportedAt: Type.String(),
  envVars: Type.Record(Type.String(), Type.String()),
  /** Present in archives Quire wrote. */
  quireArchiveVersion: Type.Optional(Type.Integer()),
});

export const ZipFileStatSchema = Type.Object({
  meta: ArchiveMetaSchema,
  fileName: Type.String(),
  fileStat: Type.Object({ size: Count, mtime: DateTime, ctime: DateTime }),
  innerFileStats: Type.Array(
    Type.Object({ fileName: Type.String(), collectionName: Type.String(), size: Count }),
  ),
});

export const CollectionProgressSchema = Type.Object({
  collectionName: Type.String(),
  currentCount: Count,
  insertedCount: Count,
  modifiedCount: Count,
  totalCount: Count,
});

export const ExportStatusSchema = Type.Object({
  zipFileStats: Type.Array(ZipFileStatSchema),
  isExporting: Type.Boolean(),
  progressList: Nullable(Type.Array(CollectionProgressSchema)),
});

/** Why a document was left out, or failed (`message` is English; the screen translates `code`). */
const ImportErrorSchema = Type.Object({
  message: Type.String(),
  id: Type.Optional(Type.String()),
  code: Type.Optional(
    Enum(['machine_setting', 'secret_setting', 'confirmed_setting', 'own_account'] as const, 'string'),
  ),
});

export const ImportStatusSchema = Type.Object({
  isTheSameVersion: Type.Boolean(),
  zipFileStat: Nullable(ZipFileStatSchema),
  isImporting: Type.Boolean(),
  progressList: Type.Array(CollectionProgressSchema),
});

/** How the last import ended: each collection's counts and what failed or was left out. */
const ImportOutcomeSchema = Type.Object({
  ok: Type.Boolean(),
  message: Nullable(Type.String()),
  backupFile: Nullable(Type.String()),
  results: Type.Array(
    Type.Composite([
      CollectionProgressSchema,
      Type.Object({ failedCount: Count, errors: Type.Array(ImportErrorSchema) }),
    ]),
  ),
});

export const archiveCollections = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/mongo/collections',
  response: { 200: Type.Object({ ok: Ok, collections: Type.Array(Enum(ARCHIVE_COLLECTIONS, 'string')) }) },
});

export const exportStatus = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/export/status',
  response: { 200: Type.Object({ ok: Ok, status: ExportStatusSchema }) },
});

/** Starts an export; its progress comes over the socket and `GET /export/status`. */
export const exportStart = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/export',
  body: Type.Object({
    collections: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }),
    targetVersion: Type.Optional(Type.String({ pattern: '^[0-9A-Za-z.+-]{1,40}$' })),
  }),
  response: { 200: Type.Object({ ok: Ok }) },
});

export const exportRemove = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/export/{fileName}',
  params: Type.Object({ fileName: FileName }),
  response: { 200: Type.Object({ ok: Ok }) },
});

/**
 * Multipart: `file`, a GROWI or Quire archive (checked before it is kept). GROWI's `zipFilePath`
 * is the kept file's name: where the server keeps it is not the client's to know.
 */
export const importUpload = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/import/upload',
  response: { 200: Type.Composite([ZipFileStatSchema, Type.Object({ zipFilePath: Type.String() })]) },
});

export const importStatus = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/import/status',
  response: {
    200: Type.Composite([ImportStatusSchema, Type.Object({ lastOutcome: Nullable(ImportOutcomeSchema) })]),
  },
});

const Flag = Type.Optional(Type.Boolean());

export const importStart = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/import',
  body: Type.Object({
    fileName: FileName,
    collections: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }),
    options: Type.Array(
      Type.Object({
        collectionName: Type.String({ maxLength: 100 }),
        mode: Enum(IMPORT_MODES, 'string'),
        isOverwriteAuthorWithCurrentUser: Flag,
        makePublicForGrant2: Flag,
        makePublicForGrant4: Flag,
        makePublicForGrant5: Flag,
        initPageMetadatas: Flag,
      }),
      { maxItems: 100 },
    ),
  }),
  response: { 200: Empty },
});

/** Quire's: what importing the upload's users would do, asked before the import starts. */
export const importPeoplePreview = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/import/people-preview',
  querystring: Type.Object({ fileName: FileName, mode: Enum(['insert', 'upsert'] as const, 'string') }),
  response: {
    200: Type.Object({
      preview: Type.Object({
        created: Count,
        changed: Count,
        becomeAdmins: Count,
        linked: Count,
        skipped: Count,
        ownAccount: Count,
      }),
    }),
  },
});

/** Quire's: cancels the running import; it changes nothing (409 when none runs). */
export const importCancel = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/import/cancel',
  response: { 200: Empty },
});

export const importDiscardAll = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/import/all',
  response: { 200: Empty },
});
