// The web app's one live-events socket (SPEC §7: opened with a random client id), reconnecting
// with backoff. Components subscribe to page events; the page on screen is "watched" so its
// readers hear about it even when it is not listed (anyone-with-the-link pages).
import { useEffect, useRef } from 'react';
import {
  messagesOf,
  type LiveClientMessage,
  type LiveServerFrame,
  type LiveServerMessage,
} from '../../../../shared/realtime-types';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { backoffDelay, randomClientId, socketUrl } from './backoff';

export type PageEventMessage = Extract<LiveServerMessage, { type: 'page' }>;
type Listener = (message: PageEventMessage) => void;
export type AdminEventMessage = Extract<LiveServerMessage, { type: 'admin' }>;
type AdminListener = (message: AdminEventMessage) => void;

/** Lists refresh at most this often however many pages change. */
const LIST_REFRESH_MS = 500;

class LiveEvents {
  readonly clientId = randomClientId();
  private socket: WebSocket | null = null;
  private attempts = 0;
  private readonly listeners = new Set<Listener>();
  private readonly adminListeners = new Set<AdminListener>();
  private readonly notificationListeners = new Set<() => void>();
  private watching: string | null = null;
  private started = false;

  subscribe(listener: Listener): () => void {
    this.start();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Archive export/import progress (sent by the server to administrators only). */
  subscribeAdmin(listener: AdminListener): () => void {
    this.start();
    this.adminListeners.add(listener);
    return () => this.adminListeners.delete(listener);
  }

  /** Called when the signed-in user's in-app notifications change, and after every reconnect. */
  onNotificationsChanged(listener: () => void): () => void {
    this.start();
    this.notificationListeners.add(listener);
    return () => this.notificationListeners.delete(listener);
  }

  watch(pageId: string | null): void {
    this.watching = pageId;
    this.send({ type: 'watch', pageId });
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.connect();
    window.addEventListener('online', () => {
      if (!this.socket) this.connect();
    });
    // The socket's permissions are those of whoever opened it: sign-in and sign-out reopen it.
    useSession.subscribe((state, previous) => {
      if (state.user?._id !== previous.user?._id) this.socket?.close();
    });
  }

  private connect(): void {
    const socket = new WebSocket(socketUrl(`/_api/v3/events?clientId=${this.clientId}`));
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      if (this.watching) this.send({ type: 'watch', pageId: this.watching });
      // Whatever was pushed while disconnected: re-read.
      for (const listener of this.notificationListeners) listener();
    };
    socket.onmessage = (event: MessageEvent<string>) => {
      for (const message of messagesOf(JSON.parse(event.data) as LiveServerFrame)) this.dispatch(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (navigator.onLine) setTimeout(() => this.connect(), backoffDelay(this.attempts++));
    };
  }

  private dispatch(message: LiveServerMessage): void {
    if (message.type === 'admin') for (const listener of this.adminListeners) listener(message);
    if (message.type === 'notificationUpdated') for (const listener of this.notificationListeners) listener();
    if (message.type === 'page') for (const listener of this.listeners) listener(message);
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

export const liveEvents = new LiveEvents();

/** Calls `onEvent` for every page event while mounted. */
export function usePageEvents(onEvent: Listener): void {
  const ref = useRef(onEvent);
  useEffect(() => {
    ref.current = onEvent;
  });
  useEffect(() => liveEvents.subscribe((message) => ref.current(message)), []);
}

/** The tree, recent changes and page lists refresh when pages change anywhere. */
export function useLiveListRefresh(): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  usePageEvents(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      useUi.getState().pagesChanged();
    }, LIST_REFRESH_MS);
  });
}

/** Follows the page on screen (the server checks it may be read). */
export function useWatchPage(pageId: string | null): void {
  useEffect(() => {
    liveEvents.watch(pageId);
    return () => liveEvents.watch(null);
  }, [pageId]);
}
