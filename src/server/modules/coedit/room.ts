// One page's co-editing session in memory: its Y.Doc, the awareness (who is here, cursors), and
// the sockets of its members. Changes from one member go to all the others, gathered per tick
// (room-fanout.ts); the service persists.
import * as Y from 'yjs';
import { Awareness, removeAwarenessStates } from 'y-protocols/awareness';
import {
  applyMessage,
  COEDIT_TEXT,
  encodeAwareness,
  encodeSyncStep1,
  encodeUpdate,
  textChange,
  userColor,
} from '../../../shared/coedit-protocol';
import type { AccessContext } from '../../policies/page-access';
import type { UserSummary } from '../../../shared/api-types';
import type { CoeditServerMessage } from '../../../shared/realtime-types';
import { RoomFanout } from './room-fanout';

/** What the room needs of a socket (the `ws` WebSocket fits). */
export interface CoeditSocket {
  readonly readyState: number;
  send(data: Uint8Array | string): void;
  close(code?: number, reason?: string): void;
}

export interface RoomMember {
  socket: CoeditSocket;
  user: UserSummary;
  /** The member's access as it is now (re-read on every message and page event). */
  access: () => AccessContext;
  /** Awareness client ids this socket controls, removed when it leaves. */
  awarenessIds: Set<number>;
}

interface AwarenessChange {
  added: number[];
  updated: number[];
  removed: number[];
}

const OPEN = 1;
/** Transaction origin of the server's own edits (an outside save replacing the text). */
export const SERVER_ORIGIN = Symbol('server');

export class CoeditRoom {
  readonly doc = new Y.Doc({ gc: true });
  readonly text = this.doc.getText(COEDIT_TEXT);
  readonly awareness = new Awareness(this.doc);
  readonly members = new Set<RoomMember>();
  /** Users who typed since the base revision: the co-editors of the next save. */
  readonly editorIds = new Set<string>();
  /** Set while the service saves, so the page:updated of our own save is not an outside edit. */
  saving = false;
  /** The last status frame sent to the members (they hear only changes). */
  lastToldStatus = '';
  private readonly fanout = new RoomFanout<RoomMember>(
    (data, except) => this.broadcast(data, except),
    encodeUpdate,
    (clientIds) => encodeAwareness(this.awareness, clientIds),
  );

  constructor(
    readonly pageId: string,
    public baseRevisionId: string,
    public baseBody: string,
    private readonly onChange: () => void,
  ) {
    this.awareness.setLocalState(null); // the server is nobody's cursor
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      const member = this.memberOf(origin);
      if (member) this.editorIds.add(member.user._id);
      this.fanout.update(update, member);
      this.onChange();
    });
    this.awareness.on('update', (change: AwarenessChange, origin: unknown) => {
      const member = this.memberOf(origin);
      if (member) this.stampUser(member, change);
      this.fanout.awareness([...change.added, ...change.updated, ...change.removed]);
    });
  }

  join(member: RoomMember): void {
    this.members.add(member);
    this.sendTo(member, encodeSyncStep1(this.doc));
    const present = [...this.awareness.getStates().keys()];
    if (present.length > 0) this.sendTo(member, encodeAwareness(this.awareness, present));
  }

  /** Applies a frame from a member; throws on a malformed one. */
  receive(member: RoomMember, data: Uint8Array): void {
    const { reply } = applyMessage(data, this.doc, this.awareness, member);
    if (reply) this.sendTo(member, reply);
  }

  leave(member: RoomMember): void {
    this.members.delete(member);
    if (member.awarenessIds.size > 0) removeAwarenessStates(this.awareness, [...member.awarenessIds], null);
  }

  /** Replaces the shared text (an outside save, a discarded draft) with the smallest edit. */
  replaceText(body: string): void {
    const change = textChange(this.text.toString(), body);
    if (change.remove === 0 && change.insert === '') return;
    this.doc.transact(() => {
      if (change.remove > 0) this.text.delete(change.index, change.remove);
      if (change.insert) this.text.insert(change.index, change.insert);
    }, SERVER_ORIGIN);
  }

  tell(message: CoeditServerMessage): void {
    this.fanout.flushUpdates();
    this.broadcast(JSON.stringify(message));
  }

  sendTo(member: RoomMember, data: Uint8Array | string): void {
    if (member.socket.readyState === OPEN) member.socket.send(data);
  }

  destroy(): void {
    this.fanout.destroy();
    this.awareness.destroy();
    this.doc.destroy();
  }

  private broadcast(data: Uint8Array | string, except?: RoomMember): void {
    for (const member of this.members) if (member !== except) this.sendTo(member, data);
  }

  private memberOf(origin: unknown): RoomMember | undefined {
    return this.members.has(origin as RoomMember) ? (origin as RoomMember) : undefined;
  }

  /**
   * Presence shows who the server knows a socket to be, never a name the client made up: each
   * awareness client id belongs to the member that first announced it, and its state carries
   * that member's user whoever sent the update.
   */
  private stampUser(member: RoomMember, { added, updated, removed }: AwarenessChange): void {
    for (const id of added) if (!this.ownerOf(id)) member.awarenessIds.add(id);
    for (const id of removed) member.awarenessIds.delete(id);
    for (const id of [...added, ...updated]) {
      const state = this.awareness.getStates().get(id);
      const owner = this.ownerOf(id) ?? member;
      if (!state) continue;
      const color = userColor(owner.user._id);
      state.user = {
        id: owner.user._id,
        name: owner.user.name,
        username: owner.user.username,
        color,
        colorLight: color.replace('45%)', '85%)'),
      };
    }
  }

  private ownerOf(id: number): RoomMember | undefined {
    for (const member of this.members) if (member.awarenessIds.has(id)) return member;
    return undefined;
  }
}
