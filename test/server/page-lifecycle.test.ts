// Rename with descendants and redirects, duplicate, trash round trips, complete deletion rules.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';
import type { QuireEvents } from '../../src/server/lib/events';

let server: TestServer;
let admin: Agent;
let events: { name: keyof QuireEvents; path: string; oldPath?: string }[];
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
  events = [];
  const bus = server.app.ctx.events;
  bus.on('page:moved', (e) => events.push({ name: 'page:moved', path: e.path, oldPath: e.oldPath }));
  bus.on('page:deleted', (e) => events.push({ name: 'page:deleted', path: e.path }));
  bus.on('page:created', (e) => events.push({ name: 'page:created', path: e.path }));
});
afterEach(async () => {
  await server.cleanup();
});

type PageJson = {
  _id: string;
  path: string;
  revision: { _id: string; body: string };
  descendantCount: number;
};
const create = async (path: string, agent = admin) => {
  const res = await agent.post('/_api/v3/page', { path, body: `body of ${path}` });
  expect(res.statusCode).toBe(201);
  return res.json().page as PageJson;
};
const read = async (path: string, agent = admin) =>
  agent.get(`/_api/v3/page?path=${encodeURIComponent(path)}`);
const rename = (page: PageJson, newPagePath: string, isRecursively = true, agent = admin) =>
  agent.put('/_api/v3/pages/rename', {
    pageId: page._id,
    revisionId: page.revision._id,
    newPagePath,
    isRecursively,
  });
const remove = (
  pages: PageJson[],
  options: { isRecursively?: boolean; isCompletely?: boolean },
  agent = admin,
) =>
  agent.post('/_api/v3/pages/delete', {
    pageIdToRevisionIdMap: Object.fromEntries(pages.map((p) => [p._id, p.revision._id])),
    ...options,
  });
const pathsUnder = (path: string) =>
  (
    server.app.ctx.db.$client
      .prepare(
        `SELECT path FROM pages WHERE (path = ? OR path LIKE ? || '/%') AND is_empty = 0 ORDER BY path`,
      )
      .all(path, path) as { path: string }[]
  ).map((row) => row.path);
const count = async (path: string) => (await read(path)).json().page.descendantCount as number;

describe('renaming', () => {
  it('moves a page with its descendants, keeps old paths as redirects and counts right', async () => {
    const a = await create('/A');
    await create('/A/b');
    await create('/A/b/c');
    await create('/Z/keep');
    const res = await rename(a, '/Z/a2');
    expect(res.statusCode).toBe(200);
    expect(res.json().page).toMatchObject({ path: '/Z/a2', descendantCount: 2 });
    expect(pathsUnder('/Z')).toEqual(['/Z/a2', '/Z/a2/b', '/Z/a2/b/c', '/Z/keep']);
    expect(pathsUnder('/A')).toEqual([]);
    const redirected = (await read('/A/b/c')).json();
    expect(redirected).toMatchObject({ page: { path: '/Z/a2/b/c' }, redirectFrom: '/A/b/c' });
    expect((await admin.get('/_api/v3/page-listing/children?path=/A')).statusCode).toBe(404); // placeholder pruned
    expect((await admin.get('/_api/v3/page-listing/root')).json().rootPage.descendantCount).toBe(4);
    expect(events.filter((e) => e.name === 'page:moved')).toEqual([
      { name: 'page:moved', oldPath: '/A', path: '/Z/a2' },
      { name: 'page:moved', oldPath: '/A/b', path: '/Z/a2/b' },
      { name: 'page:moved', oldPath: '/A/b/c', path: '/Z/a2/b/c' },
    ]);
  });

  it('moves a page alone, leaving a placeholder that keeps its children', async () => {
    const a = await create('/solo');
    await create('/solo/child');
    expect((await rename(a, '/moved', false)).json().page).toMatchObject({
      path: '/moved',
      descendantCount: 0,
    });
    expect(pathsUnder('/solo')).toEqual(['/solo/child']);
    const kids = (await admin.get('/_api/v3/page-listing/children?path=/solo')).json().children;
    expect(kids.map((k: { path: string }) => k.path)).toEqual(['/solo/child']);
  });

  it('answers 409 when the target or a descendant target exists, and moves nothing', async () => {
    const a = await create('/src');
    await create('/src/x');
    await create('/dst/x');
    const clash = await rename(a, '/dst');
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors[0]).toMatchObject({ code: 'already_exists' });
    expect(pathsUnder('/src')).toEqual(['/src', '/src/x']);
    await create('/taken');
    const taken = await rename(a, '/taken');
    expect(taken.json().errors[0]).toEqual({
      code: 'already_exists',
      message: 'The page /taken already exists.',
    });
    expect(events.filter((e) => e.name === 'page:moved')).toEqual([]);
  });

  it('validates the new path with SPEC messages and refuses stale revisions and the top page', async () => {
    const a = await create('/v');
    const empty = await rename(a, '  ');
    expect(empty.json().errors[0].message).toBe('Please input the new page path');
    expect((await rename(a, '/bad?path')).json().errors[0].message).toBe('Invalid characters on path');
    expect((await rename(a, '/v/inside')).statusCode).toBe(400);
    const stale = await admin.put('/_api/v3/pages/rename', {
      pageId: a._id,
      revisionId: 'f'.repeat(24),
      newPagePath: '/w',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].code).toBe('outdated');
    const top = (await read('/')).json().page;
    expect((await rename(top, '/top2')).statusCode).toBe(400);
  });

  it('replaces the old prefix case-insensitively but only moves the exact subtree', async () => {
    const lower = await create('/case');
    await create('/case/in');
    await create('/CASE/other');
    await rename(lower, '/renamed');
    expect(pathsUnder('/renamed')).toEqual(['/renamed', '/renamed/in']);
    expect(pathsUnder('/CASE')).toEqual(['/CASE/other']);
  });

  it('is refused to guests (401) and to users who cannot edit a descendant (403)', async () => {
    const a = await create('/guarded');
    const secret = await create('/guarded/secret');
    expect((await rename(a, '/g2', true, new Agent(server.app))).statusCode).toBe(401);
    server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = 4 WHERE id = ?').run(secret._id);
    await createUser(server.app, 'bob');
    const bob = await signIn(server.app, 'bob');
    expect((await rename(a, '/g2', true, bob)).statusCode).toBe(403);
    expect((await rename(secret, '/g3', false, bob)).statusCode).toBe(404);
  });
});

describe('duplicating', () => {
  it('copies a page and its descendants to a new path with their latest bodies', async () => {
    const a = await create('/orig');
    await create('/orig/kid');
    const res = await admin.post('/_api/v3/pages/duplicate', {
      pageId: a._id,
      pageNameInput: '/copy',
      isRecursively: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().page).toMatchObject({ path: '/copy', revision: { body: 'body of /orig' } });
    expect(pathsUnder('/copy')).toEqual(['/copy', '/copy/kid']);
    expect(pathsUnder('/orig')).toEqual(['/orig', '/orig/kid']);
    expect(
      (await admin.post('/_api/v3/pages/duplicate', { pageId: a._id, pageNameInput: '/copy' })).statusCode,
    ).toBe(409);
    const guest = new Agent(server.app);
    expect(
      (await guest.post('/_api/v3/pages/duplicate', { pageId: a._id, pageNameInput: '/g' })).statusCode,
    ).toBe(401);
    expect(events.filter((e) => e.name === 'page:created').map((e) => e.path)).toContain('/copy/kid');
  });
});

describe('trash', () => {
  it('deletes to the trash with descendants, lists it, and puts it back', async () => {
    const a = await create('/trip');
    await create('/trip/leg');
    expect((await remove([a], { isRecursively: true })).statusCode).toBe(200);
    expect((await read('/trip')).statusCode).toBe(404);
    expect(pathsUnder('/trash/trip')).toEqual(['/trash/trip', '/trash/trip/leg']);
    const trash = (await admin.get('/_api/v3/pages/trash')).json();
    expect(trash.pages.map((p: { path: string }) => p.path).sort()).toEqual([
      '/trash/trip',
      '/trash/trip/leg',
    ]);
    expect((await admin.get('/_api/v3/page-listing/root')).json().rootPage.descendantCount).toBe(0);
    const back = await admin.put('/_api/v3/pages/revert', { pageId: a._id, isRecursively: true });
    expect(back.statusCode).toBe(200);
    expect(pathsUnder('/trip')).toEqual(['/trip', '/trip/leg']);
    expect(await count('/trip')).toBe(1);
    expect(events.filter((e) => e.name === 'page:moved').map((e) => e.path)).toEqual([
      '/trash/trip',
      '/trash/trip/leg',
      '/trip',
      '/trip/leg',
    ]);
  });

  it('answers 409 to a put back onto an occupied path', async () => {
    const a = await create('/again');
    await remove([a], {});
    await create('/again');
    const res = await admin.put('/_api/v3/pages/revert', { pageId: a._id });
    expect(res.statusCode).toBe(409);
    expect(pathsUnder('/trash/again')).toEqual(['/trash/again']);
  });

  it('deletes completely per the admin setting, with user_not_admin refusals', async () => {
    await createUser(server.app, 'bob');
    await createUser(server.app, 'carol');
    const bob = await signIn(server.app, 'bob');
    const carol = await signIn(server.app, 'carol');
    const bobs = await create('/bobs', bob);
    const setAuthority = (value: string, agent = admin) =>
      agent.put('/_api/v3/security-setting/general-setting', { pageCompleteDeletionAuthority: value });

    // adminOnly (the default): the author is refused with SPEC's message.
    const refused = await remove([bobs], { isCompletely: true }, bob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toEqual({
      code: 'user_not_admin',
      message: 'Only admin may delete completely.',
    });
    expect(pathsUnder('/bobs')).toEqual(['/bobs']);

    expect((await setAuthority('adminAndAuthor')).statusCode).toBe(200);
    expect((await remove([bobs], { isCompletely: true }, carol)).statusCode).toBe(403);
    expect((await remove([bobs], { isCompletely: true }, bob)).statusCode).toBe(200);
    expect(pathsUnder('/bobs')).toEqual([]);
    expect(events.at(-1)).toEqual({ name: 'page:deleted', path: '/bobs' });

    await setAuthority('anyOne');
    const other = await create('/others', bob);
    expect((await remove([other], { isCompletely: true }, carol)).statusCode).toBe(200);

    expect((await setAuthority('anyOne', bob)).statusCode).toBe(403);
    expect((await setAuthority('everyone')).statusCode).toBe(400);
    expect((await setAuthority('anyOne', new Agent(server.app))).statusCode).toBe(401);
  });

  it('empties the trash for admins and refuses users under adminOnly', async () => {
    const a = await create('/junk');
    await create('/junk/more');
    await remove([a], { isRecursively: true });
    await createUser(server.app, 'bob');
    const bob = await signIn(server.app, 'bob');
    expect((await bob.request('DELETE', '/_api/v3/pages/empty-trash')).statusCode).toBe(403);
    expect((await new Agent(server.app).request('DELETE', '/_api/v3/pages/empty-trash')).statusCode).toBe(
      401,
    );
    const res = await admin.request('DELETE', '/_api/v3/pages/empty-trash');
    expect(res.json()).toMatchObject({ deletedCount: 2 });
    expect(
      res
        .json()
        .deletablePages.map((p: { path: string }) => p.path)
        .sort(),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^\/trash\//)]));
    expect(res.json().deletablePages).toHaveLength(2);
    expect(pathsUnder('/trash')).toEqual([]);
  });

  it('refuses a delete with a stale revision, changing nothing', async () => {
    const a = await create('/stale');
    const res = await admin.post('/_api/v3/pages/delete', {
      pageIdToRevisionIdMap: { [a._id]: 'e'.repeat(24) },
    });
    expect(res.statusCode).toBe(409);
    expect(pathsUnder('/stale')).toEqual(['/stale']);
    expect((await admin.post('/_api/v3/pages/delete', { pageIdToRevisionIdMap: {} })).statusCode).toBe(400);
  });
});

describe('redirects', () => {
  it('unlinks the old paths of a moved page, and refuses guests and readers of others’ pages', async () => {
    const a = await create('/was');
    await rename(a, '/is');
    expect((await read('/was')).json().redirectFrom).toBe('/was');
    expect((await new Agent(server.app).put('/_api/v3/pages/unlink', { pageId: a._id })).statusCode).toBe(
      401,
    );
    const res = await admin.put('/_api/v3/pages/unlink', { pageId: a._id, fromPath: '/was' });
    expect(res.json()).toEqual({ unlinkedCount: 1 });
    expect((await read('/was')).statusCode).toBe(404);
    expect((await admin.put('/_api/v3/pages/unlink', { pageId: 'x' })).statusCode).toBe(400);
  });

  it('keeps a page in the trash read-only until it is put back', async () => {
    const a = await create('/readonly');
    await remove([a], {});
    const save = await admin.put('/_api/v3/page', { pageId: a._id, revisionId: a.revision._id, body: 'x' });
    expect(save.statusCode).toBe(404);
  });
});

describe('validation messages', () => {
  it('names the new fields in SPEC §5 words', async () => {
    const res = await admin.put('/_api/v3/pages/rename', {
      pageId: 'f'.repeat(24),
      revisionId: 'f'.repeat(24),
    });
    expect(res.json().errors).toContainEqual({ code: 'required', message: 'New page path is required' });
    const bad = await admin.put('/_api/v3/security-setting/general-setting', {
      pageCompleteDeletionAuthority: 'nobody',
    });
    expect(bad.json().errors).toContainEqual({
      code: 'invalid',
      message: 'The syntax of Complete deletion is invalid.',
    });
  });
});

describe('trash round trips', () => {
  it('keeps two deletions of the same path apart and puts each back where it came from', async () => {
    const first = await create('/twice');
    await create('/twice/kid');
    expect((await remove([first], { isRecursively: true })).statusCode).toBe(200);
    const second = await create('/twice');
    expect((await remove([second], { isRecursively: true })).statusCode).toBe(200);
    expect(pathsUnder('/trash/twice')).toEqual(['/trash/twice', '/trash/twice/kid']);
    expect(pathsUnder(`/trash/twice~${second._id}`)).toEqual([`/trash/twice~${second._id}`]);
    // The first comes back to /twice with its child; the second then finds its path taken.
    expect(
      (await admin.put('/_api/v3/pages/revert', { pageId: first._id, isRecursively: true })).statusCode,
    ).toBe(200);
    expect(pathsUnder('/twice')).toEqual(['/twice', '/twice/kid']);
    expect((await admin.put('/_api/v3/pages/revert', { pageId: second._id })).statusCode).toBe(409);
  });
});
