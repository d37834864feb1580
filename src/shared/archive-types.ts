// GROWI-compatible archives (issue 11): collection names, groups, import modes and payloads, with
// GROWI's field names (`ZipFileStat`, `CollectionProgress`, `GrowiArchiveImportOption`).

/**
 * Quire's archive format version, written to `meta.json` as `quireArchiveVersion`. Import of a
 * Quire archive compares this number, never the app's release: GROWI's exact-version gate was its
 * most complained-about import failure.
 */
export const QUIRE_ARCHIVE_FORMAT_VERSION = 1;

/** `meta.version` of a Quire archive unless the admin names a GROWI version to target. */
export const QUIRE_META_VERSION = `quire-archive-${QUIRE_ARCHIVE_FORMAT_VERSION}`;

/** The collections Quire writes and reads, in GROWI's names. */
export const ARCHIVE_COLLECTIONS = [
  'pages',
  'revisions',
  'tags',
  'pagetagrelations',
  'pageredirects',
  'comments',
  'sharelinks',
  'users',
  'externalaccounts',
  'usergroups',
  'usergrouprelations',
  'bookmarks',
  'configs',
  'attachments',
  'attachmentFiles.files',
  'attachmentFiles.chunks',
] as const;
export type ArchiveCollection = (typeof ARCHIVE_COLLECTIONS)[number];

export function isArchiveCollection(name: string): name is ArchiveCollection {
  return (ARCHIVE_COLLECTIONS as readonly string[]).includes(name);
}

/** GROWI's export screen groups; anything not named here is "Other". */
export const COLLECTION_GROUPS = {
  Page: ['pages', 'revisions', 'tags', 'pagetagrelations', 'pageredirects', 'comments', 'sharelinks'],
  User: ['users', 'externalaccounts', 'usergroups', 'usergrouprelations', 'bookmarks'],
  Config: ['configs'],
} as const;

/** Picking any of these shows GROWI's password warning. */
export const USER_COLLECTIONS: readonly string[] = COLLECTION_GROUPS.User;

export type ImportMode = 'insert' | 'upsert' | 'flushAndInsert';
export const IMPORT_MODES: readonly ImportMode[] = ['insert', 'upsert', 'flushAndInsert'];

/** GROWI's MODE_RESTRICTED_COLLECTION: the modes a collection allows, the first being the default. */
export function allowedModes(collection: string): readonly ImportMode[] {
  if (collection === 'configs') return ['flushAndInsert'];
  if (collection === 'users') return ['insert', 'upsert'];
  if (collection === 'pages') return ['upsert', 'flushAndInsert', 'insert'];
  return IMPORT_MODES;
}

/** GROWI's ImportOptionForPages (also sent for revisions). */
export interface PageImportFlags {
  isOverwriteAuthorWithCurrentUser?: boolean;
  makePublicForGrant2?: boolean;
  makePublicForGrant4?: boolean;
  makePublicForGrant5?: boolean;
  initPageMetadatas?: boolean;
}

export interface GrowiArchiveImportOption extends PageImportFlags {
  collectionName: string;
  mode: ImportMode;
}

export interface ArchiveMeta {
  version: string;
  url: string | null;
  passwordSeed: string | null;
  exportedAt: string;
  envVars: Record<string, string>;
  /** Present in archives Quire wrote. */
  quireArchiveVersion?: number;
}

export interface InnerFileStat {
  fileName: string;
  collectionName: string;
  size: number;
}

export interface ZipFileStat {
  meta: ArchiveMeta;
  fileName: string;
  fileStat: { size: number; mtime: string; ctime: string };
  innerFileStats: InnerFileStat[];
}

export interface CollectionProgress {
  collectionName: string;
  currentCount: number;
  insertedCount: number;
  modifiedCount: number;
  totalCount: number;
}

export interface ExportStatus {
  zipFileStats: ZipFileStat[];
  isExporting: boolean;
  progressList: CollectionProgress[] | null;
}

/** What importing an archive's users would do here (`GET /_api/v3/import/people-preview`). */
export interface PeoplePreview {
  /** New accounts. */
  created: number;
  /** Existing accounts replaced by the archive's (upsert): name, e-mail, password, rights. */
  changed: number;
  /** Of those created or changed, accounts that become administrators. */
  becomeAdmins: number;
  /** Archive users whose name or e-mail is another account's here: linked to it, not changed. */
  linked: number;
  /** Existing accounts left as they are (insert mode). */
  skipped: number;
  /** The importing admin's own account in the archive: never changed. */
  ownAccount: number;
}

/** No user created, changed or linked: where a preview starts counting. */
export const NO_PEOPLE: Readonly<PeoplePreview> = {
  created: 0,
  changed: 0,
  becomeAdmins: 0,
  linked: 0,
  skipped: 0,
  ownAccount: 0,
};

/** Why a document was left out on purpose (the importer screen translates it; `message` is English). */
export type ImportNoteCode = 'machine_setting' | 'secret_setting' | 'confirmed_setting' | 'own_account';

export interface ImportError {
  message: string;
  /** The document's `_id` when one document failed (a setting's key for configs). */
  id?: string;
  code?: ImportNoteCode;
}

export interface ImportStatus {
  isTheSameVersion: boolean;
  zipFileStat: ZipFileStat | null;
  isImporting: boolean;
  progressList: CollectionProgress[];
}

/** Websocket events, GROWI's names, sent to administrators only. */
export const ARCHIVE_EVENTS = {
  exportProgress: 'admin:onProgressForExport',
  exportZipping: 'admin:onStartZippingForExport',
  exportTerminate: 'admin:onTerminateForExport',
  importProgress: 'admin:onProgressForImport',
  importTerminate: 'admin:onTerminateForImport',
  importError: 'admin:onErrorForImport',
} as const;
export type ArchiveEventName = (typeof ARCHIVE_EVENTS)[keyof typeof ARCHIVE_EVENTS];
