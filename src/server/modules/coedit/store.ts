// The persisted co-editing documents (table coedit_docs): the Yjs state of each page's draft.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coeditDocs, revisions } from '../../db/schema';

export interface StoredDoc {
  state: Uint8Array;
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
  constructor(private readonly db: Db) {}

  load(pageId: string): StoredDoc | null {
    const row = this.db.select().from(coeditDocs).where(eq(coeditDocs.pageId, pageId)).get();
    if (!row) return null;
    return {
      state: new Uint8Array(row.state),
      baseRevisionId: row.baseRevisionId,
      editorIds: parseIds(row.editorIds),
      updatedAt: row.updatedAt,
    };
  }

  save(pageId: string, doc: Omit<StoredDoc, 'updatedAt'>): void {
    const values = {
      state: Buffer.from(doc.state),
      baseRevisionId: doc.baseRevisionId,
      editorIds: JSON.stringify(doc.editorIds),
      updatedAt: new Date(),
    };
    this.db
      .insert(coeditDocs)
      .values({ pageId, ...values })
      .onConflictDoUpdate({ target: coeditDocs.pageId, set: values })
      .run();
  }

  delete(pageId: string): void {
    this.db.delete(coeditDocs).where(eq(coeditDocs.pageId, pageId)).run();
  }

  revisionBody(revisionId: string): string | null {
    const row = this.db
      .select({ body: revisions.body })
      .from(revisions)
      .where(eq(revisions.id, revisionId))
      .get();
    return row?.body ?? null;
  }
}
