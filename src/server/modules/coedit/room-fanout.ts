// What a room sends to its members, gathered (issue 32 §4). Document updates that arrive in one
// tick go out as one merged update, encoded once for every member; awareness changes (cursors,
// selections, who is here) at most every AWARENESS_INTERVAL_MS. With 50 editors typing, a member
// gets a frame per tick instead of one per keystroke of each of the 49 others.
import * as Y from 'yjs';

/** Cursors move on every keystroke; others see them this often at most. */
export const AWARENESS_INTERVAL_MS = 50;

interface Gathered<M> {
  update: Uint8Array;
  from: M | undefined;
}

export class RoomFanout<M> {
  private updates: Gathered<M>[] = [];
  private updateTick: NodeJS.Immediate | null = null;
  private readonly awarenessIds = new Set<number>();
  private awarenessTimer: NodeJS.Timeout | null = null;
  private lastAwarenessAt = 0;

  constructor(
    /** Sends one frame to every member but `except`. */
    private readonly broadcast: (data: Uint8Array, except?: M) => void,
    private readonly encodeUpdate: (update: Uint8Array) => Uint8Array,
    private readonly encodeAwareness: (clientIds: number[]) => Uint8Array,
  ) {}

  /** A document update from a member (or the server): sent with the others of this tick. */
  update(update: Uint8Array, from: M | undefined): void {
    this.updates.push({ update, from });
    this.updateTick ??= setImmediate(() => this.flushUpdates());
  }

  /** Awareness states that changed: sent together, at most every AWARENESS_INTERVAL_MS. */
  awareness(clientIds: number[]): void {
    for (const id of clientIds) this.awarenessIds.add(id);
    if (this.awarenessTimer) return;
    const wait = Math.max(0, this.lastAwarenessAt + AWARENESS_INTERVAL_MS - Date.now());
    this.awarenessTimer = setTimeout(() => this.flushAwareness(), wait);
  }

  /** Sends the gathered updates now: before any other frame, so members hear things in order. */
  flushUpdates(): void {
    if (this.updateTick) clearImmediate(this.updateTick);
    this.updateTick = null;
    const batch = this.updates;
    if (batch.length === 0) return;
    this.updates = [];
    const from = batch[0]!.from;
    const merged = batch.length === 1 ? batch[0]!.update : Y.mergeUpdates(batch.map((g) => g.update));
    // From one member: not back to them. From several: everyone gets the one frame, and Yjs
    // ignores what a member already has (as y-websocket's server does).
    this.broadcast(this.encodeUpdate(merged), batch.every((g) => g.from === from) ? from : undefined);
  }

  destroy(): void {
    if (this.updateTick) clearImmediate(this.updateTick);
    if (this.awarenessTimer) clearTimeout(this.awarenessTimer);
    this.updates = [];
    this.awarenessIds.clear();
  }

  private flushAwareness(): void {
    this.awarenessTimer = null;
    this.lastAwarenessAt = Date.now();
    const ids = [...this.awarenessIds];
    this.awarenessIds.clear();
    if (ids.length > 0) this.broadcast(this.encodeAwareness(ids));
  }
}
