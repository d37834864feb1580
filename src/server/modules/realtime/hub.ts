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
import { FrameOutbox, type FrameSocket } from './frame-outbox';
import { currentAccess } from './socket-auth';

interface Connection {
  socket: FrameSocket;
  request: FastifyRequest;
  clientId: string;
  /** The page on screen; a deletion is told only to its followers (the page row is gone by then). */
  watching: string | null;
}

export class LiveEventsHub {
  private readonly connections = new Set<Connection>();
  private readonly unsubscribe: (() => void)[];
  /** Each browser's messages of up to FRAME_MS, in one frame and one write (frame-outbox.ts). */
  private readonly outbox = new FrameOutbox<Connection>();

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

  add(socket: FrameSocket, request: FastifyRequest, clientId: string): Connection {
    const connection: Connection = { socket, request, clientId, watching: null };
    this.connections.add(connection);
    const hello: LiveServerMessage = { type: 'hello', clientId };
    this.outbox.tell(connection, this.outbox.add(JSON.stringify(hello)));
    return connection;
  }

  remove(connection: Connection): void {
    this.connections.delete(connection);
    this.outbox.forget(connection);
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
    const message = this.outbox.add(
      JSON.stringify({ type: 'admin', event, payload } satisfies LiveServerMessage),
    );
    for (const connection of this.connections) {
      currentAccess(this.ctx, connection.request);
      if (connection.request.user?.admin) this.outbox.tell(connection, message);
    }
  }

  /** Tells these users' open web apps that their in-app notifications changed (issue 14). */
  notifyUsers(userIds: readonly string[]): void {
    if (this.connections.size === 0 || userIds.length === 0) return;
    const message = this.outbox.add(
      JSON.stringify({ type: 'notificationUpdated' } satisfies LiveServerMessage),
    );
    for (const connection of this.connections) {
      const user = connection.request.user;
      if (user && userIds.includes(user.id)) this.outbox.tell(connection, message);
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
    this.outbox.close();
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
    const told = this.outbox.add(JSON.stringify(message));
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
      if (listed || followed) this.outbox.tell(connection, told);
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
    const told = this.outbox.add(JSON.stringify(message));
    for (const connection of this.connections) {
      if (connection.watching === e.pageId) this.outbox.tell(connection, told);
    }
  }

  private userSummary(userId: string | null): UserSummary | null {
    const user = userId ? this.ctx.users.findById(userId) : undefined;
    return user ? { _id: user.id, username: user.username, name: user.name } : null;
  }
}
