import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';
import { GRANT, type Page } from '../../src/shared/api-types';
import type { BookmarksResponse, PageSocialInfo } from '../../src/shared/social-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let bobId: string;
let adminId: string;
let page: Page;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
  bobId = (await createUser(server.app, 'bob')).id;
  bob = await signIn(server.app, 'bob');
  page = (await admin.post('/_api/v3/page', { path: '/Liked', body: 'x' })).json<{ page: Page }>().page;
  adminId = page.creator!._id;
});
afterEach(async () => {
  vi.useRealTimers();
  await server.cleanup();
});
/** Marks made within one millisecond must still list in the order they were made. */
const freezeClock = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });

const setGrant = (pageId: string, grant: number) =>
  server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = ? WHERE id = ?').run(grant, pageId);
const like = (agent: Agent, bool: boolean, pageId = page._id) =>
  agent.put('/_api/v3/page/likes', { pageId, bool });
const bookmark = (agent: Agent, bool: boolean, pageId = page._id) =>
  agent.put('/_api/v3/bookmarks', { pageId, bool });
const readPage = async (agent: Agent) =>
  (await agent.get(`/_api/v3/page?pageId=${page._id}`)).json<{ page: Page }>().page;

describe('likes', () => {
  it('likes and unlikes; the page carries the liker ids and /page/info the names', async () => {
    freezeClock();
    // GROWI's answer: the page as it is now and who has seen it.
    expect((await like(bob, true)).json()).toMatchObject({
      result: { page: { _id: page._id, liker: [bobId] }, seenUser: expect.any(Array) },
    });
    await like(admin, true);
    await like(bob, true); // twice is once
    expect((await readPage(admin)).liker).toEqual([bobId, adminId]);
    const info = (await bob.get(`/_api/v3/page/info?pageId=${page._id}`)).json<PageSocialInfo>();
    expect(info).toMatchObject({ sumOfLikers: 2, isLiked: true, likerIds: [bobId, adminId] });
    expect(info.likers.map((u) => u.username)).toEqual(['bob', 'admin']);
    expect((await like(bob, false)).json().result.page.liker).toEqual([adminId]);
  });

  it('needs a signed-in user and a readable page', async () => {
    expect((await like(new Agent(server.app), true)).statusCode).toBe(401);
    expect((await bob.put('/_api/v3/page/likes', { pageId: page._id, bool: 'yes' })).statusCode).toBe(400);
    setGrant(page._id, GRANT.owner);
    expect((await like(bob, true)).statusCode).toBe(404);
    expect((await readPage(admin)).liker).toEqual([]);
  });
});

describe('bookmarks', () => {
  it('bookmarks and unbookmarks, with info and the user’s list newest first', async () => {
    const second = (await admin.post('/_api/v3/page', { path: '/Second', body: 'y' })).json<{ page: Page }>()
      .page;
    expect((await bookmark(bob, true)).json()).toMatchObject({
      sumOfBookmarks: 1,
      isBookmarked: true,
      bookmark: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), page: page._id, user: bobId },
    });
    await bookmark(bob, true, second._id);
    expect((await admin.get(`/_api/v3/bookmarks/info?pageId=${page._id}`)).json()).toMatchObject({
      sumOfBookmarks: 1,
      isBookmarked: false,
    });
    const list = (await bob.get(`/_api/v3/bookmarks/${bobId}`)).json<BookmarksResponse>();
    expect(list.userRootBookmarks.map((b) => b.page.path)).toEqual(['/Second', '/Liked']);
    expect(list.userRootBookmarks[0]).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      user: bobId,
    });
    // GROWI answers the bookmark removed, and null when there was none to remove.
    expect((await bookmark(bob, false)).json()).toMatchObject({
      sumOfBookmarks: 0,
      isBookmarked: false,
      bookmark: { page: page._id, user: bobId },
    });
    expect((await bookmark(bob, false)).json()).toMatchObject({ sumOfBookmarks: 0, bookmark: null });
    expect((await bob.get(`/_api/v3/bookmarks/${bobId}`)).json().userRootBookmarks).toHaveLength(1);
  });

  it('hide a hidden page from other users through every route', async () => {
    await bookmark(admin, true);
    await bookmark(bob, true);
    setGrant(page._id, GRANT.owner);
    expect((await bookmark(bob, true)).statusCode).toBe(404);
    expect((await bob.get(`/_api/v3/bookmarks/info?pageId=${page._id}`)).statusCode).toBe(404);
    // Bob's own old bookmark and the admin's list show nothing of it to Bob.
    expect((await bob.get(`/_api/v3/bookmarks/${bobId}`)).json().userRootBookmarks).toEqual([]);
    expect((await bob.get(`/_api/v3/bookmarks/${adminId}`)).json().userRootBookmarks).toEqual([]);
    expect((await admin.get(`/_api/v3/bookmarks/${adminId}`)).json().userRootBookmarks).toHaveLength(1);
    // "Anyone with the link" pages are readable but never listed.
    setGrant(page._id, GRANT.restricted);
    expect((await bob.get(`/_api/v3/bookmarks/${bobId}`)).json().userRootBookmarks).toEqual([]);
    expect((await bob.get(`/_api/v3/bookmarks/info?pageId=${page._id}`)).json().isBookmarked).toBe(true);
  });

  it('guests read in read-only guest mode but cannot bookmark; deny mode refuses them', async () => {
    const guest = new Agent(server.app);
    expect((await bookmark(guest, true)).statusCode).toBe(401);
    expect((await guest.get(`/_api/v3/bookmarks/info?pageId=${page._id}`)).json()).toMatchObject({
      sumOfBookmarks: 0,
      isBookmarked: false,
    });
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    expect((await guest.get(`/_api/v3/bookmarks/info?pageId=${page._id}`)).statusCode).toBe(401);
    expect((await guest.get(`/_api/v3/bookmarks/${adminId}`)).statusCode).toBe(401);
    expect((await guest.get(`/_api/v3/page/info?pageId=${page._id}`)).statusCode).toBe(401);
  });
});

/** `count` pages under `/folder`, made by the admin. */
async function makePages(folder: string, count: number): Promise<Page[]> {
  const pages: Page[] = [];
  for (let i = 0; i < count; i++)
    pages.push(
      (await admin.post('/_api/v3/page', { path: `/${folder}/${i}`, body: 'x' })).json<{ page: Page }>().page,
    );
  return pages;
}

/** How many marks each write of queued "seen by" marks holds, as they are written. */
function watchSeenWrites(): number[] {
  const batches: number[] = [];
  const internals = server.app.ctx.likes as unknown as { flushSeen: (marks: unknown[]) => void };
  const write = internals.flushSeen;
  internals.flushSeen = (marks) => {
    batches.push(marks.length);
    write(marks);
  };
  return batches;
}

describe('seen by', () => {
  it('records signed-in readers once, not guests, and shows them', async () => {
    freezeClock();
    expect((await readPage(bob)).seenUsers).toEqual([bobId]);
    await readPage(bob);
    await readPage(new Agent(server.app));
    const byPath = (await admin.get('/_api/v3/page?path=/Liked')).json<{ page: Page }>().page;
    expect(byPath.seenUsers).toEqual([bobId, adminId]);
    const info = (await admin.get(`/_api/v3/page/info?pageId=${page._id}`)).json<PageSocialInfo>();
    expect(info.seenUsers.map((u) => u.username)).toEqual(['bob', 'admin']);
    expect(info.sumOfSeenUsers).toBe(2);
  });

  it('writes the marks in batches that survive a restart, skipping pages deleted meanwhile', async () => {
    await readPage(bob);
    const doomed = (await admin.post('/_api/v3/page', { path: '/Doomed', body: 'x' })).json<{ page: Page }>()
      .page;
    await bob.get(`/_api/v3/page?pageId=${doomed._id}`);
    const gone = await admin.post('/_api/v3/pages/delete', {
      pageIdToRevisionIdMap: { [doomed._id]: doomed.revision._id },
      isCompletely: true,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await server.close(); // flushes the queued marks before the database closes
    const again = await startTestServer({ dataDir: server.dataDir });
    try {
      const rows = again.app.ctx.db.$client
        .prepare('SELECT page_id AS pageId, user_id AS userId FROM page_seen_users ORDER BY created_at')
        .all();
      expect(rows).toEqual([{ pageId: page._id, userId: bobId }]);
    } finally {
      await again.close();
    }
  });

  it('writes a busy second of first visits in slices of 100, between requests', async () => {
    const pages = await makePages('Busy', 150);
    const { likes } = server.app.ctx;
    const batches = watchSeenWrites();
    for (const p of pages) likes.markSeen(bobId, p._id, []); // as 150 reads in one moment do
    const written = () =>
      (server.app.ctx.db.$client.prepare('SELECT count(*) AS n FROM page_seen_users').get() as { n: number })
        .n;
    for (let i = 0; i < 100 && written() < 150; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).toEqual([100, 50]);
    expect(written()).toBe(150);
  });

  it("writes only the asked page's queued marks before page info reads its readers", async () => {
    const others = await makePages('Queued', 20);
    const { likes } = server.app.ctx;
    const batches = watchSeenWrites();
    for (const p of others) likes.markSeen(bobId, p._id, []);
    likes.markSeen(bobId, page._id, []);
    const info = (await admin.get(`/_api/v3/page/info?pageId=${page._id}`)).json<PageSocialInfo>();
    expect(info.seenUsers.map((u) => u.username)).toEqual(['bob']);
    expect(batches).toEqual([1]); // the other twenty wait for the timer's batch
    likes.flush();
    expect(batches).toEqual([1, 20]);
  });

  it('does not record a reader who may not read the page', async () => {
    setGrant(page._id, GRANT.owner);
    expect((await bob.get(`/_api/v3/page?pageId=${page._id}`)).statusCode).toBe(404);
    expect((await readPage(admin)).seenUsers).toEqual([adminId]);
  });
});

describe('complete deletion and moves', () => {
  it('keep likes, bookmarks and seen-by through a move and remove them with the page', async () => {
    await like(bob, true);
    await bookmark(bob, true);
    await readPage(bob);
    await admin.put('/_api/v3/pages/rename', {
      pageId: page._id,
      revisionId: page.revision._id,
      newPagePath: '/Moved',
    });
    const info = (await bob.get(`/_api/v3/page/info?pageId=${page._id}`)).json<PageSocialInfo>();
    expect(info).toMatchObject({ sumOfLikers: 1, bookmarkCount: 1, sumOfSeenUsers: 1 });
    const del = await admin.post('/_api/v3/pages/delete', {
      pageIdToRevisionIdMap: { [page._id]: page.revision._id },
      isCompletely: true,
    });
    expect(del.statusCode, del.body).toBe(200);
    const sqlite = server.app.ctx.db.$client;
    for (const table of ['likes', 'bookmarks', 'page_seen_users']) {
      expect((sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n).toBe(0);
    }
  });
});
