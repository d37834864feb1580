import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';
import { GRANT } from '../../src/shared/api-types';

let server: TestServer;
let admin: Agent;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
});
afterEach(async () => {
  await server.cleanup();
});

const revisionCount = (pageId: string) =>
  (
    server.app.ctx.db.$client
      .prepare('SELECT count(*) AS n FROM revisions WHERE page_id = ?')
      .get(pageId) as { n: number }
  ).n;

describe('creating a page', () => {
  it('stores the page and its first revision and answers 201', async () => {
    const res = await admin.post('/_api/v3/page', {
      path: '/Team/Handbook',
      body: '# Handbook\n\n| a | b |\n|---|---|',
    });
    expect(res.statusCode).toBe(201);
    const { page } = res.json();
    expect(page).toMatchObject({
      path: '/Team/Handbook',
      grant: GRANT.public,
      creator: { username: 'admin' },
    });
    expect(page._id).toMatch(/^[0-9a-f]{24}$/);
    expect(page.revision).toMatchObject({
      body: '# Handbook\n\n| a | b |\n|---|---|',
      author: { username: 'admin' },
    });
    expect(revisionCount(page._id)).toBe(1);
  });

  it('normalizes the path (leading slash, no trailing slash)', async () => {
    const res = await admin.post('/_api/v3/page', { path: 'Docs/', body: '' });
    expect(res.json().page.path).toBe('/Docs');
  });

  it('refuses an existing path with 409 "already exists"', async () => {
    await admin.post('/_api/v3/page', { path: '/Docs', body: 'one' });
    const res = await admin.post('/_api/v3/page', { path: '/Docs', body: 'two' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toEqual({
      code: 'already_exists',
      message: 'The page /Docs already exists.',
    });
    expect((await admin.get('/_api/v3/page?path=/Docs')).json().page.revision.body).toBe('one');
  });

  it.each([
    '/a?b',
    '/a#b',
    '/admin/page',
    '/_api/x',
    '/a//b',
    '/a/../b',
    '/x/edit',
    '/y.md',
    'https://evil.example',
    '/me',
  ])('refuses %s with 400 "Invalid characters on path"', async (path) => {
    const res = await admin.post('/_api/v3/page', { path, body: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ code: 'invalid_path', message: 'Invalid characters on path' });
  });

  it.each(['/a\u0000b', '/line\nbreak', '   ', '/\uD800'])(
    'refuses the unparsable path %j with "Invalid path format"',
    async (path) => {
      const res = await admin.post('/_api/v3/page', { path, body: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toBe('Invalid path format');
    },
  );

  it("answers in the user's own language before the browser's", async () => {
    await admin.put('/_api/v3/personal-setting', { name: 'Ada', email: 'ada@example.com', lang: 'zh_CN' });
    const res = await admin.post('/_api/v3/page', { path: '/a?b', body: 'x' }, { 'accept-language': 'ja' });
    expect(res.json().errors[0].message).toBe('路径中包含无效字符');
  });

  it('is refused to guests with 401', async () => {
    const guest = new Agent(server.app);
    const res = await guest.post('/_api/v3/page', { path: '/Guest', body: 'x' });
    expect(res.statusCode).toBe(401);
    expect((await admin.get('/_api/v3/page?path=/Guest')).statusCode).toBe(404);
  });

  it('refuses a body over 10 MB with a clear message', async () => {
    const res = await admin.post('/_api/v3/page', { path: '/Huge', body: 'x'.repeat(10_000_001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(
      'Body must be at most 10000000 characters',
    );
  });
});

describe('reading a page', () => {
  it('finds it by path and by permalink id, with the latest body', async () => {
    const { page } = (
      await admin.post('/_api/v3/page', { path: '/日本語 ページ', body: 'こんにちは' })
    ).json();
    const byPath = await admin.get(`/_api/v3/page?path=${encodeURIComponent('/日本語 ページ')}`);
    expect(byPath.json().page._id).toBe(page._id);
    const byId = await admin.get(`/_api/v3/page?pageId=${page._id}`);
    expect(byId.json().page.revision.body).toBe('こんにちは');
  });

  it('answers 404 notfound_or_forbidden for a missing page and 400 without path or id', async () => {
    const missing = await admin.get('/_api/v3/page?path=/Nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('notfound_or_forbidden');
    expect((await admin.get('/_api/v3/page')).statusCode).toBe(400);
    expect((await admin.get('/_api/v3/page?pageId=not-an-id')).statusCode).toBe(400);
  });

  it('lets guests read public pages in read-only guest mode, and nothing in deny mode', async () => {
    await admin.post('/_api/v3/page', { path: '/Public', body: 'hello' });
    const guest = new Agent(server.app);
    expect((await guest.get('/_api/v3/page?path=/Public')).json().page.revision.body).toBe('hello');
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    expect((await guest.get('/_api/v3/page?path=/Public')).statusCode).toBe(401);
    expect((await guest.get('/_api/v3/pages/recent')).statusCode).toBe(401);
  });

  it('hides an "only me" page from everyone but its creator, in reads and lists', async () => {
    const { page } = (await admin.post('/_api/v3/page', { path: '/Private', body: 'secret words' })).json();
    server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = ? WHERE id = ?').run(GRANT.owner, page._id);
    await createUser(server.app, 'bob');
    const bob = await signIn(server.app, 'bob');
    for (const agent of [bob, new Agent(server.app)]) {
      expect((await agent.get('/_api/v3/page?path=/Private')).statusCode).toBe(404);
      expect((await agent.get(`/_api/v3/page?pageId=${page._id}`)).statusCode).toBe(404);
      const recent = await agent.get('/_api/v3/pages/recent');
      expect(recent.body).not.toContain('/Private');
      const put = await agent.put('/_api/v3/page', {
        pageId: page._id,
        revisionId: page.revision._id,
        body: 'hacked',
      });
      expect([401, 404]).toContain(put.statusCode);
    }
    expect((await admin.get('/_api/v3/page?path=/Private')).json().page.revision.body).toBe('secret words');
  });
});

describe('saving a page', () => {
  it('stores every save as a new revision', async () => {
    const { page } = (await admin.post('/_api/v3/page', { path: '/Log', body: 'v1' })).json();
    const res = await admin.put('/_api/v3/page', {
      pageId: page._id,
      revisionId: page.revision._id,
      body: 'v2',
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().page;
    expect(saved.revision.body).toBe('v2');
    expect(saved.revision._id).not.toBe(page.revision._id);
    expect(revisionCount(page._id)).toBe(2);
    expect((await admin.get('/_api/v3/page?path=/Log')).json().page.revision.body).toBe('v2');
  });

  it('answers 409 with SPEC’s conflict message to a save based on a stale revision, and loses nothing', async () => {
    const { page } = (await admin.post('/_api/v3/page', { path: '/Shared', body: 'base' })).json();
    const first = await admin.put('/_api/v3/page', {
      pageId: page._id,
      revisionId: page.revision._id,
      body: 'first',
    });
    const stale = await admin.put('/_api/v3/page', {
      pageId: page._id,
      revisionId: page.revision._id,
      body: 'second',
    });
    expect(stale.statusCode).toBe(409);
    const error = stale.json().errors[0];
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/^Couldn't save .* someone else was editing/);
    expect(error.args.latestRevisionId).toBe(first.json().page.revision._id);
    expect((await admin.get('/_api/v3/page?path=/Shared')).json().page.revision.body).toBe('first');
    expect(revisionCount(page._id)).toBe(2);
  });

  it('is refused to guests and for unknown pages', async () => {
    const { page } = (await admin.post('/_api/v3/page', { path: '/Mine', body: 'x' })).json();
    const guest = new Agent(server.app);
    expect(
      (await guest.put('/_api/v3/page', { pageId: page._id, revisionId: page.revision._id, body: 'y' }))
        .statusCode,
    ).toBe(401);
    const unknown = await admin.put('/_api/v3/page', {
      pageId: 'f'.repeat(24),
      revisionId: page.revision._id,
      body: 'y',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('recent pages', () => {
  it('lists pages newest first with a total, paginated', async () => {
    for (const name of ['One', 'Two', 'Three'])
      await admin.post('/_api/v3/page', { path: `/${name}`, body: name });
    const res = await admin.get('/_api/v3/pages/recent?limit=2&offset=0');
    const { pages, totalCount } = res.json();
    expect(totalCount).toBe(4); // the three and the top page
    expect(pages.map((p: { path: string }) => p.path)).toEqual(['/Three', '/Two']);
    expect(pages[0]).not.toHaveProperty('revision');
    const next = (await admin.get('/_api/v3/pages/recent?limit=2&offset=2')).json();
    expect(next.pages.map((p: { path: string }) => p.path)).toEqual(['/One', '/']);
    expect((await admin.get('/_api/v3/pages/recent?limit=1000')).statusCode).toBe(400);
  });
});
