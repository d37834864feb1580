// Co-editing: one Yjs document per page, shared by the members of its room, persisted in SQLite
// (so a draft survives a server restart and a browser crash), saved as a normal revision through
// the pages service (with its revision check), reconciled when the page is saved elsewhere.
import * as Y from 'yjs';
import type { EventBus, PageEvent } from '../../lib/events';
import { AppError, notFoundOrForbidden } from '../../lib/app-error';
import { MAX_BODY_LENGTH } from '../../../shared/contracts/pages';
import { canEditPage, canReadPage, type AccessContext } from '../../policies/page-access';
import type { PagesService } from '../pages/service';
import type { UsersService } from '../users/service';
import { COEDIT_TEXT } from '../../../shared/coedit-protocol';
import type { Page, UserSummary } from '../../../shared/api-types';
import { SOCKET_CLOSE, type CoeditStatusResponse } from '../../../shared/realtime-types';
import { CoeditRoom, SERVER_ORIGIN, type RoomMember } from './room';
import { draftStatus } from './status';
import { applyStored, DraftWriter } from './draft-writer';
import type { CoeditStore } from './store';

/** Changes are written at most this long after they arrive (and at once on save, leave, close). */
const PERSIST_DELAY_MS = 300;
/** A draft that could not be written (a full disk) is tried again this often, kept in memory meanwhile. */
const PERSIST_RETRY_MS = 5_000;
/** Members are re-checked this often even when they send nothing (a grant changed, a user suspended). */
const SWEEP_INTERVAL_MS = 15_000;

export type AccessVerdict = 'ok' | 'forbidden' | 'gone';

export class CoeditService {
  private readonly rooms = new Map<string, CoeditRoom>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly writers = new Map<string, DraftWriter>();
  private readonly unsubscribe: (() => void)[];
  private readonly sweep: NodeJS.Timeout;
  private closing = false;

  constructor(
    private readonly store: CoeditStore,
    private readonly pages: PagesService,
    private readonly users: UsersService,
    private readonly events: EventBus,
  ) {
    this.unsubscribe = [
      // After the save's transaction: the drafts are written through a connection of their own.
      events.on('page:updated', (e) => this.store.afterMainCommit(() => this.onOutsideSave(e))),
      events.on('page:moved', (e) => this.recheckRoom(e.pageId)),
      events.on('page:deleted', (e) => this.recheckRoom(e.pageId)),
    ];
    this.sweep = setInterval(() => {
      for (const pageId of this.rooms.keys()) this.recheckRoom(pageId);
    }, SWEEP_INTERVAL_MS).unref();
  }

  /** May this access co-edit the page now? `gone`: deleted or in the trash. */
  verdict(access: AccessContext, pageId: string): AccessVerdict {
    const page = this.pages.facts(pageId);
    if (!page || page.status !== 'published' || page.isEmpty) return 'gone';
    return canEditPage(access, page) ? 'ok' : 'forbidden';
  }

  /** 404 unless the page exists and the viewer may edit it (checked before the socket upgrades). */
  assertCanJoin(access: AccessContext, pageId: string): void {
    if (this.verdict(access, pageId) !== 'ok') throw notFoundOrForbidden();
  }

  join(pageId: string, member: RoomMember): CoeditRoom {
    const room = this.room(pageId);
    room.join(member);
    const status = this.statusOf(room);
    room.lastToldStatus = `${status.status}|${status.baseRevisionId}|${status.latestRevisionId}`;
    room.sendTo(member, JSON.stringify({ type: 'status', ...status }));
    return room;
  }

  leave(pageId: string, member: RoomMember): void {
    const room = this.rooms.get(pageId);
    if (!room) return;
    room.leave(member);
    if (room.members.size === 0) this.unload(room);
  }

  /** Applies a member's frame after re-checking its access; closes its socket when refused. */
  receive(room: CoeditRoom, member: RoomMember, data: Uint8Array): void {
    const verdict = this.verdict(member.access(), room.pageId);
    if (verdict !== 'ok') return this.kick(member, verdict);
    try {
      room.receive(member, data);
    } catch {
      member.socket.close(1003, 'malformed message');
    }
  }

  status(access: AccessContext, pageId: string): CoeditStatusResponse {
    const page = this.pages.facts(pageId);
    if (!page || !canReadPage(access, page)) throw notFoundOrForbidden();
    const room = this.rooms.get(pageId);
    if (room) {
      const { status, baseRevisionId, latestRevisionId } = this.statusOf(room);
      return { status, baseRevisionId, latestRevisionId, editors: editorsOf(room), updatedAt: null };
    }
    const stored = this.store.load(pageId);
    const latestRevisionId = page.revisionId;
    if (!stored)
      return { status: 'new', baseRevisionId: null, latestRevisionId, editors: [], updatedAt: null };
    const doc = new Y.Doc();
    applyStored(doc, stored);
    const text = doc.getText(COEDIT_TEXT).toString();
    doc.destroy();
    const status = draftStatus({
      text,
      baseRevisionId: stored.baseRevisionId,
      baseBody: this.store.revisionBody(stored.baseRevisionId),
      latestRevisionId,
      latestBody: latestRevisionId ? this.store.revisionBody(latestRevisionId) : null,
    });
    return {
      status,
      baseRevisionId: stored.baseRevisionId,
      latestRevisionId,
      editors: [],
      updatedAt: stored.updatedAt.toISOString(),
    };
  }

  /**
   * Saves the shared text as a revision by `access.viewer`, listing the others who typed. 409 when
   * the page was saved elsewhere since the draft started, unless `overwrite`.
   */
  save(access: AccessContext & { viewer: { id: string } }, pageId: string, overwrite: boolean): Page {
    this.assertCanJoin(access, pageId);
    const room = this.room(pageId);
    try {
      const body = room.text.toString();
      // The same limit as a save through PUT /page (the shared text has no request to validate).
      if (body.length > MAX_BODY_LENGTH) throw new AppError(413, 'too_large', 'errors.too_large');
      const latest = this.pages.facts(pageId)?.revisionId ?? room.baseRevisionId;
      room.saving = true;
      const page = this.pages.update(access, {
        pageId,
        revisionId: overwrite ? latest : room.baseRevisionId,
        body,
        coeditorIds: [...room.editorIds],
      });
      room.baseRevisionId = page.revision._id;
      room.baseBody = body;
      room.editorIds.clear();
      this.persist(room);
      room.tell({ type: 'saved', revisionId: page.revision._id, user: page.revision.author });
      this.tellStatus(room);
      return page;
    } finally {
      room.saving = false;
      if (room.members.size === 0) this.unload(room);
    }
  }

  /** Drops the draft: the shared text becomes the latest saved version. */
  discard(access: AccessContext, pageId: string): CoeditStatusResponse {
    this.assertCanJoin(access, pageId);
    const room = this.room(pageId);
    const latest = this.pages.facts(pageId)?.revisionId;
    if (latest) this.rebase(room, latest, this.store.revisionBody(latest) ?? '');
    room.editorIds.clear();
    this.persist(room);
    this.tellStatus(room);
    const answer = this.status(access, pageId);
    if (room.members.size === 0) this.unload(room);
    return answer;
  }

  /** Writes every open document and closes every session (server shutdown). */
  close(): void {
    this.closing = true;
    clearInterval(this.sweep);
    for (const off of this.unsubscribe) off();
    for (const room of [...this.rooms.values()]) {
      for (const member of room.members) member.socket.close(SOCKET_CLOSE.goingAway, 'server shutting down');
      this.unload(room);
    }
    this.store.close();
  }

  get openRooms(): number {
    return this.rooms.size;
  }

  private room(pageId: string): CoeditRoom {
    const open = this.rooms.get(pageId);
    if (open) return open;
    const page = this.pages.facts(pageId);
    if (!page?.revisionId) throw notFoundOrForbidden();
    const latestBody = this.store.revisionBody(page.revisionId) ?? '';
    const stored = this.store.load(pageId);
    const baseRevisionId = stored?.baseRevisionId ?? page.revisionId;
    const baseBody = stored ? (this.store.revisionBody(baseRevisionId) ?? '') : latestBody;
    const room = new CoeditRoom(pageId, baseRevisionId, baseBody, () => this.schedulePersist(room));
    if (stored) applyStored(room.doc, stored, SERVER_ORIGIN);
    this.writers.set(pageId, new DraftWriter(pageId, room.doc, this.store, stored));
    if (stored) {
      for (const id of stored.editorIds) room.editorIds.add(id);
      // Saved elsewhere while nobody co-edited, and no unsaved changes: follow the saved version.
      if (baseRevisionId !== page.revisionId && room.text.toString() === baseBody) {
        this.rebase(room, page.revisionId, latestBody);
      }
    } else {
      room.doc.transact(() => room.text.insert(0, latestBody), SERVER_ORIGIN);
    }
    this.rooms.set(pageId, room);
    return room;
  }

  private rebase(room: CoeditRoom, revisionId: string, body: string): void {
    room.replaceText(body);
    room.baseRevisionId = revisionId;
    room.baseBody = body;
  }

  private statusOf(room: CoeditRoom) {
    const latestRevisionId = this.pages.facts(room.pageId)?.revisionId ?? null;
    const outdated = latestRevisionId !== room.baseRevisionId;
    const status = draftStatus({
      text: room.text,
      baseRevisionId: room.baseRevisionId,
      baseBody: room.baseBody,
      latestRevisionId,
      latestBody: outdated && latestRevisionId ? this.store.revisionBody(latestRevisionId) : null,
    });
    return { status, baseRevisionId: room.baseRevisionId, latestRevisionId };
  }

  /** A save that did not come from this session: reload when there is no draft, else keep and warn. */
  private onOutsideSave(e: PageEvent & { revisionId: string }): void {
    const room = this.rooms.get(e.pageId);
    if (!room || room.saving) return;
    const body = this.store.revisionBody(e.revisionId) ?? '';
    const clean = room.text.toString() === room.baseBody;
    if (clean) {
      this.rebase(room, e.revisionId, body);
      room.editorIds.clear();
    }
    this.persist(room);
    const user = this.userSummary(e.userId);
    room.tell({
      type: 'outside-edit',
      edit: { revisionId: e.revisionId, user, outcome: clean ? 'reloaded' : 'kept' },
    });
    this.tellStatus(room);
    this.recheckRoom(e.pageId);
  }

  private recheckRoom(pageId: string): void {
    const room = this.rooms.get(pageId);
    if (!room) return;
    for (const member of [...room.members]) {
      const verdict = this.verdict(member.access(), pageId);
      if (verdict !== 'ok') this.kick(member, verdict);
    }
  }

  private kick(member: RoomMember, verdict: Exclude<AccessVerdict, 'ok'>): void {
    const code = verdict === 'gone' ? SOCKET_CLOSE.pageGone : SOCKET_CLOSE.forbidden;
    member.socket.close(code, verdict);
  }

  private schedulePersist(room: CoeditRoom): void {
    if (this.timers.has(room.pageId)) return;
    this.timers.set(
      room.pageId,
      setTimeout(() => this.persist(room), PERSIST_DELAY_MS),
    );
  }

  /**
   * Writes the room's draft; false when it could not be written (issue 26: a full disk). Never
   * throws — it runs from timers and socket events — and keeps the draft in memory, trying again
   * until it is written.
   */
  private persist(room: CoeditRoom): boolean {
    clearTimeout(this.timers.get(room.pageId));
    this.timers.delete(room.pageId);
    if (this.rooms.get(room.pageId) !== room) return true;
    try {
      if (!this.pages.facts(room.pageId)) return true;
      this.writers.get(room.pageId)?.write(room.baseRevisionId, [...room.editorIds]);
    } catch (err) {
      this.events.emit('background:failed', {
        what: 'co-editing draft kept in memory, to be written later',
        err,
      });
      this.timers.set(
        room.pageId,
        setTimeout(
          () => (room.members.size === 0 ? this.unload(room) : this.persist(room)),
          PERSIST_RETRY_MS,
        ),
      );
      return false;
    }
    // Typing turns a synced text into a draft (and undoing back into synced): tell the members.
    if (room.members.size > 0) this.tellStatus(room);
    return true;
  }

  /** Sends the status frame when it differs from the last one sent. */
  private tellStatus(room: CoeditRoom): void {
    const status = this.statusOf(room);
    const key = `${status.status}|${status.baseRevisionId}|${status.latestRevisionId}`;
    if (key === room.lastToldStatus) return;
    room.lastToldStatus = key;
    room.tell({ type: 'status', ...status });
  }

  /** Closes a room nobody is in; a draft that cannot be written yet keeps it open until it is. */
  private unload(room: CoeditRoom): void {
    if (!this.persist(room) && !this.closing) return;
    this.rooms.delete(room.pageId);
    this.writers.get(room.pageId)?.destroy();
    this.writers.delete(room.pageId);
    room.destroy();
  }

  private userSummary(userId: string | null): UserSummary | null {
    const user = userId ? this.users.findById(userId) : undefined;
    return user ? { _id: user.id, username: user.username, name: user.name } : null;
  }
}

function editorsOf(room: CoeditRoom): UserSummary[] {
  const byId = new Map<string, UserSummary>();
  for (const member of room.members) byId.set(member.user._id, member.user);
  return [...byId.values()];
}
