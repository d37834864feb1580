// Live page events for every open web app: page created, updated, moved, deleted, from the event
// bus, sent to each connection only when its viewer may list the page, or follows it (the page on
// screen) and may read it. A client never learns about a page it may not read. The messages of up
// to FRAME_MS go to each connection in one frame (LiveServerFrame).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { PageEvent } from '../../lib/events';
import { canListPage, canReadPage } from '../../policies/page-access';
import type { UserSummary } from '../../../shared/api-types';
import type { LivePageEventKind, LiveServerMessage } from '../../../shared/realtime-types';
import type { ConnectedUser } from '../../../shared/sharing';
import { currentAccess } from './socket-auth';

/** What the hub needs of a socket (the `ws` WebSocket fits). */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

interface Connection {
  socket: LiveSocket;
  request: FastifyRequest;
  clientId: string;
  /** The page on screen; a deletion is told only to its followers (the page row is gone by then). */
  watching: string | null;
}

const OPEN = 1;
/**
 * How long messages wait to share a frame. At 200 users with 500 more browsers open, sending a
 * frame per tick made socket writes a fifth of the server's CPU (issue 32 §2); at 100 ms they were
 * still 5 %. Four frames a second per browser at most is still immediate to a reader (a list or a
 * "page updated" notice; co-editing has its own socket), and the writes no longer grow with saves.
 */
const FRAME_MS = 250;

export class LiveEventsHub {
  private readonly connections = new Set<Connection>();
  private readonly unsubscribe: (() => void)[];
  /**
   * Messages waiting for their frame, by connection (issue 32): the saves of FRAME_MS tell each
   * browser once, in one frame (an array when there are several), after the commit's transaction
   * rather than inside it. One write per socket per frame instead of one per message.
   */
  private readonly outbox = new Map<Connection, string[]>();
  private outboxTimer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: AppContext) {
    const { events } = ctx;
    this.unsubscribe = [
      events.on('page:created', (e) => this.publish('created', e)),
      events.on('page:updated', (e) => this.publish('updated', e, { revisionId: e.revisionId })),
      events.on('page:moved', (e) => this.publish('moved', e, { oldPath: e.oldPath })),
      events.on('page:deleted', (e) => this.publishDeleted(e)),
    ];
  }

  get size(): number {
    return this.connections.size;
  }

  add(socket: LiveSocket, request: FastifyRequest, clientId: string): Connection {
    const connection: Connection = { socket, request, clientId, watching: null };
    this.connections.add(connection);
    this.send(connection, { type: 'hello', clientId });
    return connection;
  }

  remove(connection: Connection): void {
    this.connections.delete(connection);
    this.outbox.delete(connection);
  }

  /** Follow a page the viewer may read (anything else is ignored, saying nothing). */
  watch(connection: Connection, pageId: string | null): void {
    connection.watching = null;
    if (pageId === null) return;
    const page = this.ctx.pages.facts(pageId);
    if (page && canReadPage(currentAccess(this.ctx, connection.request), page)) connection.watching = pageId;
  }

  /** Sends to every connection whose user is (still) an administrator: archive progress. */
  toAdmins(event: string, payload: unknown): void {
    const text = JSON.stringify({ type: 'admin', event, payload } satisfies LiveServerMessage);
    for (const connection of this.connections) {
      currentAccess(this.ctx, connection.request);
      if (connection.request.user?.admin) this.sendText(connection, text);
    }
  }

  /** Tells these users' open web apps that their in-app notifications changed (issue 14). */
  notifyUsers(userIds: readonly string[]): void {
    if (this.connections.size === 0 || userIds.length === 0) return;
    const text = JSON.stringify({ type: 'notificationUpdated' } satisfies LiveServerMessage);
    for (const connection of this.connections) {
      const user = connection.request.user;
      if (user && userIds.includes(user.id)) this.sendText(connection, text);
    }
  }

  /** Who is here (issue 16's Sharing screen): open web apps now, and the signed-in people among them. */
  presence(): { browsers: number; users: ConnectedUser[] } {
    const users = new Map<string, ConnectedUser>();
    for (const connection of this.connections) {
      // A session that ended (signed out, user removed) is no longer "signed in".
      currentAccess(this.ctx, connection.request);
      const user = connection.request.user;
      if (!user) continue;
      const entry = users.get(user.id);
      if (entry) entry.browsers += 1;
      else users.set(user.id, { id: user.id, username: user.username, name: user.name, browsers: 1 });
    }
    const list = [...users.values()].sort((a, b) => a.username.localeCompare(b.username));
    return { browsers: this.connections.size, users: list };
  }

  close(): void {
    for (const off of this.unsubscribe) off();
    if (this.outboxTimer) clearTimeout(this.outboxTimer);
    this.outbox.clear();
    this.connections.clear();
  }

  private publish(
    event: LivePageEventKind,
    e: PageEvent,
    extra: { revisionId?: string; oldPath?: string } = {},
  ): void {
    if (this.connections.size === 0) return;
    const page = this.ctx.pages.facts(e.pageId);
    if (!page) return;
    const message: LiveServerMessage = {
      type: 'page',
      event,
      pageId: e.pageId,
      path: e.path,
      ...extra,
      user: this.userSummary(e.userId),
    };
    const text = JSON.stringify(message);
    // One verdict per session (and one for guests): the browsers of one session see the same
    // pages. Asked per browser, this was most of the hub's time with 500 tabs open (issue 32).
    const listedFor = new Map<string, boolean>();
    for (const connection of this.connections) {
      const { request } = connection;
      const session = request.user ? request.session.sessionId : '';
      let listed = listedFor.get(session);
      if (listed === undefined) {
        listed = canListPage(currentAccess(this.ctx, request), page);
        listedFor.set(session, listed);
      }
      const followed =
        !listed && connection.watching === e.pageId && canReadPage(currentAccess(this.ctx, request), page);
      if (listed || followed) this.sendText(connection, text);
    }
  }

  private publishDeleted(e: PageEvent): void {
    const message: LiveServerMessage = {
      type: 'page',
      event: 'deleted',
      pageId: e.pageId,
      path: e.path,
      user: this.userSummary(e.userId),
    };
    for (const connection of this.connections) {
      if (connection.watching === e.pageId) this.send(connection, message);
    }
  }

  private userSummary(userId: string | null): UserSummary | null {
    const user = userId ? this.ctx.users.findById(userId) : undefined;
    return user ? { _id: user.id, username: user.username, name: user.name } : null;
  }

  private send(connection: Connection, message: LiveServerMessage): void {
    this.sendText(connection, JSON.stringify(message));
  }

  private sendText(connection: Connection, text: string): void {
    const queued = this.outbox.get(connection);
    if (queued) queued.push(text);
    else this.outbox.set(connection, [text]);
    this.outboxTimer ??= setTimeout(() => this.flush(), FRAME_MS).unref();
  }

  private flush(): void {
    this.outboxTimer = null;
    for (const [connection, texts] of this.outbox) {
      if (connection.socket.readyState !== OPEN) continue;
      connection.socket.send(texts.length === 1 ? texts[0]! : `[${texts.join(',')}]`);
    }
    this.outbox.clear();
  }
}
