// The page tree: parent ids, placeholders, descendant counts, children listing, descendant lists.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';
import { GRANT } from '../../src/shared/api-types';
import type { TreeNode } from '../../src/shared/page-tree-types';

let server: TestServer;
let admin: Agent;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
});
afterEach(async () => {
  await server.cleanup();
});

const create = async (path: string, body = `body of ${path}`) => {
  const res = await admin.post('/_api/v3/page', { path, body });
  expect(res.statusCode).toBe(201);
  return res.json().page as { _id: string; path: string; revision: { _id: string } };
};
const children = async (agent: Agent, query: string) =>
  (await agent.get(`/_api/v3/page-listing/children?${query}`)).json() as {
    children: TreeNode[];
    hasNext: boolean;
  };
const node = async (path: string) =>
  (await children(admin, `path=${encodeURIComponent(path.replace(/\/[^/]+$/, '') || '/')}`)).children.find(
    (child) => child.path === path,
  );

describe('the tree', () => {
  it('creates empty placeholders for missing ancestors and counts descendants', async () => {
    await create('/a/b/c');
    const a = await node('/a');
    expect(a).toMatchObject({ isEmpty: true, descendantCount: 1 });
    expect(await node('/a/b')).toMatchObject({ isEmpty: true, descendantCount: 1 });
    expect(await node('/a/b/c')).toMatchObject({ isEmpty: false, descendantCount: 0 });
    const root = (await admin.get('/_api/v3/page-listing/root')).json().rootPage;
    expect(root).toMatchObject({ path: '/', isEmpty: false, descendantCount: 1 });
    // A placeholder is not a page: reading it is 404 and it is creatable.
    expect((await admin.get('/_api/v3/page?path=/a')).statusCode).toBe(404);
    await create('/a', 'now written');
    expect(await node('/a')).toMatchObject({ isEmpty: false, descendantCount: 1 });
    expect((await children(admin, 'path=/a')).children.map((c) => c.path)).toEqual(['/a/b']);
    expect((await admin.get('/_api/v3/page-listing/root')).json().rootPage.descendantCount).toBe(2);
  });

  it('lists children in path order a window at a time, after a cursor', async () => {
    for (const name of ['c', 'a', 'b', 'd']) await create(`/list/${name}`);
    const first = await children(admin, 'path=/list&limit=3');
    expect(first.children.map((c) => c.path)).toEqual(['/list/a', '/list/b', '/list/c']);
    expect(first.hasNext).toBe(true);
    const next = await children(admin, `path=/list&limit=3&after=${encodeURIComponent('/list/c')}`);
    expect(next).toEqual({ children: [expect.objectContaining({ path: '/list/d' })], hasNext: false });
    const byId = await children(admin, `id=${(await node('/list'))?._id}&limit=2`);
    expect(byId.children).toHaveLength(2);
  });

  it('keeps a level’s first window for the next reader, and reads a window after a cursor each time', async () => {
    for (const name of ['a', 'b', 'c']) await create(`/kept/${name}`);
    const listing = server.app.ctx.pageListing;
    const access = { viewer: null, restrictGuestMode: 'Readonly' as const };
    const first = listing.children(access, { path: '/kept' }, 2);
    expect(listing.children(access, { path: '/kept' }, 2)).toBe(first);
    const after = listing.children(access, { path: '/kept' }, 2, '/kept/b');
    expect(after.children.map((c) => c.path)).toEqual(['/kept/c']);
    expect(listing.children(access, { path: '/kept' }, 2, '/kept/b')).not.toBe(after);
  });

  it('validates the children query and answers 404 for an unknown parent', async () => {
    expect((await admin.get('/_api/v3/page-listing/children')).statusCode).toBe(400);
    expect((await admin.get('/_api/v3/page-listing/children?id=xyz')).statusCode).toBe(400);
    expect((await admin.get('/_api/v3/page-listing/children?path=/nope')).statusCode).toBe(404);
    expect((await admin.get('/_api/v3/page-listing/children?path=/&limit=5000')).statusCode).toBe(400);
  });

  it('hides "only me" pages from other users and guests, and answers 401 to guests in deny mode', async () => {
    const secret = await create('/team/secret');
    await create('/team/open');
    server.app.ctx.db.$client
      .prepare('UPDATE pages SET "grant" = ? WHERE id = ?')
      .run(GRANT.owner, secret._id);
    await createUser(server.app, 'bob');
    const bob = await signIn(server.app, 'bob');
    const guest = new Agent(server.app);
    for (const agent of [bob, guest]) {
      expect((await children(agent, 'path=/team')).children.map((c) => c.path)).toEqual(['/team/open']);
      expect((await agent.get('/_api/v3/pages/list?path=/team')).json().totalCount).toBe(1);
    }
    expect((await children(admin, 'path=/team')).children).toHaveLength(2);
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    expect((await guest.get('/_api/v3/page-listing/children?path=/')).statusCode).toBe(401);
    expect((await guest.get('/_api/v3/page-listing/root')).statusCode).toBe(401);
    expect((await guest.get('/_api/v3/pages/list?path=/')).statusCode).toBe(401);
    expect((await guest.get('/_api/v3/pages/trash')).statusCode).toBe(401);
  });

  it('lists descendants with pagination and a total, without placeholders', async () => {
    for (let i = 0; i < 7; i++) await create(`/docs/deep/p${i}`);
    const res = (await admin.get('/_api/v3/pages/list?path=/docs&page=2&limit=3')).json();
    expect(res.totalCount).toBe(7);
    expect(res.pages.map((p: { path: string }) => p.path)).toEqual([
      '/docs/deep/p3',
      '/docs/deep/p4',
      '/docs/deep/p5',
    ]);
    expect((await admin.get('/_api/v3/pages/list?path=/docs&limit=101')).statusCode).toBe(400);
    expect((await admin.get('/_api/v3/pages/list')).statusCode).toBe(400);
  });

  it('lists the pages under the top page without the top page itself', async () => {
    await create('/docs/a');
    const paths = (await admin.get('/_api/v3/pages/list?path=/&limit=100'))
      .json()
      .pages.map((p: { path: string }) => p.path);
    expect(paths).toContain('/docs/a');
    expect(paths).not.toContain('/');
  });

  it('gives pages of an older database their parents and counts at start', async () => {
    await create('/old/one');
    const sqlite = server.app.ctx.db.$client;
    sqlite.exec(
      `DELETE FROM pages WHERE is_empty = 1; UPDATE pages SET parent_id = NULL, descendant_count = 0`,
    );
    await server.close();
    const reopened = await startTestServer({ dataDir: server.dataDir });
    server = reopened;
    admin = new Agent(reopened.app);
    const res = (await admin.get('/_api/v3/page-listing/children?path=/old')).json();
    expect(res.children.map((c: TreeNode) => c.path)).toEqual(['/old/one']);
    expect((await admin.get('/_api/v3/page-listing/root')).json().rootPage.descendantCount).toBe(1);
  });
});

describe('templates', () => {
  it('starts a new page from _template beside it, else the nearest ancestor __template', async () => {
    await create('/proj/__template', 'descendants template');
    await create('/proj/notes/_template', 'children template');
    const template = async (path: string) =>
      (await admin.get(`/_api/v3/pages/template?path=${encodeURIComponent(path)}`)).json().template;
    expect(await template('/proj/notes/today')).toEqual({
      templatePath: '/proj/notes/_template',
      body: 'children template',
    });
    expect(await template('/proj/notes/today/deeper')).toMatchObject({ templatePath: '/proj/__template' });
    expect(await template('/proj/other')).toMatchObject({ body: 'descendants template' });
    expect(await template('/elsewhere')).toBeNull();
    expect((await admin.get('/_api/v3/pages/template?path=/bad?x')).statusCode).toBe(400);
    const created = (await admin.post('/_api/v3/page', { path: '/proj/notes/new' })).json().page;
    expect(created.revision.body).toBe('children template');
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    expect((await new Agent(server.app).get('/_api/v3/pages/template?path=/proj/x')).statusCode).toBe(401);
  });
});
