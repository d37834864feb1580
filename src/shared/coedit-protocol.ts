// The binary frames of the co-editing socket, as y-websocket frames them: a varUint message type
// (0 sync, 1 awareness) then the y-protocols payload. Used by the server and the web app alike.
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import type * as Y from 'yjs';

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;

/** The name of the shared text in every page's Y.Doc. */
export const COEDIT_TEXT = 'body';

export function encodeSyncStep1(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep1(encoder, doc);
  return encoding.toUint8Array(encoder);
}

export function encodeUpdate(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

export function encodeAwareness(awareness: awarenessProtocol.Awareness, clients: number[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(awareness, clients));
  return encoding.toUint8Array(encoder);
}

export interface HandledMessage {
  kind: 'sync' | 'awareness';
  /** The answer to send back (a sync step 2), if any. */
  reply: Uint8Array | null;
  /** For sync frames: step 1, step 2 (the other side's missing changes: now in sync) or update. */
  step?: 'step1' | 'step2' | 'update';
}

const SYNC_STEPS = ['step1', 'step2', 'update'] as const;

/**
 * Applies one frame to the document or the awareness, with `origin` as the transaction origin
 * (so update listeners know whose change it was). Throws on a malformed frame.
 */
export function applyMessage(
  data: Uint8Array,
  doc: Y.Doc,
  awareness: awarenessProtocol.Awareness,
  origin: unknown,
): HandledMessage {
  const decoder = decoding.createDecoder(data);
  const type = decoding.readVarUint(decoder);
  if (type === MESSAGE_SYNC) {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    const step = SYNC_STEPS[syncProtocol.readSyncMessage(decoder, encoder, doc, origin)];
    return {
      kind: 'sync',
      step,
      reply: encoding.length(encoder) > 1 ? encoding.toUint8Array(encoder) : null,
    };
  }
  if (type === MESSAGE_AWARENESS) {
    awarenessProtocol.applyAwarenessUpdate(awareness, decoding.readVarUint8Array(decoder), origin);
    return { kind: 'awareness', reply: null };
  }
  throw new Error(`unknown co-editing message type ${type}`);
}

/** A stable colour per user, so everyone sees a colleague's cursor in the same colour. */
export function userColor(userId: string): string {
  let hash = 0;
  for (let i = 0; i < userId.length; i++) hash = (hash * 31 + userId.charCodeAt(i)) >>> 0;
  return `hsl(${hash % 360}, 70%, 45%)`;
}

/** The minimal edit turning `from` into `to`: common prefix and suffix kept, the middle replaced. */
export function textChange(from: string, to: string): { index: number; remove: number; insert: string } {
  let start = 0;
  const max = Math.min(from.length, to.length);
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  // Never cut a surrogate pair: Yjs would store the halves as replacement characters.
  if (start > 0 && isHighSurrogate(from.charCodeAt(start - 1))) start--;
  let end = 0;
  while (end < max - start && from.charCodeAt(from.length - 1 - end) === to.charCodeAt(to.length - 1 - end))
    end++;
  if (end > 0 && isLowSurrogate(from.charCodeAt(from.length - end))) end--;
  return { index: start, remove: from.length - start - end, insert: to.slice(start, to.length - end) };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
