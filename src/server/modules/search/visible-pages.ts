// Which indexed documents a viewer may find, as one byte per document id, kept per viewer and
// updated in place as pages change. What the policy says of a page depends only on its grant facts
// and on who is asking, so a search for a frequent word (most of a 100k wiki) reads one flat array
// per hit instead of asking the policy 100k times.
//
// The policy reads a signed-in viewer's id only to compare it with a page's creator. So the masks
// of viewers alike in all else (admin, read-only, groups) share one mask decided by the policy,
// and a viewer's own mask is that mask copied, with the pages they created decided again: at 200
// users the 32 kept masks no longer make every search decide the whole wiki (issue 32 §2).
import { canListPage, type AccessContext } from '../../policies/page-access';
import type { FactsTable } from './facts-table';
import { FLAG_ALIVE, FLAG_TRASH } from './facts-table';

/** Listed for the viewer, outside the trash. */
export const VISIBLE = 1;
/** Listed for the viewer, in the trash (found only when a query asks for /trash). */
export const VISIBLE_IN_TRASH = 2;

/** Viewers whose masks are kept (100 KB each at 100k pages); the least recently used go first. */
const MAX_VIEWERS = 32;
/** Kinds of viewer (admin, read-only, groups) whose shared masks are kept, likewise. */
const MAX_KINDS = 32;
/** No page's creator: the stand-in viewer of a kind, whose id matches none. */
const NOBODY = '';

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
  /** Shared masks by kind of viewer, decided for a stand-in who created nothing. */
  private readonly kinds = new Map<string, View>();

  constructor(private readonly facts: FactsTable) {}

  /** The viewer's mask by document id (VISIBLE, VISIBLE_IN_TRASH or 0); read it, never change it. */
  maskFor(access: AccessContext, size: number): Uint8Array {
    const view = kept(this.views, viewerKey(access), access, MAX_VIEWERS);
    if (view.mask.length < size) {
      const viewer = access.viewer;
      if (viewer) this.fillFromKind(view, viewer.id, size);
      else this.fill(view, size);
    }
    return view.mask;
  }

  /** A document's facts changed (added, cleared): every kept mask learns it. */
  changed(docId: number): void {
    for (const views of [this.views, this.kinds]) {
      for (const view of views.values()) {
        if (docId < view.mask.length) view.mask[docId] = this.decide(view.access, docId);
      }
    }
  }

  /** Forgets every mask (a new index replaces the old one). */
  clear(): void {
    this.views.clear();
    this.kinds.clear();
  }

  private fill(view: View, size: number): void {
    const from = view.mask.length;
    const mask = new Uint8Array(Math.max(size, Math.ceil(from * 1.5)));
    mask.set(view.mask);
    for (let docId = from; docId < mask.length; docId++) mask[docId] = this.decide(view.access, docId);
    view.mask = mask;
  }

  /** A signed-in viewer's mask: their kind's, with the documents they created decided for them. */
  private fillFromKind(view: View, viewerId: string, size: number): void {
    const from = view.mask.length;
    const length = Math.max(size, Math.ceil(from * 1.5));
    const standIn = { ...view.access, viewer: { ...view.access.viewer!, id: NOBODY } };
    const kind = kept(this.kinds, viewerKey(standIn), standIn, MAX_KINDS);
    if (kind.mask.length < length) this.fill(kind, length);
    const mask = new Uint8Array(length);
    mask.set(view.mask);
    mask.set(kind.mask.subarray(from, length), from);
    // The viewer's own documents from their author's list: scanning every document's author for
    // them was 2.8 % of the server's thread at 200 users, whose masks outnumber the kept ones and
    // are mostly made afresh (issue 32).
    const own = this.facts.creatorNumber(viewerId);
    if (own !== 0) {
      for (const docId of this.facts.docsBy(own)) {
        if (docId >= from && docId < length) mask[docId] = this.decide(view.access, docId);
      }
    }
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

/** The view kept under `key`, made the most recently used; a new empty one, pushing out the oldest. */
function kept(views: Map<string, View>, key: string, access: AccessContext, max: number): View {
  let view = views.get(key);
  if (view) {
    views.delete(key); // re-inserted below: Map order is recency
  } else {
    view = { access, mask: new Uint8Array(0) };
    if (views.size >= max) {
      const oldest = views.keys().next().value;
      if (oldest !== undefined) views.delete(oldest);
    }
  }
  views.set(key, view);
  return view;
}
