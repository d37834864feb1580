// Issue 28: the page read carries GROWI's `meta` beside the page — what this reader may do with it
// and its counts — the same whether the page comes from memory or from the database.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';
import type { Page } from '../../src/shared/api-types';

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
  await admin.post('/_api/v3/page', { path: '/team/notes/child', body: 'below' });
});
afterEach(() => server.cleanup());

const idOf = async (agent: Agent) =>
  (await agent.get('/_api/v3/personal-setting')).json<{ currentUser: { _id: string } }>().currentUser._id;

async function metaOf(agent: Agent, path = '/team/notes') {
  const res = await agent.get(`/_api/v3/page?path=${encodeURIComponent(path)}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ meta: Record<string, unknown> }>().meta;
}

describe('the page read’s meta', () => {
  it('counts likes, bookmarks, readers, comments and pages below', async () => {
    await bob.put('/_api/v3/page/likes', { pageId: page._id, bool: true });
    await bob.put('/_api/v3/bookmarks', { pageId: page._id, bool: true });
    await bob.post('/_api/comments.add', { commentForm: { page_id: page._id, comment: 'hello' } });
    await metaOf(bob);
    const meta = await metaOf(admin);
    const [bobId, adminId] = [await idOf(bob), await idOf(admin)];
    expect(meta).toMatchObject({
      isNotFound: false,
      isEmpty: false,
      sumOfLikers: 1,
      likerIds: [bobId],
      bookmarkCount: 1,
      commentCount: 1,
      descendantCount: 1,
      latestRevisionId: page.revision._id,
      contentAge: 0,
      isRevertible: false,
    });
    expect(meta.seenUserIds).toEqual(expect.arrayContaining([bobId, adminId]));
  });

  it('says what this reader may do', async () => {
    expect(await metaOf(admin)).toMatchObject({
      isMovable: true,
      isDeletable: true,
      isAbleToDeleteCompletely: true,
    });
    expect(await metaOf(bob)).toMatchObject({
      isMovable: true,
      isDeletable: true,
      isAbleToDeleteCompletely: false,
    });
    server.app.ctx.settings.set('security:restrictGuestMode', 'Readonly');
    const guest = new Agent(server.app);
    expect(await metaOf(guest)).toMatchObject({
      isMovable: false,
      isDeletable: false,
      isAbleToDeleteCompletely: false,
    });
    expect((await metaOf(admin, '/')).isDeletable).toBe(false);
  });

  it('counts a bookmark added or removed after the page was kept in memory', async () => {
    // A guest's reads take the hot path: the kept answer, its bookmark count kept with it.
    server.app.ctx.settings.set('security:restrictGuestMode', 'Readonly');
    server.app.ctx.likes.flush();
    const guest = new Agent(server.app);
    await metaOf(guest);
    expect((await metaOf(guest)).bookmarkCount).toBe(0);
    await bob.put('/_api/v3/bookmarks', { pageId: page._id, bool: true });
    expect((await metaOf(guest)).bookmarkCount).toBe(1);
    await bob.put('/_api/v3/bookmarks', { pageId: page._id, bool: false });
    expect((await metaOf(guest)).bookmarkCount).toBe(0);
  });

  it('is the same from memory as from the database', async () => {
    const cached = await metaOf(admin);
    server.app.ctx.pages.readCache.clear();
    expect(await metaOf(admin)).toEqual(cached);
  });
});
