// The live events' frames: each browser gets its own messages of a frame, in order, in one write;
// browsers told the same share the encoding; the writes go out in slices.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAME_MS, FrameOutbox, SOCKETS_PER_SLICE } from '../../src/server/modules/realtime/frame-outbox';

class FakeSocket {
  readyState = 1;
  readonly frames: Buffer[] = [];
  send(data: Buffer, options: { binary: boolean }): void {
    expect(options.binary).toBe(false);
    this.frames.push(data);
  }
  get texts(): string[] {
    return this.frames.map((f) => f.toString('utf8'));
  }
}
const browser = () => ({ socket: new FakeSocket() });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('live event frames', () => {
  it('gives each browser only its messages, in order, one message alone or several as an array', () => {
    const outbox = new FrameOutbox<ReturnType<typeof browser>>();
    const [all, some, one] = [browser(), browser(), browser()];
    const a = outbox.add('"a"');
    for (const b of [all, some, one]) outbox.tell(b, a);
    const secret = outbox.add('"secret"');
    outbox.tell(all, secret);
    const c = outbox.add('"c"');
    outbox.tell(all, c);
    outbox.tell(some, c);
    vi.advanceTimersByTime(FRAME_MS - 1);
    expect(all.socket.frames).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(all.socket.texts).toEqual(['["a","secret","c"]']);
    expect(some.socket.texts).toEqual(['["a","c"]']);
    expect(one.socket.texts).toEqual(['"a"']);
  });

  it('encodes a frame once for every browser told the same', () => {
    const outbox = new FrameOutbox<ReturnType<typeof browser>>();
    const browsers = [browser(), browser(), browser()];
    for (const text of ['"x"', '"y"']) {
      const message = outbox.add(text);
      for (const b of browsers) outbox.tell(b, message);
    }
    vi.advanceTimersByTime(FRAME_MS);
    const [first, ...others] = browsers.map((b) => b.socket.frames[0]);
    for (const frame of others) expect(frame).toBe(first);
  });

  it('writes many browsers in slices, each getting its frames in order', () => {
    const outbox = new FrameOutbox<ReturnType<typeof browser>>();
    const browsers = Array.from({ length: SOCKETS_PER_SLICE * 2 + 5 }, browser);
    const tellAll = (text: string) => {
      const message = outbox.add(text);
      for (const b of browsers) outbox.tell(b, message);
    };
    tellAll('"first"');
    vi.advanceTimersByTime(FRAME_MS); // the first slice is written, the rest waits for the loop
    expect(browsers.filter((b) => b.socket.frames.length === 1)).toHaveLength(SOCKETS_PER_SLICE);
    tellAll('"second"');
    vi.advanceTimersByTime(FRAME_MS * 2);
    for (const b of browsers) expect(b.socket.texts).toEqual(['"first"', '"second"']);
  });

  it('writes nothing to a browser that closed or was forgotten', () => {
    const outbox = new FrameOutbox<ReturnType<typeof browser>>();
    const [gone, closed, open] = [browser(), browser(), browser()];
    outbox.add('"told to nobody"');
    const m = outbox.add('"m"');
    for (const b of [gone, closed, open]) outbox.tell(b, m);
    outbox.forget(gone);
    closed.socket.readyState = 3;
    vi.advanceTimersByTime(FRAME_MS);
    expect(gone.socket.frames).toHaveLength(0);
    expect(closed.socket.frames).toHaveLength(0);
    expect(open.socket.texts).toEqual(['"m"']);
  });
});
