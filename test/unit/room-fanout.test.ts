// A co-editing room sends a tick's updates as one merged frame and cursors at most every
// AWARENESS_INTERVAL_MS (issue 32 §4): what each member receives must still be everything.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { AWARENESS_INTERVAL_MS, RoomFanout } from '../../src/server/modules/coedit/room-fanout';

type Sent = { data: Uint8Array; except?: string };

function fanout() {
  const sent: Sent[] = [];
  const room = new RoomFanout<string>(
    (data, except) => sent.push({ data, except }),
    (update) => update,
    (ids) => new Uint8Array(ids),
  );
  return { room, sent };
}

/** One keystroke of an editor's own document, as the update it makes. */
function keystroke(doc: Y.Doc, text: string): Uint8Array {
  let update: Uint8Array = new Uint8Array();
  doc.once('update', (u: Uint8Array) => (update = u));
  doc.getText('t').insert(0, text);
  return update;
}

const nextTick = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('a room fan-out', () => {
  it('sends one tick of one editor’s keystrokes as one frame, not back to them', async () => {
    const { room, sent } = fanout();
    const doc = new Y.Doc();
    room.update(keystroke(doc, 'a'), 'ann');
    room.update(keystroke(doc, 'b'), 'ann');
    expect(sent).toEqual([]);
    await nextTick();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.except).toBe('ann');
    const peer = new Y.Doc();
    Y.applyUpdate(peer, sent[0]!.data);
    expect(peer.getText('t').toString()).toBe('ba');
  });

  it('sends several editors’ updates of a tick to everyone, each update once', async () => {
    const { room, sent } = fanout();
    room.update(keystroke(new Y.Doc(), 'x'), 'ann');
    room.update(keystroke(new Y.Doc(), 'y'), 'bob');
    room.flushUpdates();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.except).toBeUndefined();
    const peer = new Y.Doc();
    Y.applyUpdate(peer, sent[0]!.data);
    expect(peer.getText('t').length).toBe(2);
    await nextTick();
    expect(sent).toHaveLength(1);
  });

  it('gathers cursor moves and sends them at most every interval', () => {
    vi.useFakeTimers();
    const { room, sent } = fanout();
    room.awareness([1]);
    vi.advanceTimersByTime(0);
    expect(sent.map((s) => [...s.data])).toEqual([[1]]);
    room.awareness([2]);
    room.awareness([1, 2]);
    vi.advanceTimersByTime(AWARENESS_INTERVAL_MS - 1);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent.map((s) => [...s.data])).toEqual([[1], [2, 1]]);
  });

  it('sends nothing after the room is gone', async () => {
    const { room, sent } = fanout();
    room.update(keystroke(new Y.Doc(), 'a'), 'ann');
    room.awareness([1]);
    room.destroy();
    await new Promise((resolve) => setTimeout(resolve, AWARENESS_INTERVAL_MS + 10));
    expect(sent).toEqual([]);
  });
});
