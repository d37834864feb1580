// The browser side of a page's co-editing socket: a Y.Doc and awareness kept in sync with the
// server (y-protocols), reconnecting with backoff. Edits made while offline stay in the document
// and merge when the socket is back (sync step 1/2 exchange what each side misses).
import * as Y from 'yjs';
import { Awareness, removeAwarenessStates } from 'y-protocols/awareness';
import {
  applyMessage,
  COEDIT_TEXT,
  encodeAwareness,
  encodeSyncStep1,
  encodeUpdate,
} from '../../../../shared/coedit-protocol';
import { SOCKET_CLOSE, type CoeditServerMessage } from '../../../../shared/realtime-types';
import { backoffDelay, socketUrl } from '../realtime/backoff';

export type ConnectionState = 'connecting' | 'connected' | 'offline' | 'refused';

export interface ProviderEvents {
  onState: (state: ConnectionState, detail?: number) => void;
  onMessage: (message: CoeditServerMessage) => void;
  /** The first sync with the server is complete (the editor shows the shared text). */
  onSynced: () => void;
}

const FINAL_CODES: number[] = [SOCKET_CLOSE.loginRequired, SOCKET_CLOSE.forbidden, SOCKET_CLOSE.pageGone];

export class CoeditProvider {
  readonly doc = new Y.Doc();
  readonly text = this.doc.getText(COEDIT_TEXT);
  readonly awareness = new Awareness(this.doc);
  private socket: WebSocket | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;
  private synced = false;

  constructor(
    private readonly pageId: string,
    private readonly events: ProviderEvents,
  ) {
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== this) this.send(encodeUpdate(update));
    });
    this.awareness.on('update', ({ added, updated, removed }: Record<string, number[]>, origin: unknown) => {
      if (origin === this) return;
      this.send(encodeAwareness(this.awareness, [...(added ?? []), ...(updated ?? []), ...(removed ?? [])]));
    });
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    this.connect();
  }

  private readonly onOnline = () => {
    if (!this.socket) this.connect();
  };

  /** The browser says the network is gone: stop now, keep typing into the local document. */
  private readonly onOffline = () => {
    this.socket?.close();
  };

  private connect(): void {
    if (this.destroyed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.events.onState('connecting');
    const socket = new WebSocket(socketUrl(`/_api/v3/coedit/${this.pageId}`));
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      this.events.onState('connected');
      socket.send(encodeSyncStep1(this.doc));
      if (this.awareness.getLocalState() !== null) {
        socket.send(encodeAwareness(this.awareness, [this.doc.clientID]));
      }
    };
    socket.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
      if (typeof event.data === 'string') {
        this.events.onMessage(JSON.parse(event.data) as CoeditServerMessage);
        return;
      }
      const { reply, step } = applyMessage(new Uint8Array(event.data), this.doc, this.awareness, this);
      if (reply) socket.send(reply);
      if (step === 'step2' && !this.synced) {
        this.synced = true;
        this.events.onSynced();
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      // Everyone else's cursors go stale while we are away.
      const others = [...this.awareness.getStates().keys()].filter((id) => id !== this.doc.clientID);
      removeAwarenessStates(this.awareness, others, this);
      if (this.destroyed) return;
      if (FINAL_CODES.includes(event.code)) {
        this.events.onState('refused', event.code);
        return;
      }
      this.events.onState('offline');
      if (!navigator.onLine) return; // 'online' reconnects
      this.timer = setTimeout(() => this.connect(), backoffDelay(this.attempts++));
    };
  }

  private send(data: Uint8Array): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(data);
  }

  destroy(): void {
    this.destroyed = true;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    if (this.timer) clearTimeout(this.timer);
    removeAwarenessStates(this.awareness, [this.doc.clientID], 'destroy');
    this.socket?.close();
    this.socket = null;
    this.awareness.destroy();
    this.doc.destroy();
  }
}
