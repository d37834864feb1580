// The persisted co-editing documents (table coedit_docs): the Yjs state of each page's draft.
// Drafts are written a few times a second while people type, on a connection of their own with
// synchronous = NORMAL: in WAL mode a commit then waits for no fsync (which would stall every
// editor's keystrokes for as long as the disk takes), and a draft still survives a crash of the
// server process; only a power cut may lose its last moments. Saved revisions keep the main
// connection's synchronous = FULL.
import Database from 'better-sqlite3';
import { asc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { afterCommit } from '../../db/group-commit';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { coeditDocs, coeditUpdates } from '../../db/schema';
import { REVISIONS } from '../pages/scopes';

export interface StoredDoc {
  /** The document as last written whole. */
  state: Uint8Array;
  /** What changed since, oldest first (see DraftWriter). */
  updates: Uint8Array[];
  baseRevisionId: string;
  editorIds: string[];
  updatedAt: Date;
}

function parseIds(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export class CoeditStore {
  private readonly drafts: Database.Database;
  private readonly db: ReturnType<typeof drizzle<typeof schema>>;

  /** `file`: the database the main connection `main` has opened (and migrated). */
  constructor(main: Db, file: string) {
    this.drafts = new Database(file);
    this.drafts.pragma('synchronous = NORMAL');
    this.drafts.pragma('foreign_keys = ON');
    this.drafts.pragma('busy_timeout = 5000');
    this.db = drizzle(this.drafts, { schema });
    // Revision bodies are read through the main connection (its larger cache).
    this.main = main;
  }

  private readonly main: Db;

  close(): void {
    if (this.drafts.open) this.drafts.close();
  }

  load(pageId: string): StoredDoc | null {
    const row = this.db.select().from(coeditDocs).where(eq(coeditDocs.pageId, pageId)).get();
    if (!row) return null;
    const updates = this.db
      .select({ update: coeditUpdates.update })
      .from(coeditUpdates)
      .where(eq(coeditUpdates.pageId, pageId))
      .orderBy(asc(coeditUpdates.seq))
      .all();
    return {
      state: new Uint8Array(row.state),
      updates: updates.map((u) => new Uint8Array(u.update)),
      baseRevisionId: row.baseRevisionId,
      editorIds: parseIds(row.editorIds),
      updatedAt: row.updatedAt,
    };
  }

  /** Writes the whole document; the updates appended before it are folded in, so they go. */
  save(pageId: string, doc: Omit<StoredDoc, 'updatedAt' | 'updates'>): void {
    const values = {
      state: Buffer.from(doc.state),
      baseRevisionId: doc.baseRevisionId,
      editorIds: JSON.stringify(doc.editorIds),
      updatedAt: new Date(),
    };
    this.db.transaction((tx) => {
      tx.insert(coeditDocs)
        .values({ pageId, ...values })
        .onConflictDoUpdate({ target: coeditDocs.pageId, set: values })
        .run();
      tx.delete(coeditUpdates).where(eq(coeditUpdates.pageId, pageId)).run();
    });
  }

  /**
   * Appends what changed since the last write (null: only who typed changed) to a document written
   * whole before. False, writing nothing, when that document's row is gone (its page was deleted
   * and made again under the same id, as an archive import may): the caller writes it whole.
   */
  append(pageId: string, update: Uint8Array | null, editorIds: string[]): boolean {
    return this.db.transaction((tx) => {
      const { changes } = tx
        .update(coeditDocs)
        .set({ editorIds: JSON.stringify(editorIds), updatedAt: new Date() })
        .where(eq(coeditDocs.pageId, pageId))
        .run();
      if (changes === 0) return false;
      if (update)
        tx.insert(coeditUpdates)
          .values({ pageId, update: Buffer.from(update) })
          .run();
      return true;
    });
  }

  /** Runs `fn` outside any transaction of the main connection (see db/group-commit.ts). */
  afterMainCommit(fn: () => void): void {
    afterCommit(this.main.$client, fn);
  }

  revisionBody(revisionId: string): string | null {
    const row = this.main
      .select({ body: REVISIONS.body })
      .from(REVISIONS)
      .where(eq(REVISIONS.id, revisionId))
      .get();
    return row?.body ?? null;
  }
}
