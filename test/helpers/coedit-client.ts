// A co-editing client for server tests and the benchmark: a `ws` socket (Node 20 has no global
// WebSocket) with the session cookie, its own Y.Doc and awareness, speaking the web app's frames.
import WebSocket from 'ws';
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import {
  applyMessage,
  COEDIT_TEXT,
  encodeAwareness,
  encodeSyncStep1,
  encodeUpdate,
} from '../../src/shared/coedit-protocol';
import type { CoeditServerMessage } from '../../src/shared/realtime-types';

export interface SocketOptions {
  cookie?: string;
  origin?: string;
}

export function newSocket(url: string, options: SocketOptions = {}): WebSocket {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  return new WebSocket(url, { headers });
}

/**
 * Resolves when the socket is open, rejects with the HTTP status of a refused upgrade. Attach
 * message listeners before: `ws` may deliver the first frames in the same tick as 'open'.
 */
export function opened(socket: WebSocket): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => {
      reject(new Error(`refused with ${res.statusCode}`));
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

export function openSocket(url: string, options: SocketOptions = {}): Promise<WebSocket> {
  return opened(newSocket(url, options));
}

export class CoeditClient {
  readonly doc = new Y.Doc();
  readonly text = this.doc.getText(COEDIT_TEXT);
  readonly awareness = new Awareness(this.doc);
  readonly messages: CoeditServerMessage[] = [];
  closeCode: number | null = null;
  private synced = false;

  private constructor(readonly socket: WebSocket) {
    socket.binaryType = 'nodebuffer';
    socket.on('message', (data: Buffer, isBinary) => {
      if (!isBinary) {
        this.messages.push(JSON.parse(data.toString('utf8')) as CoeditServerMessage);
        return;
      }
      const { reply, step } = applyMessage(new Uint8Array(data), this.doc, this.awareness, this);
      if (reply) socket.send(reply);
      if (step === 'step2') this.synced = true;
    });
    socket.on('close', (code) => {
      this.closeCode = code;
    });
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== this && socket.readyState === WebSocket.OPEN) socket.send(encodeUpdate(update));
    });
    this.awareness.on('update', ({ added, updated, removed }: Record<string, number[]>, origin: unknown) => {
      if (origin === this || socket.readyState !== WebSocket.OPEN) return;
      const changed = [...(added ?? []), ...(updated ?? []), ...(removed ?? [])];
      socket.send(encodeAwareness(this.awareness, changed));
    });
  }

  static async connect(baseUrl: string, pageId: string, options: SocketOptions = {}): Promise<CoeditClient> {
    const socket = newSocket(`${baseUrl.replace(/^http/, 'ws')}/_api/v3/coedit/${pageId}`, options);
    const client = new CoeditClient(socket);
    await opened(socket);
    socket.send(encodeSyncStep1(client.doc));
    await client.until(() => client.synced && client.messages.some((m) => m.type === 'status'));
    return client;
  }

  /** Waits until `condition` holds (polling; the test's own timeout bounds it). */
  async until(condition: () => boolean, what = 'condition'): Promise<void> {
    for (let i = 0; i < 1000; i++) {
      if (condition()) return;
      if (this.closeCode !== null && !condition())
        throw new Error(`socket closed (${this.closeCode}) before ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  async closed(): Promise<number> {
    for (let i = 0; i < 500 && this.closeCode === null; i++) await new Promise((r) => setTimeout(r, 10));
    if (this.closeCode === null) throw new Error('socket did not close');
    return this.closeCode;
  }

  type(index: number, chars: string): void {
    this.text.insert(index, chars);
  }

  setPresence(state: Record<string, unknown>): void {
    this.awareness.setLocalState(state);
  }

  close(): void {
    this.awareness.destroy();
    this.socket.close();
  }
}
