// Page history: list, old revision, diff, restore as a new revision; each behind canReadPage.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';
import { GRANT } from '../../src/shared/api-types';

let server: TestServer;
let admin: Agent;
let pageId: string;
let revisionIds: string[];
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
  let page = (await admin.post('/_api/v3/page', { path: '/History', body: 'one\ntwo\n' })).json().page;
  pageId = page._id;
  revisionIds = [page.revision._id];
  for (const body of ['one\n2\n', 'one\n2\nthree\n']) {
    page = (await admin.put('/_api/v3/page', { pageId, revisionId: page.revision._id, body })).json().page;
    revisionIds.push(page.revision._id);
  }
});
afterEach(async () => {
  await server.cleanup();
});

describe('revisions', () => {
  it('lists revisions newest first with author, date and size, paginated', async () => {
    const res = (await admin.get(`/_api/v3/revisions/list?pageId=${pageId}&limit=2`)).json();
    expect(res.totalCount).toBe(3);
    expect(res.revisions).toHaveLength(2);
    expect(res.revisions[0]).toMatchObject({ _id: revisionIds[2], size: 12, author: { username: 'admin' } });
    const second = (await admin.get(`/_api/v3/revisions/list?pageId=${pageId}&limit=2&page=2`)).json();
    expect(second.revisions.map((r: { _id: string }) => r._id)).toEqual([revisionIds[0]]);
  });

  it('shows an old revision, and 404 for a revision of another page', async () => {
    const res = await admin.get(`/_api/v3/revisions/${revisionIds[0]}?pageId=${pageId}`);
    expect(res.json().revision).toMatchObject({ body: 'one\ntwo\n', pageId });
    const other = (await admin.post('/_api/v3/page', { path: '/Other', body: 'x' })).json().page;
    expect((await admin.get(`/_api/v3/revisions/${revisionIds[0]}?pageId=${other._id}`)).statusCode).toBe(
      404,
    );
    expect((await admin.get(`/_api/v3/revisions/${revisionIds[0]}`)).statusCode).toBe(400);
  });

  it('diffs two revisions line by line, and a revision with its predecessor by default', async () => {
    const res = (
      await admin.get(`/_api/v3/revisions/diff?pageId=${pageId}&from=${revisionIds[0]}&to=${revisionIds[2]}`)
    ).json();
    const removed = res.changes
      .filter((c: { removed: boolean }) => c.removed)
      .map((c: { value: string }) => c.value);
    const added = res.changes
      .filter((c: { added: boolean }) => c.added)
      .map((c: { value: string }) => c.value);
    expect(removed).toEqual(['two\n']);
    expect(added).toEqual(['2\nthree\n']);
    const byDefault = (
      await admin.get(`/_api/v3/revisions/diff?pageId=${pageId}&to=${revisionIds[2]}`)
    ).json();
    expect(byDefault.from._id).toBe(revisionIds[1]);
    expect(byDefault.changes.filter((c: { added: boolean }) => c.added)).toEqual([
      { value: 'three\n', added: true, removed: false, count: 1 },
    ]);
    const first = (await admin.get(`/_api/v3/revisions/diff?pageId=${pageId}&to=${revisionIds[0]}`)).json();
    expect(first.from).toBeNull();
  });

  it('restores an old revision as a new one, with conflict detection', async () => {
    const res = await admin.put('/_api/v3/revisions/restore', {
      pageId,
      revisionId: revisionIds[2],
      targetRevisionId: revisionIds[0],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().page.revision.body).toBe('one\ntwo\n');
    expect((await admin.get(`/_api/v3/revisions/list?pageId=${pageId}`)).json().totalCount).toBe(4);
    const stale = await admin.put('/_api/v3/revisions/restore', {
      pageId,
      revisionId: revisionIds[2],
      targetRevisionId: revisionIds[1],
    });
    expect(stale.statusCode).toBe(409);
    const guest = new Agent(server.app);
    const denied = await guest.put('/_api/v3/revisions/restore', {
      pageId,
      revisionId: res.json().page.revision._id,
      targetRevisionId: revisionIds[1],
    });
    expect(denied.statusCode).toBe(401);
  });

  it('hides the history of pages the viewer may not read', async () => {
    server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = ? WHERE id = ?').run(GRANT.owner, pageId);
    await createUser(server.app, 'bob');
    const bob = await signIn(server.app, 'bob');
    for (const agent of [bob, new Agent(server.app)]) {
      expect((await agent.get(`/_api/v3/revisions/list?pageId=${pageId}`)).statusCode).toBe(404);
      expect((await agent.get(`/_api/v3/revisions/${revisionIds[0]}?pageId=${pageId}`)).statusCode).toBe(404);
      expect(
        (await agent.get(`/_api/v3/revisions/diff?pageId=${pageId}&to=${revisionIds[1]}`)).statusCode,
      ).toBe(404);
    }
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    expect((await new Agent(server.app).get(`/_api/v3/revisions/list?pageId=${pageId}`)).statusCode).toBe(
      401,
    );
  });
});
