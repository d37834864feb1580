// What the import's second half shares between collections: the connections, the chosen modes and
// options, counters per collection, and id maps. An archive user, group or tag whose unique name
// already belongs to another row here is linked to that row (GROWI failed those rows and left
// pages "Forbidden", #2080); every reference to it follows the map.
import type Database from 'better-sqlite3';
import type {
  ArchiveCollection,
  ArchiveMeta,
  CollectionProgress,
  GrowiArchiveImportOption,
  ImportError,
  ImportMode,
  ImportNoteCode,
} from '../../../shared/archive-types';
import type { StagedArchive } from './staged-archive';

/** The report's English words; the importer screen shows its own translation of each code. */
const LEFT_OUT_MESSAGES: Record<ImportNoteCode, string> = {
  machine_setting: 'belongs to this machine: not imported',
  secret_setting: 'a secret: kept as it is here',
  confirmed_setting: 'turned on only by this wiki’s admin: not imported',
  own_account: 'your own account: never changed by an import',
};

/** Per collection, the messages kept for the screen (the counts are always complete). */
export const MAX_ERRORS_KEPT = 50;

export interface CollectionResult extends CollectionProgress {
  failedCount: number;
  errors: ImportError[];
}

/** A collection's counts before its first record. */
export function emptyResult(collectionName: ArchiveCollection): CollectionResult {
  return {
    collectionName,
    currentCount: 0,
    insertedCount: 0,
    modifiedCount: 0,
    totalCount: 0,
    failedCount: 0,
    errors: [],
  };
}

export class ApplyContext {
  readonly results = new Map<ArchiveCollection, CollectionResult>();
  readonly userMap = new Map<string, string>();
  readonly groupMap = new Map<string, string>();
  readonly tagMap = new Map<string, string>();
  /**
   * GROWI 4's redirect pages, by path: where each led (null: into the trash). They become
   * redirects, not pages; their revisions are left with them.
   */
  readonly redirectPages = new Map<string, string | null>();
  private readonly existsCache = new Map<string, Database.Statement<[string]>>();

  constructor(
    readonly sqlite: Database.Database,
    readonly staged: StagedArchive,
    readonly meta: ArchiveMeta,
    readonly operatorId: string,
    readonly options: Map<ArchiveCollection, GrowiArchiveImportOption>,
    /** Throws when the import was cancelled: called at every record, inside the transaction. */
    private readonly checkCancelled: () => void = () => undefined,
  ) {}

  mode(collection: ArchiveCollection): ImportMode {
    return this.options.get(collection)?.mode ?? 'insert';
  }

  pageOptions(): GrowiArchiveImportOption | undefined {
    return this.options.get('pages');
  }

  result(collection: ArchiveCollection): CollectionResult {
    this.checkCancelled();
    let result = this.results.get(collection);
    if (!result) {
      result = emptyResult(collection);
      this.results.set(collection, result);
    }
    return result;
  }

  inserted(collection: ArchiveCollection): void {
    const r = this.result(collection);
    r.currentCount += 1;
    r.insertedCount += 1;
  }

  modified(collection: ArchiveCollection): void {
    const r = this.result(collection);
    r.currentCount += 1;
    r.modifiedCount += 1;
  }

  failed(collection: ArchiveCollection, id: string, message: string): void {
    const r = this.result(collection);
    r.currentCount += 1;
    r.failedCount += 1;
    if (r.errors.length < MAX_ERRORS_KEPT) r.errors.push({ id, message });
  }

  /** A document left out on purpose, with why: the report lists it (always, not only the first 50). */
  leftOut(collection: ArchiveCollection, id: string, code: ImportNoteCode): void {
    const r = this.result(collection);
    r.currentCount += 1;
    r.failedCount += 1;
    r.errors.push({ id, code, message: LEFT_OUT_MESSAGES[code] });
  }

  /** A document that was taken in without a row of its own (a GROWI 4 redirect page). */
  absorbed(collection: ArchiveCollection): void {
    this.result(collection).currentCount += 1;
  }

  /** A message about a document that was written (e.g. an attachment whose bytes are missing). */
  note(collection: ArchiveCollection, id: string, message: string): void {
    const r = this.result(collection);
    if (r.errors.length < MAX_ERRORS_KEPT) r.errors.push({ id, message });
  }

  /** Does a row with this id exist in `table` (in this transaction)? */
  exists(table: string, id: string | null): boolean {
    if (!id) return false;
    let statement = this.existsCache.get(table);
    if (!statement) {
      statement = this.sqlite.prepare(`SELECT 1 FROM ${table} WHERE id = ?`);
      this.existsCache.set(table, statement);
    }
    return statement.get(id) !== undefined;
  }

  /** The local user for an archive user id, or null when there is none. */
  user(id: string | null): string | null {
    if (!id) return null;
    const mapped = this.userMap.get(id) ?? id;
    return this.exists('users', mapped) ? mapped : null;
  }

  group(id: string): string | null {
    const mapped = this.groupMap.get(id) ?? id;
    return this.exists('user_groups', mapped) ? mapped : null;
  }

  tag(id: string): string | null {
    const mapped = this.tagMap.get(id) ?? id;
    return this.exists('tags', mapped) ? mapped : null;
  }

  page(id: string | null): string | null {
    return id && this.exists('pages', id) ? id : null;
  }
}
