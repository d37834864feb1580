// The main process's side of the sharing control channel (issue 16): requests with ids to the server
// child, each answered once (or failed by a timeout or the child's exit), and the server's
// `sharing:changed` pushes, whichever side switched.
import type { Lang } from '../shared/api-types';
import { FALLBACK_LANG } from '../shared/lang';
import {
  type SharingChangedMessage,
  type SharingControlReply,
  type SharingControlRequest,
  type SharingState,
} from '../shared/sharing';

type RequestBody =
  { type: 'sharing:get' } | { type: 'sharing:set'; shared: boolean } | { type: 'sharing:qr' };

/** The channel itself failed (not the server's answer): the desktop says it in its own words. */
export class ChannelError extends Error {
  constructor(readonly kind: 'stopped' | 'timeout') {
    super(kind === 'stopped' ? 'the server has stopped' : 'the server did not answer');
  }
}

export interface ControlledServer {
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  onExit(listener: () => void): void;
}

interface Pending {
  resolve: (reply: Extract<SharingControlReply, { ok: true }>) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

function isReply(message: unknown): message is SharingControlReply {
  const m = message as { type?: unknown; id?: unknown } | null;
  return typeof m === 'object' && m !== null && m.type === 'sharing:reply' && typeof m.id === 'number';
}

function isChanged(message: unknown): message is SharingChangedMessage {
  const m = message as { type?: unknown; state?: unknown } | null;
  return typeof m === 'object' && m !== null && m.type === 'sharing:changed' && typeof m.state === 'object';
}

export class SharingChannel {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<(state: SharingState) => void>();
  private gone = false;

  constructor(
    private readonly server: ControlledServer,
    /** The desktop's language: the server answers errors in it. */
    private readonly lang: Lang = FALLBACK_LANG,
    private readonly timeoutMs = 10_000,
  ) {
    server.onMessage((message) => this.receive(message));
    server.onExit(() => {
      this.gone = true;
      for (const [id, pending] of this.pending) this.settle(id, pending, new ChannelError('stopped'));
    });
  }

  get(timeoutMs?: number): Promise<SharingState> {
    return this.request({ type: 'sharing:get' }, timeoutMs).then((reply) => reply.state);
  }

  set(shared: boolean): Promise<SharingState> {
    return this.request({ type: 'sharing:set', shared }).then((reply) => reply.state);
  }

  async qr(): Promise<{ state: SharingState; qrDataUrl: string }> {
    const reply = await this.request({ type: 'sharing:qr' });
    return { state: reply.state, qrDataUrl: reply.qrDataUrl ?? '' };
  }

  onChanged(listener: (state: SharingState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private request(body: RequestBody, timeoutMs = this.timeoutMs) {
    return new Promise<Extract<SharingControlReply, { ok: true }>>((resolve, reject) => {
      if (this.gone) {
        reject(new ChannelError('stopped'));
        return;
      }
      const id = this.nextId++;
      const timer = setTimeout(() => {
        const pending = this.pending.get(id);
        if (pending) this.settle(id, pending, new ChannelError('timeout'));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      const request: SharingControlRequest = { ...body, id, lang: this.lang };
      this.server.send(request);
    });
  }

  private settle(id: number, pending: Pending, err: Error | null, reply?: SharingControlReply): void {
    clearTimeout(pending.timer);
    this.pending.delete(id);
    if (err) pending.reject(err);
    else if (reply && reply.ok) pending.resolve(reply);
    else if (reply && !reply.ok) pending.reject(new Error(reply.error));
  }

  private receive(message: unknown): void {
    if (isReply(message)) {
      const pending = this.pending.get(message.id);
      if (pending) this.settle(message.id, pending, null, message);
    } else if (isChanged(message)) {
      for (const listener of this.listeners) listener(message.state);
    }
  }
}
