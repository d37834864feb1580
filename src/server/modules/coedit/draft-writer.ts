// How an open room's draft reaches the database. Each write appends what changed since the last
// one as a single Yjs update; the whole document is encoded only every WHOLE_EVERY writes and when
// its base revision changes. Encoding the whole document at every write (a few times a second
// while people type) cost as much as the document is long: after ten minutes of ten people typing
// it was a third of what held the server's thread longest in the 200-user soak (issue 32).
import * as Y from 'yjs';
import type { CoeditStore, StoredDoc } from './store';

/** Updates appended after a whole write before the next write is whole again (load applies them all). */
const WHOLE_EVERY = 100;

export class DraftWriter {
  /** Changes since the last successful write, kept until one succeeds (a full disk, issue 26). */
  private unsaved: Uint8Array[] = [];
  /** Updates in the database after its whole state. */
  private appended: number;
  /** The base revision the database's row names; null before the first write. */
  private writtenBase: string | null;
  private writtenEditors: string;
  private readonly collect = (update: Uint8Array) => {
    this.unsaved.push(update);
  };

  /** `stored`: what `doc` was loaded from (already applied), or null for a new draft. */
  constructor(
    private readonly pageId: string,
    private readonly doc: Y.Doc,
    private readonly store: CoeditStore,
    stored: StoredDoc | null,
  ) {
    this.appended = stored?.updates.length ?? 0;
    this.writtenBase = stored?.baseRevisionId ?? null;
    this.writtenEditors = JSON.stringify(stored?.editorIds ?? []);
    doc.on('update', this.collect);
  }

  /** Writes the draft as it is now; throws when the database refuses (the changes stay queued). */
  write(baseRevisionId: string, editorIds: string[]): void {
    const editors = JSON.stringify(editorIds);
    const whole =
      this.writtenBase !== baseRevisionId ||
      this.appended >= WHOLE_EVERY ||
      !this.appendChanges(editorIds, editors);
    if (whole) {
      this.store.save(this.pageId, { state: Y.encodeStateAsUpdate(this.doc), baseRevisionId, editorIds });
      this.appended = 0;
      this.writtenBase = baseRevisionId;
    }
    this.writtenEditors = editors;
    this.unsaved = [];
  }

  /** Appends the changes (or who typed, when only that changed); false when it must be written whole. */
  private appendChanges(editorIds: string[], editors: string): boolean {
    if (this.unsaved.length === 0 && editors === this.writtenEditors) return true;
    const update = this.unsaved.length === 0 ? null : Y.mergeUpdates(this.unsaved);
    if (!this.store.append(this.pageId, update, editorIds)) return false;
    if (update) this.appended += 1;
    return true;
  }

  /** Stops listening (the room is closing). */
  destroy(): void {
    this.doc.off('update', this.collect);
  }
}

/** Applies a stored draft to `doc`: the whole state, then the updates in the order they were written. */
export function applyStored(doc: Y.Doc, stored: StoredDoc, origin?: unknown): void {
  Y.applyUpdate(doc, stored.state, origin);
  for (const update of stored.updates) Y.applyUpdate(doc, update, origin);
}
