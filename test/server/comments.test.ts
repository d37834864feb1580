import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { GRANT, type Page } from '../../src/shared/api-types';
import type { Comment } from '../../src/shared/social-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let carol: Agent;
let page: Page;
beforeEach(async () => {
  server = await startTestServer();
  ({ admin, bob, carol } = await signInTeam(server.app, ['bob', 'carol']));
  const res = await admin.post('/_api/v3/page', { path: '/Discuss', body: 'topic' });
  page = res.json<{ page: Page }>().page;
});
afterEach(async () => {
  await server.cleanup();
});

const setGrant = (pageId: string, grant: number) =>
  server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = ? WHERE id = ?').run(grant, pageId);

async function add(agent: Agent, comment: string, replyTo?: string, onPage = page) {
  return agent.post('/_api/comments.add', {
    commentForm: {
      page_id: onPage._id,
      revision_id: onPage.revision._id,
      comment,
      ...(replyTo ? { replyTo } : {}),
    },
  });
}
async function addOk(agent: Agent, comment: string, replyTo?: string): Promise<Comment> {
  const res = await add(agent, comment, replyTo);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().ok).toBe(true);
  return res.json<{ comment: Comment }>().comment;
}
async function list(agent: Agent = admin): Promise<Comment[]> {
  const res = await agent.get(`/_api/comments.get?page_id=${page._id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ comments: Comment[] }>().comments;
}

describe('comments', () => {
  it('adds Markdown comments and replies, listed oldest first with their authors', async () => {
    const first = await addOk(bob, '**Nice** page');
    expect(first).toMatchObject({
      page: page._id,
      revision: page.revision._id,
      comment: '**Nice** page',
      replyTo: null,
      creator: { username: 'bob', name: 'Bob' },
    });
    const reply = await addOk(carol, 'Agreed', first._id);
    // Answering a reply answers its thread: replies are one level deep.
    const replyToReply = await addOk(admin, 'Thanks', reply._id);
    expect(replyToReply.replyTo).toBe(first._id);
    expect((await list(carol)).map((c) => [c.comment, c.replyTo])).toEqual([
      ['**Nice** page', null],
      ['Agreed', first._id],
      ['Thanks', first._id],
    ]);
    expect((await admin.get(`/_api/v3/page?pageId=${page._id}`)).json().page.commentCount).toBe(3);
  });

  it('refuses an empty comment, a reply to another page’s comment, and guests', async () => {
    expect((await add(bob, '   ')).json()).toMatchObject({ ok: false, code: 'comment_empty' });
    const other = (await admin.post('/_api/v3/page', { path: '/Other', body: 'x' })).json<{ page: Page }>()
      .page;
    const elsewhere = (await add(bob, 'there', undefined, other)).json<{ comment: Comment }>().comment;
    expect((await add(bob, 'here', elsewhere._id)).json()).toMatchObject({
      ok: false,
      code: 'invalid_reply',
    });
    const guest = new Agent(server.app);
    const res = await add(guest, 'hello');
    expect(res.statusCode).toBe(401);
    expect(res.json().ok).toBe(false);
    expect(await list()).toEqual([]);
    // Guests may read comments in read-only guest mode.
    await addOk(bob, 'visible');
    expect((await guest.get(`/_api/comments.get?page_id=${page._id}`)).json().comments).toHaveLength(1);
  });

  it('lets the author edit, and the author or an admin delete (with the replies)', async () => {
    const mine = await addOk(bob, 'typo');
    await addOk(carol, 'a reply', mine._id);
    const update = (agent: Agent, comment: string) =>
      agent.post('/_api/comments.update', { commentForm: { comment_id: mine._id, comment } });

    expect((await update(carol, 'hijack')).statusCode).toBe(403);
    expect((await update(admin, 'admin words')).statusCode).toBe(403);
    const edited = await update(bob, 'fixed');
    expect(edited.json()).toMatchObject({ ok: true, comment: { _id: mine._id, comment: 'fixed' } });

    expect((await carol.post('/_api/comments.remove', { comment_id: mine._id })).statusCode).toBe(403);
    expect((await admin.post('/_api/comments.remove', { comment_id: mine._id })).json()).toEqual({
      ok: true,
    });
    expect(await list()).toEqual([]);
    const again = await addOk(bob, 'again');
    expect((await bob.post('/_api/comments.remove', { comment_id: again._id })).json()).toEqual({ ok: true });
  });

  it('hides a hidden page’s comments from others through every route', async () => {
    const comment = await addOk(admin, 'private note');
    setGrant(page._id, GRANT.owner);
    expect((await bob.get(`/_api/comments.get?page_id=${page._id}`)).statusCode).toBe(404);
    expect((await add(bob, 'sneaky')).statusCode).toBe(404);
    expect(
      (await bob.post('/_api/comments.update', { commentForm: { comment_id: comment._id, comment: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await bob.post('/_api/comments.remove', { comment_id: comment._id })).statusCode).toBe(404);
    expect((await bob.get(`/_api/v3/page/info?pageId=${page._id}`)).statusCode).toBe(404);
    // Even one's own comment on a page that became hidden is out of reach.
    setGrant(page._id, GRANT.public);
    const bobs = await addOk(bob, 'mine');
    setGrant(page._id, GRANT.owner);
    expect((await bob.post('/_api/comments.remove', { comment_id: bobs._id })).statusCode).toBe(404);
    expect((await list(admin)).map((c) => c.comment)).toEqual(['private note', 'mine']);
  });

  it('lets read-only users comment only when the admin allows it', async () => {
    server.app.ctx.db.$client.prepare("UPDATE users SET read_only = 1 WHERE username = 'bob'").run();
    const refused = await add(bob, 'from a read-only user');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ok: false, code: 'rom_user_cannot_comment' });
    expect(await list()).toEqual([]);
    await admin.put('/_api/v3/comment-setting', { isRomUserAllowedToComment: true });
    expect((await addOk(bob, 'from a read-only user')).creator?.username).toBe('bob');
    // Reading and commenting, never tagging (an edit of the page).
    const tags = await bob.post('/_api/tags.update', {
      pageId: page._id,
      revisionId: page.revision._id,
      tags: ['x'],
    });
    expect(tags.statusCode).toBe(403);
  });

  it('removes comments with complete deletion, keeps them through a move', async () => {
    await addOk(bob, 'kept');
    const moved = await admin.put('/_api/v3/pages/rename', {
      pageId: page._id,
      revisionId: page.revision._id,
      newPagePath: '/Discussed',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await list()).toHaveLength(1);
    const del = await admin.post('/_api/v3/pages/delete', {
      pageIdToRevisionIdMap: { [page._id]: page.revision._id },
      isCompletely: true,
    });
    expect(del.statusCode, del.body).toBe(200);
    const n = server.app.ctx.db.$client.prepare('SELECT count(*) AS n FROM comments').get() as { n: number };
    expect(n.n).toBe(0);
  });
});

describe('comment settings', () => {
  it('are changed by admins only and shown in app-config', async () => {
    expect((await bob.put('/_api/v3/comment-setting', { isRomUserAllowedToComment: true })).statusCode).toBe(
      403,
    );
    expect((await new Agent(server.app).get('/_api/v3/comment-setting')).statusCode).toBe(401);
    const res = await admin.put('/_api/v3/comment-setting', {
      isEnabledLinebreaksInComments: false,
      isRomUserAllowedToComment: true,
    });
    expect(res.json()).toEqual({
      commentSettingParams: { isEnabledLinebreaksInComments: false, isRomUserAllowedToComment: true },
    });
    expect((await bob.get('/_api/v3/app-config')).json()).toMatchObject({
      isEnabledLinebreaksInComments: false,
      isRomUserAllowedToComment: true,
    });
  });
});
