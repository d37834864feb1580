import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';
import { GRANT, type Page } from '../../src/shared/api-types';
import type { SearchResponse } from '../../src/shared/search-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
  await createUser(server.app, 'bob');
  bob = await signIn(server.app, 'bob');
});
afterEach(async () => {
  await server.cleanup();
});

async function createPage(path: string, body = 'text', agent = admin): Promise<Page> {
  const res = await agent.post('/_api/v3/page', { path, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ page: Page }>().page;
}

const setGrant = (pageId: string, grant: number) =>
  server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = ? WHERE id = ?').run(grant, pageId);

async function tag(page: Page, tags: string[], agent = admin) {
  return agent.post('/_api/tags.update', { pageId: page._id, revisionId: page.revision._id, tags });
}

describe('tags.update', () => {
  it('sets, replaces and removes a page’s tags, merging case-insensitive duplicates', async () => {
    const page = await createPage('/Howto');
    const res = await tag(page, ['howto', ' Linux ', 'HOWTO']);
    expect(res.json()).toEqual({ ok: true, tags: ['howto', 'Linux'] });
    expect((await admin.get('/_api/v3/page?path=/Howto')).json().page.tags).toEqual(['howto', 'Linux']);

    expect((await tag(page, ['linux'])).json().tags).toEqual(['Linux']);
    expect((await tag(page, [])).json().tags).toEqual([]);
    expect((await admin.get('/_api/tags.list')).json().data).toEqual([]);
  });

  it('copies a page’s tags to its duplicates, the subtree’s too', async () => {
    const page = await createPage('/Recipes');
    const child = await createPage('/Recipes/Soup');
    await tag(page, ['food']);
    await tag(child, ['food', 'Hot']);
    const res = await admin.post('/_api/v3/pages/duplicate', {
      pageId: page._id,
      pageNameInput: '/Cookbook',
      isRecursively: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const tagsAt = async (path: string) => (await admin.get(`/_api/v3/page?path=${path}`)).json().page.tags;
    expect(await tagsAt('/Cookbook')).toEqual(['food']);
    expect(await tagsAt('/Cookbook/Soup')).toEqual(['food', 'Hot']);
    expect((await admin.get('/_api/tags.list')).json().data).toContainEqual({ name: 'food', count: 4 });
  });

  it('refuses a tag with spaces or too long, changing nothing', async () => {
    const page = await createPage('/Howto');
    await tag(page, ['kept']);
    for (const bad of ['two words', '', 'x'.repeat(65)]) {
      const res = await tag(page, ['ok', bad]);
      expect(res.statusCode).toBe(400);
      expect(res.json().ok).toBe(false);
      expect(res.json().code).toBe('invalid_tag');
    }
    expect((await admin.get(`/_api/pages.getPageTag?pageId=${page._id}`)).json().tags).toEqual(['kept']);
  });

  it('needs a signed-in user who may edit the page, and a CSRF token', async () => {
    const page = await createPage('/Howto');
    const guest = new Agent(server.app);
    expect((await tag(page, ['x'], guest)).statusCode).toBe(401);
    const noToken = await admin.post(
      '/_api/tags.update',
      { pageId: page._id, revisionId: page.revision._id, tags: ['x'] },
      { 'x-csrf-token': 'wrong' },
    );
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().ok).toBe(false);
    setGrant(page._id, GRANT.owner);
    expect((await tag(page, ['x'], bob)).statusCode).toBe(404);
    expect((await tag(page, ['x'], admin)).json().tags).toEqual(['x']);
  });

  it('refuses pages in the trash', async () => {
    const page = await createPage('/Old');
    const del = await admin.post('/_api/v3/pages/delete', {
      pageIdToRevisionIdMap: { [page._id]: page.revision._id },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await tag(page, ['x'])).statusCode).toBe(409);
  });
});

describe('tags.list and tags.search', () => {
  it('counts pages per tag, most used first, and autocompletes by prefix', async () => {
    await tag(await createPage('/A'), ['linux', 'howto']);
    await tag(await createPage('/B'), ['Linux']);
    await tag(await createPage('/C'), ['lisp']);
    const list = (await bob.get('/_api/tags.list')).json();
    expect(list).toEqual({
      ok: true,
      data: [
        { name: 'linux', count: 2 },
        { name: 'howto', count: 1 },
        { name: 'lisp', count: 1 },
      ],
      totalCount: 3,
    });
    expect((await bob.get('/_api/tags.search?q=LI')).json()).toEqual({ ok: true, tags: ['linux', 'lisp'] });
    expect((await bob.get('/_api/tags.search?q=')).json().tags).toEqual([]);
  });

  it('hides the tags of pages the viewer may not list', async () => {
    const secret = await createPage('/Secret');
    await tag(secret, ['classified', 'shared']);
    await tag(await createPage('/Open'), ['shared']);
    setGrant(secret._id, GRANT.owner);

    expect((await bob.get('/_api/tags.list')).json().data).toEqual([{ name: 'shared', count: 1 }]);
    expect((await bob.get('/_api/tags.search?q=class')).json().tags).toEqual([]);
    expect((await bob.get(`/_api/pages.getPageTag?pageId=${secret._id}`)).statusCode).toBe(404);
    expect((await bob.get(`/_api/v3/page?pageId=${secret._id}`)).statusCode).toBe(404);
    // "Anyone with the link" pages are readable but never listed: their tags are not counted.
    setGrant(secret._id, GRANT.restricted);
    expect((await bob.get('/_api/tags.list')).json().data).toEqual([{ name: 'shared', count: 1 }]);
    expect((await bob.get(`/_api/pages.getPageTag?pageId=${secret._id}`)).json().tags).toEqual([
      'classified',
      'shared',
    ]);
    // The owner sees everything.
    setGrant(secret._id, GRANT.owner);
    expect((await admin.get('/_api/tags.list')).json().data).toEqual([
      { name: 'shared', count: 2 },
      { name: 'classified', count: 1 },
    ]);
  });

  it('lets guests read in read-only guest mode and refuses them in deny mode', async () => {
    await tag(await createPage('/A'), ['public']);
    const guest = new Agent(server.app);
    expect((await guest.get('/_api/tags.list')).json().data).toEqual([{ name: 'public', count: 1 }]);
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    const denied = await guest.get('/_api/tags.list');
    expect(denied.statusCode).toBe(401);
    expect(denied.json().ok).toBe(false);
    expect((await guest.get('/_api/tags.search?q=p')).statusCode).toBe(401);
  });
});

describe('tags and the page lifecycle', () => {
  it('copies a template’s tags to a page created under it', async () => {
    await tag(await createPage('/Team/_template', '# Meeting'), ['meeting', 'team']);
    const created = await createPage('/Team/Monday', 'my own text');
    expect(created.tags).toEqual(['meeting', 'team']);
  });

  it('keeps tags through a move and removes them with complete deletion', async () => {
    const page = await createPage('/Move/Me');
    await tag(page, ['kept']);
    const moved = await admin.put('/_api/v3/pages/rename', {
      pageId: page._id,
      revisionId: page.revision._id,
      newPagePath: '/Moved/Me',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await admin.get('/_api/v3/page?path=/Moved/Me')).json().page.tags).toEqual(['kept']);
    const gone = await admin.post('/_api/v3/pages/delete', {
      pageIdToRevisionIdMap: { [page._id]: page.revision._id },
      isCompletely: true,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const count = server.app.ctx.db.$client.prepare('SELECT count(*) AS n FROM page_tags').get() as {
      n: number;
    };
    expect(count.n).toBe(0);
    expect((await admin.get('/_api/tags.list')).json().data).toEqual([]);
  });
});

describe('search by tag', () => {
  async function search(q: string, agent: Agent): Promise<SearchResponse> {
    await server.app.ctx.search.whenIdle();
    const res = await agent.get(`/_api/v3/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SearchResponse>();
  }

  it('finds a page by tag: once tagged and no longer once the tag is removed', async () => {
    const page = await createPage('/Guide', 'nothing about it in the text');
    await server.app.ctx.search.whenIdle();
    expect((await search('tag:recipes', bob)).data).toEqual([]);
    await tag(page, ['Recipes']);
    const found = await search('tag:recipes', bob);
    expect(found.data.map((hit) => [hit.data.path, hit.data.tags])).toEqual([['/Guide', ['Recipes']]]);
    expect((await search('-tag:recipes guide', bob)).data).toEqual([]);
    await tag(page, []);
    expect((await search('tag:recipes', bob)).data).toEqual([]);
  });

  it('reveals nothing of a hidden page’s tag', async () => {
    const page = await createPage('/Hidden', 'secret text');
    setGrant(page._id, GRANT.owner);
    await tag(page, ['classified']);
    const forBob = await search('tag:classified', bob);
    expect(forBob.data).toEqual([]);
    expect(forBob.meta.total).toBe(0);
    expect((await search('tag:classified', admin)).data.map((h) => h.data.path)).toEqual(['/Hidden']);
  });
});
