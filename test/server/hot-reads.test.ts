// Issue 32: the GETs every page view sends are served by the read scope (no session object per
// request) and answered from memory kept true by the database (db/row-watch.ts). A kept answer must
// never outlive the rows it was made of, and the permission check runs on every hit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { PNG_1PX, uploadAs } from '../helpers/multipart';
import { readScopeRoutes } from '../../src/server/session-scope';
import { GRANT, type Page } from '../../src/shared/api-types';
import type { Attachment } from '../../src/shared/attachment-types';
import type { BookmarkInfo, Comment, PageSocialInfo } from '../../src/shared/social-types';

/** What a page view, the tree, the bell and the search box ask for. */
const HOT_GETS = [
  'GET /_api/v3/page',
  'GET /_api/v3/page-listing/root',
  'GET /_api/v3/page-listing/children',
  'GET /_api/v3/page-listing/item',
  'GET /_api/v3/page-listing/info',
  'GET /_api/v3/page/info',
  'GET /_api/v3/pages/recent',
  'GET /_api/comments.get',
  'GET /_api/v3/attachment/list',
  'GET /attachment/:id([0-9a-f]{24})',
  'GET /_api/tags.list',
  'GET /_api/pages.getPageTag',
  'GET /_api/v3/bookmarks/info',
  'GET /_api/v3/in-app-notification/status',
  'GET /_api/v3/in-app-notification/list',
  'GET /_api/v3/search',
  'GET /_api/search',
];

let server: TestServer;
let admin: Agent;
let bob: Agent;
let page: Page;
beforeEach(async () => {
  server = await startTestServer();
  ({ admin, bob } = await signInTeam(server.app, ['bob']));
  page = (await admin.post('/_api/v3/page', { path: '/Hot', body: 'x' })).json<{ page: Page }>().page;
});
afterEach(async () => {
  await server.cleanup();
});

const sql = (statement: string, ...args: unknown[]) =>
  server.app.ctx.db.$client.prepare(statement).run(...args);
const comments = async (agent: Agent) =>
  (await agent.get(`/_api/comments.get?page_id=${page._id}`)).json<{ comments: Comment[] }>().comments;
const info = async (agent: Agent) =>
  (await agent.get(`/_api/v3/page/info?pageId=${page._id}`)).json<PageSocialInfo>();
const bookmarks = async (agent: Agent) =>
  (await agent.get(`/_api/v3/bookmarks/info?pageId=${page._id}`)).json<BookmarkInfo>();
const attachments = async (agent: Agent) =>
  (await agent.get(`/_api/v3/attachment/list?pageId=${page._id}`)).json<{
    paginateResult: { docs: Attachment[]; totalDocs: number };
  }>().paginateResult;

describe('the hot reads', () => {
  it('are all served by the read scope, where no session is made', async () => {
    expect(HOT_GETS.filter((route) => !readScopeRoutes.has(route))).toEqual([]);
    const guest = await new Agent(server.app).get(`/_api/comments.get?page_id=${page._id}`);
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['set-cookie']).toBeUndefined();
  });

  it('show a new comment, an edit, a removal and a renamed commenter at once', async () => {
    expect(await comments(bob)).toEqual([]);
    const add = await bob.post('/_api/comments.add', {
      commentForm: { page_id: page._id, comment: 'first' },
    });
    const id = add.json<{ comment: Comment }>().comment._id;
    expect((await comments(admin)).map((c) => c.comment)).toEqual(['first']);
    await bob.post('/_api/comments.update', { commentForm: { comment_id: id, comment: 'edited' } });
    expect((await comments(admin)).map((c) => c.comment)).toEqual(['edited']);
    sql("UPDATE users SET name = 'Robert' WHERE username = 'bob'");
    expect((await comments(admin))[0]?.creator?.name).toBe('Robert');
    expect((await info(admin)).commentCount).toBe(1);
    await bob.post('/_api/comments.remove', { comment_id: id });
    expect(await comments(admin)).toEqual([]);
    expect((await info(admin)).commentCount).toBe(0);
  });

  it('show likes, bookmarks and readers as they change, each viewer their own part', async () => {
    await bob.put('/_api/v3/page/likes', { pageId: page._id, bool: true });
    await bob.put('/_api/v3/bookmarks', { pageId: page._id, bool: true });
    expect(await info(bob)).toMatchObject({
      sumOfLikers: 1,
      isLiked: true,
      bookmarkCount: 1,
      isBookmarked: true,
    });
    expect(await info(admin)).toMatchObject({ sumOfLikers: 1, isLiked: false, isBookmarked: false });
    expect(await bookmarks(admin)).toMatchObject({ sumOfBookmarks: 1, isBookmarked: false });
    await bob.put('/_api/v3/bookmarks', { pageId: page._id, bool: false });
    await bob.put('/_api/v3/page/likes', { pageId: page._id, bool: false });
    expect(await info(bob)).toMatchObject({ sumOfLikers: 0, isLiked: false, bookmarkCount: 0 });
    expect((await bookmarks(bob)).bookmarkedUsers).toEqual([]);
    // A first visit is recorded and shows in the next page info.
    expect((await info(admin)).seenUserIds).toEqual([]);
    await bob.get(`/_api/v3/page?pageId=${page._id}`);
    expect((await info(admin)).seenUsers.map((u) => u.username)).toEqual(['bob']);
  });

  it('show an upload and a removal at once, and a picture only to those who may read its page', async () => {
    const upload = await uploadAs(admin, page._id, { name: 'dot.png', type: 'image/png', bytes: PNG_1PX });
    const attachment = upload.json<{ attachment: Attachment }>().attachment;
    expect((await attachments(bob)).docs.map((a) => a.originalName)).toEqual(['dot.png']);
    expect((await bob.get(`/attachment/${attachment._id}`)).statusCode).toBe(200);
    sql('UPDATE pages SET "grant" = ? WHERE id = ?', GRANT.owner, page._id);
    expect((await bob.get(`/attachment/${attachment._id}`)).statusCode).toBe(404);
    expect((await bob.get(`/_api/v3/attachment/list?pageId=${page._id}`)).statusCode).toBe(404);
    expect((await bob.get(`/_api/comments.get?page_id=${page._id}`)).statusCode).toBe(404);
    expect((await bob.get(`/_api/v3/page/info?pageId=${page._id}`)).statusCode).toBe(404);
    expect((await attachments(admin)).totalDocs).toBe(1);
    await admin.request('DELETE', `/_api/v3/attachment/${attachment._id}`);
    expect(await attachments(admin)).toMatchObject({ docs: [], totalDocs: 0 });
  });

  it('count unopened notifications as they come and go, and not those of pages one may no longer read', async () => {
    const status = async () =>
      (await bob.get('/_api/v3/in-app-notification/status')).json<{ count: number }>().count;
    await bob.put('/_api/v3/page/subscribe', { pageId: page._id, status: 'SUBSCRIBE' });
    expect(await status()).toBe(0);
    await admin.post('/_api/comments.add', { commentForm: { page_id: page._id, comment: 'news' } });
    await server.app.ctx.notifications.worker.drain();
    expect(await status()).toBe(1);
    sql('UPDATE pages SET "grant" = ? WHERE id = ?', GRANT.owner, page._id);
    expect(await status()).toBe(0);
    sql('UPDATE pages SET "grant" = ? WHERE id = ?', GRANT.public, page._id);
    expect(await status()).toBe(1);
    await bob.put('/_api/v3/in-app-notification/all-statuses-open');
    expect(await status()).toBe(0);
  });

  it('show the tree and recent changes as pages, grants and names change, each reader their own', async () => {
    const level = async (agent: Agent) =>
      (await agent.get('/_api/v3/page-listing/children?path=/Hot')).json<{
        children: { path: string; descendantCount: number }[];
      }>().children;
    const recent = async (agent: Agent) =>
      (await agent.get('/_api/v3/pages/recent?limit=5')).json<{
        pages: { path: string; lastUpdateUser: { name: string } | null }[];
      }>().pages;
    await admin.post('/_api/v3/page', { path: '/Hot/a', body: 'x' });
    const deep = (await admin.post('/_api/v3/page', { path: '/Hot/a/deep', body: 'x' })).json<{
      page: Page;
    }>();
    expect(await level(bob)).toMatchObject([{ path: '/Hot/a', descendantCount: 1 }]);
    expect((await recent(bob)).map((p) => p.path)).toEqual(['/Hot/a/deep', '/Hot/a', '/Hot', '/']);
    // A grant changed two levels down changes the count one level shows, to bob only.
    sql('UPDATE pages SET "grant" = ? WHERE id = ?', GRANT.owner, deep.page._id);
    expect(await level(bob)).toMatchObject([{ path: '/Hot/a', descendantCount: 0 }]);
    expect(await level(admin)).toMatchObject([{ path: '/Hot/a', descendantCount: 1 }]);
    expect((await recent(bob)).map((p) => p.path)).toEqual(['/Hot/a', '/Hot', '/']);
    sql("UPDATE users SET name = 'The Admin' WHERE username = ?", 'admin');
    expect((await recent(bob))[0]?.lastUpdateUser?.name).toBe('The Admin');
  });

  it('count tags as they are set and as grants change, each reader their own', async () => {
    const tagsOf = async (agent: Agent) =>
      (await agent.get('/_api/tags.list')).json<{ data: { name: string; count: number }[] }>().data;
    const setTags = (tags: string[]) =>
      admin.post('/_api/tags.update', { pageId: page._id, revisionId: page.revision._id, tags });
    expect(await tagsOf(bob)).toEqual([]);
    await setTags(['plan']);
    expect(await tagsOf(bob)).toEqual([{ name: 'plan', count: 1 }]);
    sql('UPDATE pages SET "grant" = ? WHERE id = ?', GRANT.owner, page._id);
    expect(await tagsOf(bob)).toEqual([]);
    expect(await tagsOf(admin)).toEqual([{ name: 'plan', count: 1 }]);
    await setTags(['plan', 'draft']);
    expect((await tagsOf(admin)).map((t) => t.name)).toEqual(['draft', 'plan']);
  });
});
