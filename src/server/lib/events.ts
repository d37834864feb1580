// The in-process event bus between modules: the pages service emits, search, notifications and
// live updates subscribe; no module calls another directly for side effects.
import { EventEmitter } from 'node:events';
import type { SharingState } from '../../shared/sharing';
import type { DiskSpace } from '../../shared/disk-types';

export interface PageEvent {
  pageId: string;
  path: string;
  userId: string | null;
  /**
   * Part of a bulk change rather than the page a user acted on: a page below the one moved,
   * trashed or duplicated, or a page of an import. Indexes follow it; global notifications (which
   * tell about the page acted on, as GROWI's do) skip it.
   */
  cascade?: boolean;
}

/**
 * Every change to a page's path, body or existence is announced here, once per page (a subtree
 * move announces each moved page). Listeners must be cheap: queue work and do it later, never
 * block the request that changed the page.
 */
export interface QuireEvents {
  'page:created': [PageEvent];
  'page:updated': [PageEvent & { revisionId: string }];
  /** Renamed or moved (also into and out of the trash): `path` is the new path. */
  'page:moved': [PageEvent & { oldPath: string }];
  /**
   * Deleted completely (gone from the database); a move to the trash is a `page:moved`. `grant`
   * is the grant it had, for listeners that can no longer read the page.
   */
  'page:deleted': [PageEvent & { grant?: number }];
  /** Who may read the page changed (its grant or granted groups), not its body. */
  'page:grant-changed': [PageEvent];
  /** A page's tags changed (issue 7): search re-reads the page. */
  'page:tags-updated': [PageEvent];
  'comment:created': [PageEvent & { commentId: string }];
  /** Someone liked a page (not when they liked it already): its subscribers are told (issue 14). */
  'page:liked': [PageEvent];
  'user:created': [{ userId: string }];
  /** Share on LAN was switched (issue 16): the desktop's tray and menu follow. */
  'sharing:changed': [SharingState];
  /**
   * Work outside a request could not write (issue 26): logged, and a full disk is told to the disk
   * watch. `what` says what happened to the data (kept for a later try, or dropped).
   */
  'background:failed': [{ what: string; err: unknown }];
  /** The data folder's disk became low, full or fine again (modules/health/disk-watch.ts). */
  'disk:changed': [DiskSpace];
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof QuireEvents>(name: K, ...args: QuireEvents[K]): void {
    this.emitter.emit(name, ...args);
  }

  on<K extends keyof QuireEvents>(name: K, listener: (...args: QuireEvents[K]) => void): () => void {
    this.emitter.on(name, listener as (...a: unknown[]) => void);
    return () => this.emitter.off(name, listener as (...a: unknown[]) => void);
  }
}
