// Payloads of the two WebSockets: live page events (/_api/v3/events) and co-editing
// (/_api/v3/coedit/:pageId, JSON control frames beside the binary y-protocols frames).
import type { UserSummary } from './api-types';

/** GROWI's draft model for a page's co-editing document. */
export type CoeditStatus = 'new' | 'synced' | 'draft' | 'outdated';

export interface CoeditStatusResponse {
  status: CoeditStatus;
  /** The revision the co-edited text started from (null without a document). */
  baseRevisionId: string | null;
  latestRevisionId: string | null;
  /** Users connected to the page's co-editing session now. */
  editors: UserSummary[];
  updatedAt: string | null;
}

export interface CoeditSaveRequest {
  /** Save even though the page was saved outside the session since the draft started. */
  overwrite?: boolean;
}

/** Who saved the page outside the co-editing session, and what became of the shared text. */
export interface OutsideEdit {
  revisionId: string;
  user: UserSummary | null;
  /** `reloaded`: there was no draft, the editors now show the saved version. `kept`: the draft stays (outdated). */
  outcome: 'reloaded' | 'kept';
}

/** Server → client JSON frames of the co-editing socket. */
export type CoeditServerMessage =
  | { type: 'status'; status: CoeditStatus; baseRevisionId: string; latestRevisionId: string | null }
  | { type: 'saved'; revisionId: string; user: UserSummary | null }
  | { type: 'outside-edit'; edit: OutsideEdit };

/** Close codes of both sockets. */
export const SOCKET_CLOSE = {
  /** The server is shutting down (reconnect later). */
  goingAway: 1001,
  loginRequired: 4401,
  forbidden: 4403,
  /** The page is gone (deleted, or moved to the trash). */
  pageGone: 4404,
} as const;

export type LivePageEventKind = 'created' | 'updated' | 'moved' | 'deleted';

/** Server → client frames of the live events socket. */
export type LiveServerMessage =
  | { type: 'hello'; clientId: string }
  | {
      type: 'page';
      event: LivePageEventKind;
      pageId: string;
      path: string;
      oldPath?: string;
      revisionId?: string;
      user: UserSummary | null;
    }
  /** Archive export/import progress (issue 11), to administrators only; `event` is GROWI's name. */
  | { type: 'admin'; event: string; payload: unknown }
  /** The user's in-app notifications changed (issue 14): re-read the unopened count. */
  | { type: 'notificationUpdated' };

/** A frame of the live events socket: one message, or the messages of one server tick in order. */
export type LiveServerFrame = LiveServerMessage | LiveServerMessage[];

/** The messages of a frame, in order. */
export const messagesOf = (frame: LiveServerFrame): LiveServerMessage[] =>
  Array.isArray(frame) ? frame : [frame];

/** Client → server frames of the live events socket: follow one page (the one on screen). */
export type LiveClientMessage = { type: 'watch'; pageId: string | null };

/** Random client id of SPEC §7: 16 hex digits, also accepted from the client's query string. */
export const CLIENT_ID_PATTERN = '^[0-9a-zA-Z_-]{8,64}$';
