// The page read answers from memory (issue 17). Whatever changes a page — through any route, or
// straight in the database — the next read must equal a read from the database.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Agent,
  createGroup,
  grantToGroup,
  createUser,
  install,
  signIn,
  startTestServer,
  type TestServer,
} from '../helpers/server';
import Database from 'better-sqlite3';
import { GRANT, type Page } from '../../src/shared/api-types';
import { rowsChangedElsewhere } from '../../src/server/db/row-watch';
import { PageReadCache } from '../../src/server/modules/pages/read-cache';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let page: Page;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
  await createUser(server.app, 'bob');
  bob = await signIn(server.app, 'bob');
  page = (await admin.post('/_api/v3/page', { path: '/team/notes', body: 'first' })).json<{ page: Page }>()
    .page;
});
afterEach(async () => {
  await server.cleanup();
});

const cache = () => server.app.ctx.pages.readCache;
const read = (path: string, agent: Agent = admin) =>
  agent.get(`/_api/v3/page?path=${encodeURIComponent(path)}`);

/** Reads `path` twice as `agent`: through the cache, then with the cache emptied first. */
async function expectFresh(path: string, agent: Agent = admin) {
  const cached = await read(path, agent);
  cache().clear();
  const fresh = await read(path, agent);
  expect(cached.statusCode).toBe(fresh.statusCode);
  expect(cached.json()).toEqual(fresh.json());
  return cached;
}

async function warm(path = '/team/notes') {
  expect((await read(path)).statusCode).toBe(200);
  expect(cache().get(path)).toBeDefined();
}

describe('the page read cache', () => {
  it('serves a second read from memory, the same JSON as the first', async () => {
    const first = await read('/team/notes');
    expect(cache().get('/team/notes')?.pageId).toBe(page._id);
    const second = await read('/team/notes');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await admin.get(`/_api/v3/page?pageId=${page._id}`)).json()).toEqual(first.json());
  });

  it('is filled by reads, not by a write’s answer (the writer writes again soon)', async () => {
    await warm();
    const saved = await admin.put('/_api/v3/page', {
      pageId: page._id,
      revisionId: page.revision._id,
      body: 'second',
    });
    expect(saved.json<{ page: Page }>().page.revision.body).toBe('second');
    expect(cache().get('/team/notes')).toBeUndefined();
    expect((await bob.put('/_api/v3/page/likes', { pageId: page._id, bool: true })).statusCode).toBe(200);
    expect(cache().get('/team/notes')).toBeUndefined();
    expect((await read('/team/notes')).json<{ page: Page }>().page.revision.body).toBe('second');
    expect(cache().get('/team/notes')?.pageId).toBe(page._id);
  });

  it('follows saves, tags, comments, likes, readers and children', async () => {
    const steps: (() => Promise<unknown>)[] = [
      () => admin.put('/_api/v3/page', { pageId: page._id, revisionId: page.revision._id, body: 'second' }),
      async () => {
        const current = (await read('/team/notes')).json<{ page: Page }>().page;
        return admin.post('/_api/tags.update', {
          pageId: page._id,
          revisionId: current.revision._id,
          tags: ['a'],
        });
      },
      async () => {
        const current = (await read('/team/notes')).json<{ page: Page }>().page;
        const commentForm = { page_id: page._id, revision_id: current.revision._id, comment: 'hi' };
        return admin.post('/_api/comments.add', { commentForm });
      },
      () => bob.put('/_api/v3/page/likes', { pageId: page._id, bool: true }),
      async () => {
        await read('/team/notes', bob); // bob is now among the readers
        server.app.ctx.likes.flush();
      },
      () => admin.post('/_api/v3/page', { path: '/team/notes/child', body: 'x' }),
    ];
    for (const step of steps) {
      await warm();
      const res = (await step()) as { statusCode: number } | undefined;
      if (res) expect(res.statusCode).toBeLessThan(300);
      await expectFresh('/team/notes');
    }
    const final = (await read('/team/notes')).json<{ page: Page }>().page;
    expect(final).toMatchObject({ tags: ['a'], commentCount: 1, descendantCount: 1 });
    expect(final.revision.body).toBe('second');
  });

  it('follows renames of the people and groups it names', async () => {
    const groupId = await createGroup(admin, 'writers', ['admin', 'bob']);
    await grantToGroup(admin, page, groupId, 'grouped');
    await warm();
    const renamed = await admin.put(`/_api/v3/user-groups/${groupId}`, {
      name: 'authors',
      description: '',
      parentId: null,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await expectFresh('/team/notes')).json().page.grantedGroups).toEqual([
      { _id: groupId, name: 'authors' },
    ]);
    await warm();
    await admin.put('/_api/v3/personal-setting', {
      name: 'Ada Renamed',
      email: 'ada@example.com',
      lang: 'en_US',
    });
    expect((await expectFresh('/team/notes')).json().page.creator.name).toBe('Ada Renamed');
  });

  it('follows moves and deletions: the old path answers 404 or its redirect', async () => {
    await warm();
    await admin.put('/_api/v3/pages/rename', {
      pageId: page._id,
      revisionId: page.revision._id,
      newPagePath: '/team/moved',
      isRecursively: true,
    });
    expect(cache().get('/team/notes')).toBeUndefined();
    expect((await read('/team/notes')).json()).toMatchObject({
      redirectFrom: '/team/notes',
      page: { path: '/team/moved' },
    });
    await warm('/team/moved');
    await admin.post('/_api/v3/pages/delete', { pageIdToRevisionIdMap: { [page._id]: page.revision._id } });
    expect((await expectFresh('/team/moved')).statusCode).toBe(404);
  });

  it('follows a change written straight into the database: the grant applies at once', async () => {
    await warm();
    expect((await read('/team/notes', bob)).statusCode).toBe(200);
    server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = ? WHERE id = ?').run(GRANT.owner, page._id);
    expect((await read('/team/notes', bob)).statusCode).toBe(404);
    expect((await read('/team/notes', new Agent(server.app))).statusCode).toBe(404);
    expect((await read('/team/notes')).statusCode).toBe(200);
  });

  it('checks the permission on every hit: the cached page is not for everyone who asks', async () => {
    server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = ? WHERE id = ?').run(GRANT.owner, page._id);
    await warm();
    expect((await read('/team/notes', bob)).statusCode).toBe(404);
    expect((await bob.get(`/_api/v3/page?pageId=${page._id}`)).statusCode).toBe(404);
  });

  it('forgets everything when another connection wrote (the archive import’s worker)', async () => {
    await warm();
    const other = new Database(server.app.ctx.db.$client.name);
    other.prepare('UPDATE revisions SET body = ? WHERE page_id = ?').run('written elsewhere', page._id);
    other.prepare("UPDATE users SET name = 'Renamed Elsewhere' WHERE username = 'admin'").run();
    other.close();
    expect(cache().get('/team/notes')).toBeDefined(); // no trigger of this connection saw it
    rowsChangedElsewhere(server.app.ctx.db.$client);
    const fresh = (await read('/team/notes')).json<{ page: Page }>().page;
    expect(fresh.revision.body).toBe('written elsewhere');
    expect(fresh.creator?.name).toBe('Renamed Elsewhere');
  });

  it('never keeps what a transaction read (it could still roll back)', () => {
    const sqlite = server.app.ctx.db.$client;
    cache().clear();
    const access = { viewer: null, restrictGuestMode: 'Readonly' as const };
    expect(() =>
      sqlite.transaction(() => {
        sqlite.prepare('UPDATE revisions SET body = ? WHERE page_id = ?').run('never', page._id);
        server.app.ctx.pages.get(access, { path: '/team/notes' });
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(cache().get('/team/notes')).toBeUndefined();
    expect(server.app.ctx.pages.get(access, { path: '/team/notes' }).revision.body).toBe('first');
  });

  it('keeps a page when a reader joins its list: the reader is added to it at the next hit', async () => {
    await createUser(server.app, 'carol');
    const carol = await signIn(server.app, 'carol');
    for (const reader of [bob, carol]) {
      await warm();
      const kept = cache().get('/team/notes');
      const list = kept?.seenUsers;
      await read('/team/notes', reader); // a first visit: a seen mark, written at the flush
      server.app.ctx.likes.flush();
      expect(cache().get('/team/notes')).toBe(kept); // the same entry, not read again
      // The same list, grown: a new one (and its JSON) per reader joining was old-generation
      // garbage in the 200-user soak (issue 32).
      expect(kept?.seenUsers).toBe(list);
      await expectFresh('/team/notes', reader);
    }
    const { seenUsers } = (await read('/team/notes')).json<{ page: Page }>().page;
    const ids = ['admin', 'bob', 'carol'].map((name) => server.app.ctx.users.findByUsername(name)!.id);
    expect(seenUsers).toEqual(ids);
  });

  it('reads a grown list of readers only outside a transaction, where the rows cannot roll back', () => {
    const sqlite = server.app.ctx.db.$client;
    const access = { viewer: null, restrictGuestMode: 'Readonly' as const };
    server.app.ctx.pages.get(access, { path: '/team/notes' });
    const bobId = server.app.ctx.users.findByUsername('bob')!.id;
    expect(() =>
      sqlite.transaction(() => {
        sqlite
          .prepare('INSERT INTO page_seen_users (page_id, user_id, created_at) VALUES (?, ?, ?)')
          .run(page._id, bobId, Date.now());
        expect(cache().get('/team/notes')).toBeUndefined(); // read from the database meanwhile
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(cache().get('/team/notes')?.seenUsers).not.toContain(bobId);
  });

  it('adds a reader once when an insert rolled back is made again', () => {
    const sqlite = server.app.ctx.db.$client;
    const access = { viewer: null, restrictGuestMode: 'Readonly' as const };
    cache().clear();
    server.app.ctx.pages.get(access, { path: '/team/notes' });
    const kept = cache().get('/team/notes');
    const bobId = server.app.ctx.users.findByUsername('bob')!.id;
    const insert = sqlite.prepare(
      'INSERT OR IGNORE INTO page_seen_users (page_id, user_id, created_at) VALUES (?, ?, ?)',
    );
    expect(() =>
      sqlite.transaction(() => {
        insert.run(page._id, bobId, Date.now());
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    insert.run(page._id, bobId, Date.now());
    insert.run(page._id, bobId, Date.now()); // already there: ignored, no second call back
    expect(cache().get('/team/notes')).toBe(kept);
    expect(kept?.seenUsers.filter((id) => id === bobId)).toHaveLength(1);
  });

  it('stays within its budget: a page too large to keep is read each time', async () => {
    const big = 'x'.repeat(600 * 1024);
    await admin.post('/_api/v3/page', { path: '/big', body: big });
    expect((await read('/big')).json().page.revision.body).toBe(big);
    expect(cache().get('/big')).toBeUndefined();
  });

  it('counts the readers’ list against its budget: a page read by a whole team weighs more', async () => {
    await admin.post('/_api/v3/page', { path: '/team/other', body: 'second' });
    const access = { viewer: null, restrictGuestMode: 'Readonly' as const };
    const pageAt = (path: string) => server.app.ctx.pages.get(access, { path })!;
    const facts = { grant: GRANT.public, creatorId: null, grantedGroupIds: null };
    const notes = { ...pageAt('/team/notes'), seenUsers: [] };
    const other = { ...pageAt('/team/other'), seenUsers: [] };
    const sizing = new PageReadCache(server.app.ctx.db.$client);
    sizing.put(notes, facts);
    const alone = sizing.heldChars;
    const small = new PageReadCache(server.app.ctx.db.$client, alone * 2 + 100);
    small.put(notes, facts);
    small.put(other, facts);
    expect(small.get('/team/notes')).toBeDefined();
    const team = Array.from({ length: 200 }, (_, i) => `6b0b8cb7caa222a17040${String(i).padStart(4, '0')}`);
    small.put({ ...other, seenUsers: team }, facts);
    expect(small.heldChars).toBeGreaterThan(alone + 200 * 8); // a slot per reader; the ids are shared
    expect(small.get('/team/notes')).toBeUndefined(); // pushed out by the other page's readers
    expect(small.get('/team/other')?.seenUsers).toEqual(team);
    expect(small.heldChars).toBeLessThanOrEqual(alone * 2 + 100 + 200 * 35);
  });
});
