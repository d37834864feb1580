// Issue 28: GROWI operations a client asks before and around page writes — whether a page is
// there, where a move would collide, the older API's delete / put back / unlink, whether a password
// is set, whether a file may be uploaded — answered in GROWI's shapes, for whom GROWI lets ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let carol: Agent;
const guest = () => new Agent(server.app);

type PageJson = { _id: string; path: string; revision: { _id: string } };
const create = async (path: string, agent: Agent, extra: Record<string, unknown> = {}) => {
  const res = await agent.post('/_api/v3/page', { path, body: `body of ${path}`, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().page as PageJson;
};
const exists = async (agent: Agent, path: string) =>
  (await agent.get(`/_api/v3/page/exist?path=${encodeURIComponent(path)}`)).json().isExist as boolean;

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, bob, carol } = await signInTeam(server.app, ['bob', 'carol']));
  await create('/Docs', bob);
  await create('/Docs/Guide', bob);
  await create('/Docs/Guide/Install', bob);
  await create('/Manual/Guide', bob);
  await create('/Manual/Guide/Install', bob);
  await create('/Docs/Secret', bob, { grant: 4 }); // only bob
});
afterAll(async () => {
  await server.cleanup();
});

describe('GET /page/exist', () => {
  it('answers isExist for pages the reader may see, and false for placeholders', async () => {
    expect(await exists(carol, '/Docs/Guide')).toBe(true);
    expect(await exists(carol, '/Docs/Guide/')).toBe(true);
    expect(await exists(carol, '/Nowhere')).toBe(false);
    expect(await exists(carol, '/Manual')).toBe(false); // an ancestor nobody wrote
    expect(await exists(carol, '/Docs/Secret')).toBe(false);
    expect(await exists(bob, '/Docs/Secret')).toBe(true);
  });

  it('wants a path', async () => {
    expect((await carol.get('/_api/v3/page/exist')).statusCode).toBe(400);
  });
});

describe('GET /page/exist-paths', () => {
  it('lists the pages a move would land on, as GROWI does (a list)', async () => {
    const res = await carol.get('/_api/v3/page/exist-paths?fromPath=/Docs/Guide&toPath=/Manual/Guide');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().existPaths).toEqual(['/Manual/Guide', '/Manual/Guide/Install']);
    const free = await carol.get('/_api/v3/page/exist-paths?fromPath=/Docs/Guide&toPath=/Fresh');
    expect(free.json().existPaths).toEqual([]);
  });

  it('refuses a page to move that is not there, and guests', async () => {
    const missing = await carol.get('/_api/v3/page/exist-paths?fromPath=/Nowhere&toPath=/Else');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].code).toBe('from-page-is-not-exist');
    expect(missing.json().errors[0].message).toBe('The page to move, /Nowhere, does not exist.');
    const asGuest = await guest().get('/_api/v3/page/exist-paths?fromPath=/Docs&toPath=/Else');
    expect(asGuest.statusCode).toBe(401);
  });
});

describe("the older API's page routes", () => {
  it('pages.remove moves a page to the trash; pages.revertRemove puts it back', async () => {
    const page = await create('/Old/Remove me', bob);
    const removed = await bob.post('/_api/pages.remove', {
      page_id: page._id,
      revision_id: page.revision._id,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      ok: true,
      path: '/Old/Remove me',
      isRecursively: false,
      isCompletely: false,
    });
    expect(await exists(bob, '/Old/Remove me')).toBe(false);
    const back = await bob.post('/_api/pages.revertRemove', { page_id: page._id });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ ok: true, page: { _id: page._id, path: '/Old/Remove me' } });
    expect(await exists(bob, '/Old/Remove me')).toBe(true);
  });

  it('pages.remove refuses what the editor may not delete, in the older error shape', async () => {
    const secret = await create('/Old/Bobs own', bob, { grant: 4 });
    const res = await carol.post('/_api/pages.remove', { page_id: secret._id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ok: false });
    const completely = await create('/Old/Keep', bob);
    const notAdmin = await carol.post('/_api/pages.remove', {
      page_id: completely._id,
      completely: true,
    });
    expect(notAdmin.json().ok).toBe(false);
    expect(await exists(bob, '/Old/Keep')).toBe(true);
    expect((await guest().post('/_api/pages.remove', { page_id: completely._id })).statusCode).toBe(401);
  });

  it('pages.unlink removes the redirects that lead to a page', async () => {
    const page = await create('/Old/Before', bob);
    const moved = await bob.put('/_api/v3/pages/rename', {
      pageId: page._id,
      revisionId: page.revision._id,
      newPagePath: '/Old/After',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await bob.get('/_api/v3/page?path=/Old/Before')).json().page?.path).toBe('/Old/After');
    const unlinked = await bob.post('/_api/pages.unlink', { path: '/Old/After' });
    expect(unlinked.json()).toEqual({ ok: true, path: '/Old/After' });
    expect((await bob.get('/_api/v3/page?path=/Old/Before')).statusCode).toBe(404);
  });
});

describe('GET /personal-setting/is-password-set', () => {
  it('says whether the account has a password, and the shortest one allowed', async () => {
    const res = await carol.get('/_api/v3/personal-setting/is-password-set');
    expect(res.json()).toEqual({ isPasswordSet: true, minPasswordLength: 6 });
    expect((await guest().get('/_api/v3/personal-setting/is-password-set')).statusCode).toBe(401);
  });
});

describe('GET /attachment/limit', () => {
  it('says whether a file of that size may be uploaded now', async () => {
    const limit = server.app.ctx.settings.get('app:maxFileSize');
    expect((await carol.get(`/_api/v3/attachment/limit?fileSize=${limit}`)).json()).toEqual({
      isUploadable: true,
    });
    expect((await carol.get(`/_api/v3/attachment/limit?fileSize=${limit + 1}`)).json()).toEqual({
      isUploadable: false,
    });
    expect((await carol.get('/_api/v3/attachment/limit?fileSize=-1')).statusCode).toBe(400);
    expect((await guest().get('/_api/v3/attachment/limit?fileSize=1')).statusCode).toBe(401);
    expect(admin).toBeDefined();
  });
});

describe('GET /page-listing/info and /page-listing/item', () => {
  it("answers GROWI's info per readable page id, pageIds[] or repeated, and leaves out the rest", async () => {
    const guide = (await bob.get('/_api/v3/page?path=/Docs/Guide')).json().page as PageJson;
    const secret = (await bob.get('/_api/v3/page?path=/Docs/Secret')).json().page as PageJson;
    await carol.put('/_api/v3/page/likes', { pageId: guide._id, bool: true });
    const asCarol = await carol.get(
      `/_api/v3/page-listing/info?pageIds[]=${guide._id}&pageIds[]=${secret._id}&attachShortBody=true&attachBookmarkCount=true`,
    );
    expect(asCarol.statusCode, asCarol.body).toBe(200);
    const map = asCarol.json();
    expect(Object.keys(map)).toEqual([guide._id]);
    expect(map[guide._id]).toMatchObject({
      isEmpty: false,
      isMovable: true,
      isDeletable: true,
      isAbleToDeleteCompletely: false,
      isRevertible: false,
      sumOfLikers: 1,
      commentCount: 0,
      descendantCount: 1,
      bookmarkCount: 0,
      revisionShortBody: 'body of /Docs/Guide',
      latestRevisionId: guide.revision._id,
    });
    const repeated = await bob.get(`/_api/v3/page-listing/info?pageIds=${guide._id}&pageIds=${secret._id}`);
    expect(Object.keys(repeated.json()).sort()).toEqual([guide._id, secret._id].sort());
    const byPath = await carol.get('/_api/v3/page-listing/info?path=/Manual');
    expect(Object.values(byPath.json())).toEqual([expect.objectContaining({ isEmpty: true })]);
    expect((await carol.get('/_api/v3/page-listing/info')).statusCode).toBe(400);
  });

  it('answers one tree item, and 404 for a page the reader may not see', async () => {
    const guide = (await bob.get('/_api/v3/page?path=/Docs/Guide')).json().page as PageJson;
    const secret = (await bob.get('/_api/v3/page?path=/Docs/Secret')).json().page as PageJson;
    const item = (await carol.get(`/_api/v3/page-listing/item?id=${guide._id}`)).json().item;
    expect(item).toMatchObject({ _id: guide._id, path: '/Docs/Guide', grant: 1, isEmpty: false, wip: false });
    expect((await carol.get(`/_api/v3/page-listing/item?id=${secret._id}`)).statusCode).toBe(404);
    expect((await carol.get('/_api/v3/page-listing/item?id=nope')).statusCode).toBe(400);
  });
});

describe('GET /pages/subordinated-list', () => {
  const subordinated = async (agent: Agent, query: string) => {
    const res = await agent.get(`/_api/v3/pages/subordinated-list?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().subordinatedPages as PageJson[]).map((page) => page.path);
  };

  it('lists the page and what is below it that the asker may change, by path', async () => {
    expect(await subordinated(bob, 'path=/Docs')).toEqual([
      '/Docs',
      '/Docs/Guide',
      '/Docs/Guide/Install',
      '/Docs/Secret',
    ]);
    expect(await subordinated(carol, 'path=/Docs/')).toEqual(['/Docs', '/Docs/Guide', '/Docs/Guide/Install']);
    expect(await subordinated(carol, 'path=/Docs&limit=2')).toEqual(['/Docs', '/Docs/Guide']);
  });

  it('has nothing for guests to change, and wants a path', async () => {
    expect(await subordinated(guest(), 'path=/Docs')).toEqual([]);
    expect((await bob.get('/_api/v3/pages/subordinated-list')).statusCode).toBe(400);
  });
});
