// Live page events: a reader hears about saves with who made them; nobody hears about a page they
// may not read; every client gets a client id; sockets close when the server shuts down.
import type WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GRANT, type Page } from '../../src/shared/api-types';
import { messagesOf, type LiveServerFrame, type LiveServerMessage } from '../../src/shared/realtime-types';
import { newSocket, opened } from '../helpers/coedit-client';
import { createPage, startListening, type ListeningServer } from '../helpers/coedit-server';

let s: ListeningServer;

interface Listener {
  socket: WebSocket;
  messages: LiveServerMessage[];
}

async function listenTo(cookie?: string, query = ''): Promise<Listener> {
  const socket = newSocket(`${s.url.replace('http', 'ws')}/_api/v3/events${query}`, { cookie });
  const messages: LiveServerMessage[] = [];
  socket.on('message', (data) => messages.push(...messagesOf(JSON.parse(String(data)) as LiveServerFrame)));
  await opened(socket);
  return { socket, messages };
}

async function waitFor(
  listener: Listener,
  test: (m: LiveServerMessage) => boolean,
): Promise<LiveServerMessage> {
  for (let i = 0; i < 300; i++) {
    const found = listener.messages.find(test);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no such message');
}

beforeEach(async () => {
  s = await startListening();
});
afterEach(async () => {
  await s.server.cleanup();
});

describe('live events socket', () => {
  it('greets each client with its id (a random one unless the client brings its own)', async () => {
    const guest = await listenTo(undefined, '?clientId=abcdef0123456789');
    expect(await waitFor(guest, (m) => m.type === 'hello')).toEqual({
      type: 'hello',
      clientId: 'abcdef0123456789',
    });
    const other = await listenTo();
    const hello = await waitFor(other, (m) => m.type === 'hello');
    expect(hello).toMatchObject({ clientId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    guest.socket.close();
    other.socket.close();
  });

  it('tells a reader who updated the page', async () => {
    const page = await createPage(s.admin, '/live/news', 'v1');
    const reader = await listenTo(s.bob.cookie);
    await s.admin.put('/_api/v3/page', { pageId: page._id, revisionId: page.revision._id, body: 'v2' });
    const event = await waitFor(reader, (m) => m.type === 'page' && m.event === 'updated');
    expect(event).toMatchObject({
      pageId: page._id,
      path: '/live/news',
      user: { username: 'admin', name: 'Ada Admin' },
    });
    reader.socket.close();
  });

  it('tells one tick’s changes in one frame, in order', async () => {
    const a = await createPage(s.admin, '/live/a', 'v1');
    const b = await createPage(s.admin, '/live/b', 'v1');
    const socket = newSocket(`${s.url.replace('http', 'ws')}/_api/v3/events`, { cookie: s.bob.cookie });
    const frames: LiveServerFrame[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data)) as LiveServerFrame));
    await opened(socket);
    while (frames.length === 0) await new Promise((resolve) => setTimeout(resolve, 10)); // hello
    // What a group commit of two saves announces, in one synchronous run.
    const { events } = s.server.app.ctx;
    for (const page of [a, b])
      events.emit('page:updated', { pageId: page._id, path: page.path, userId: null, revisionId: 'r' });
    while (frames.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(Array.isArray(frames[1])).toBe(true);
    expect(messagesOf(frames[1]!).map((m) => m.type === 'page' && m.path)).toEqual(['/live/a', '/live/b']);
    socket.close();
  });

  it('tells many open browsers (more than one slice of writes) the same frames in order, as text', async () => {
    const pages = [await createPage(s.admin, '/live/m1', 'v1'), await createPage(s.admin, '/live/m2', 'v1')];
    const received: { texts: string[]; binary: boolean[] }[] = [];
    const sockets = await Promise.all(
      Array.from({ length: 120 }, async () => {
        const socket = newSocket(`${s.url.replace('http', 'ws')}/_api/v3/events`, { cookie: s.bob.cookie });
        const got = { texts: [] as string[], binary: [] as boolean[] };
        received.push(got);
        socket.on('message', (data, isBinary) => {
          got.texts.push(String(data));
          got.binary.push(isBinary);
        });
        return opened(socket);
      }),
    );
    const { events } = s.server.app.ctx;
    const announce = (page: Page) =>
      events.emit('page:updated', { pageId: page._id, path: page.path, userId: null, revisionId: 'r' });
    const until = async (count: number) => {
      while (received.some((got) => got.texts.length < count)) await new Promise((r) => setTimeout(r, 10));
    };
    await until(1); // hello
    announce(pages[0]!);
    await until(2);
    announce(pages[1]!);
    await until(3);
    for (const got of received) {
      const paths = got.texts
        .slice(1)
        .flatMap((t) => messagesOf(JSON.parse(t) as LiveServerFrame))
        .map((m) => m.type === 'page' && m.path);
      expect(paths).toEqual(['/live/m1', '/live/m2']);
    }
    expect(received.every((got) => got.binary.every((b) => !b))).toBe(true);
    for (const socket of sockets) socket.close();
  });

  it('never tells anyone about a page they may not read, even when following it', async () => {
    const page = await createPage(s.admin, '/live/secret', 'v1');
    s.server.app.ctx.db.$client
      .prepare('UPDATE pages SET "grant" = ? WHERE id = ?')
      .run(GRANT.owner, page._id);
    const bob = await listenTo(s.bob.cookie);
    bob.socket.send(JSON.stringify({ type: 'watch', pageId: page._id }));
    const owner = await listenTo(s.admin.cookie);
    await createPage(s.admin, '/live/public-marker', 'x');
    await s.admin.put('/_api/v3/page', { pageId: page._id, revisionId: page.revision._id, body: 'v2' });
    await waitFor(owner, (m) => m.type === 'page' && m.pageId === page._id);
    await waitFor(bob, (m) => m.type === 'page' && m.path === '/live/public-marker');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bob.messages.some((m) => m.type === 'page' && m.pageId === page._id)).toBe(false);
    bob.socket.close();
    owner.socket.close();
  });

  it('tells followers of an "anyone with the link" page, but not the lists of others', async () => {
    const page = await createPage(s.admin, '/live/link-only', 'v1');
    s.server.app.ctx.db.$client
      .prepare('UPDATE pages SET "grant" = ? WHERE id = ?')
      .run(GRANT.restricted, page._id);
    const follower = await listenTo(s.bob.cookie);
    follower.socket.send(JSON.stringify({ type: 'watch', pageId: page._id }));
    const bystander = await listenTo(s.bob.cookie);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await s.admin.put('/_api/v3/page', { pageId: page._id, revisionId: page.revision._id, body: 'v2' });
    await waitFor(follower, (m) => m.type === 'page' && m.pageId === page._id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bystander.messages.some((m) => m.type === 'page')).toBe(false);
    follower.socket.close();
    bystander.socket.close();
  });

  it('stops telling a reader about a group’s pages once they leave the group, on a socket already open', async () => {
    const { userGroups, users } = s.server.app.ctx;
    const group = userGroups.create({ name: 'live-team' });
    const bobId = users.findByUsername('bob')!.id;
    userGroups.addMember(group._id, bobId);
    const page = await createPage(s.admin, '/live/team-only', 'v1');
    s.server.app.ctx.db.$client
      .prepare('UPDATE pages SET "grant" = ?, granted_group_ids = ? WHERE id = ?')
      .run(GRANT.userGroup, JSON.stringify([group._id]), page._id);
    const bob = await listenTo(s.bob.cookie);
    const save = async (body: string, revisionId: string) =>
      (await s.admin.put('/_api/v3/page', { pageId: page._id, revisionId, body })).json<{ page: Page }>()
        .page;
    const v2 = await save('v2', page.revision._id);
    await waitFor(bob, (m) => m.type === 'page' && m.pageId === page._id);
    userGroups.removeMember(group._id, bobId);
    bob.messages.length = 0;
    await save('v3', v2.revision._id);
    await createPage(s.admin, '/live/after-leaving', 'x');
    await waitFor(bob, (m) => m.type === 'page' && m.path === '/live/after-leaving');
    expect(bob.messages.some((m) => m.type === 'page' && m.pageId === page._id)).toBe(false);
    bob.socket.close();
  });

  it('refuses guests under guest mode Deny and other sites', async () => {
    s.server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    const url = `${s.url.replace('http', 'ws')}/_api/v3/events`;
    await expect(opened(newSocket(url))).rejects.toThrow('refused with 401');
    await expect(
      opened(newSocket(url, { cookie: s.bob.cookie, origin: 'http://evil.example' })),
    ).rejects.toThrow('refused with 403');
  });

  it('closes open sockets when the server shuts down', async () => {
    const listener = await listenTo(s.bob.cookie);
    const closed = new Promise<number>((resolve) => listener.socket.on('close', resolve));
    await s.server.close();
    expect(await closed).toBeGreaterThan(0);
  });
});
