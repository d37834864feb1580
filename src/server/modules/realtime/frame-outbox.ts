// The live events' frames (issue 32 §2): the messages of up to FRAME_MS go to each browser in one
// frame (LiveServerFrame: the message, or an array of them), one socket write per browser per frame.
// At 200 users with 500 more tabs open every save is told to hundreds of browsers, so what a
// message costs per browser is kept to a few numbers: the frame's messages are kept once, and each
// browser remembers which of them are its own — a run [from, to) while it is told every message,
// as it nearly always is, or their indices once one passes it by. Browsers told the same run share
// one encoded frame, and the writes go out in slices with requests served between them.

/** What the outbox needs of a socket (the `ws` WebSocket fits). */
export interface FrameSocket {
  readonly readyState: number;
  /** Sent as a text frame (`binary: false`): one encoding shared by every browser told the same. */
  send(data: Buffer, options: { binary: boolean }): void;
}

interface Mine {
  /** This frame's messages for the browser: [from, to) of the frame, or `picked` once not a run. */
  from: number;
  to: number;
  picked: number[] | null;
}

const OPEN = 1;
/**
 * How long messages wait to share a frame. At 200 users with 500 more browsers open, sending a
 * frame per tick made socket writes a fifth of the server's CPU; at 100 ms they were still 5 %.
 * Four frames a second per browser at most is still immediate to a reader (a list or a "page
 * updated" notice; co-editing has its own socket), and the writes no longer grow with saves.
 */
export const FRAME_MS = 250;
/** Sockets written per turn of the event loop: 500 in one go held it for 20-40 ms. */
export const SOCKETS_PER_SLICE = 50;

export class FrameOutbox<Target extends { socket: FrameSocket }> {
  private messages: string[] = [];
  private readonly mine = new Map<Target, Mine>();
  private waiting: Target[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** Frames made but not yet written, in order: a later frame never overtakes an earlier one. */
  private unsent: [Target, Buffer][] = [];
  private writing = false;

  /** Keeps a message for this frame; `tell` it to each browser it is for, right away. */
  add(text: string): number {
    // No browser waits for a frame: the messages kept are nobody's (told to no one) and go.
    if (this.waiting.length === 0) this.messages.length = 0;
    this.messages.push(text);
    return this.messages.length - 1;
  }

  tell(target: Target, message: number): void {
    let mine = this.mine.get(target);
    if (!mine) {
      mine = { from: -1, to: -1, picked: null };
      this.mine.set(target, mine);
    }
    if (mine.from < 0) {
      mine.from = message;
      mine.to = message + 1;
      this.waiting.push(target);
    } else if (mine.picked) mine.picked.push(message);
    else if (mine.to === message) mine.to = message + 1;
    else {
      mine.picked = [];
      for (let i = mine.from; i < mine.to; i++) mine.picked.push(i);
      mine.picked.push(message);
    }
    this.timer ??= setTimeout(() => this.flush(), FRAME_MS).unref();
  }

  /** A closed browser: nothing more is made for it (frames already made are skipped when written). */
  forget(target: Target): void {
    const mine = this.mine.get(target);
    this.mine.delete(target);
    if (mine && mine.from >= 0) this.waiting = this.waiting.filter((t) => t !== target);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.messages = [];
    this.mine.clear();
    this.waiting = [];
    this.unsent = [];
  }

  private flush(): void {
    this.timer = null;
    const shared = new Map<string, Buffer>();
    for (const target of this.waiting) {
      const mine = this.mine.get(target);
      if (!mine) continue;
      if (mine.picked) this.unsent.push([target, this.encode(mine.picked.map((i) => this.messages[i]!))]);
      else {
        const key = `${mine.from}:${mine.to}`;
        let frame = shared.get(key);
        if (!frame) {
          frame = this.encode(this.messages.slice(mine.from, mine.to));
          shared.set(key, frame);
        }
        this.unsent.push([target, frame]);
      }
      mine.from = -1;
      mine.picked = null;
    }
    this.waiting = [];
    this.messages = [];
    if (!this.writing) this.writeSlice(0);
  }

  private encode(texts: string[]): Buffer {
    return Buffer.from(texts.length === 1 ? texts[0]! : `[${texts.join(',')}]`);
  }

  /** Writes SOCKETS_PER_SLICE frames from `from`, then the rest after the requests waiting meanwhile. */
  private writeSlice(from: number): void {
    const end = Math.min(this.unsent.length, from + SOCKETS_PER_SLICE);
    for (let i = from; i < end; i++) {
      const [target, frame] = this.unsent[i]!;
      if (target.socket.readyState === OPEN) target.socket.send(frame, { binary: false });
    }
    if (end < this.unsent.length) {
      this.writing = true;
      setImmediate(() => this.writeSlice(end));
      return;
    }
    this.writing = false;
    this.unsent = [];
  }
}
