// Which indexed documents a viewer may find, as one byte per document id, kept per viewer and
// updated in place as pages change. What the policy says of a page depends only on its grant facts
// and on who is asking, so a search for a frequent word (most of a 100k wiki) reads one flat array
// per hit instead of asking the policy 100k times.
import { canListPage, type AccessContext } from '../../policies/page-access';
import type { FactsTable } from './facts-table';
import { FLAG_ALIVE, FLAG_TRASH } from './facts-table';

/** Listed for the viewer, outside the trash. */
export const VISIBLE = 1;
/** Listed for the viewer, in the trash (found only when a query asks for /trash). */
export const VISIBLE_IN_TRASH = 2;

/** Viewers whose masks are kept (100 KB each at 100k pages); the least recently used go first. */
const MAX_VIEWERS = 32;

interface View {
  access: AccessContext;
  mask: Uint8Array;
}

/** Everything canListPage reads of the context, so two contexts with one key see the same pages. */
export function viewerKey({ viewer, restrictGuestMode }: AccessContext): string {
  if (!viewer) return `guest:${restrictGuestMode}`;
  const groups = [...(viewer.groupIds ?? [])].sort().join(',');
  return `user:${viewer.id}:${viewer.admin ? 1 : 0}:${viewer.readOnly ? 1 : 0}:${groups}`;
}

export class VisiblePages {
  private readonly views = new Map<string, View>();

  constructor(private readonly facts: FactsTable) {}

  /** The viewer's mask by document id (VISIBLE, VISIBLE_IN_TRASH or 0); read it, never change it. */
  maskFor(access: AccessContext, size: number): Uint8Array {
    const key = viewerKey(access);
    let view = this.views.get(key);
    if (view) {
      this.views.delete(key); // re-inserted below: Map order is recency
    } else {
      view = { access, mask: new Uint8Array(0) };
      if (this.views.size >= MAX_VIEWERS) {
        const oldest = this.views.keys().next().value;
        if (oldest !== undefined) this.views.delete(oldest);
      }
    }
    if (view.mask.length < size) this.fill(view, size);
    this.views.set(key, view);
    return view.mask;
  }

  /** A document's facts changed (added, cleared): every kept mask learns it. */
  changed(docId: number): void {
    for (const view of this.views.values()) {
      if (docId < view.mask.length) view.mask[docId] = this.decide(view.access, docId);
    }
  }

  /** Forgets every mask (a new index replaces the old one). */
  clear(): void {
    this.views.clear();
  }

  private fill(view: View, size: number): void {
    const from = view.mask.length;
    const mask = new Uint8Array(Math.max(size, Math.ceil(from * 1.5)));
    mask.set(view.mask);
    for (let docId = from; docId < mask.length; docId++) mask[docId] = this.decide(view.access, docId);
    view.mask = mask;
  }

  private decide(access: AccessContext, docId: number): number {
    const flag = this.facts.flags[docId] ?? 0;
    if (!(flag & FLAG_ALIVE)) return 0;
    const facts = this.facts.get(docId);
    if (!facts || !canListPage(access, facts)) return 0;
    return flag & FLAG_TRASH ? VISIBLE_IN_TRASH : VISIBLE;
  }
}
