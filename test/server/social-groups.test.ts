// Group pages (grant 5) through every social route: members tag, comment, like and bookmark;
// everyone else sees nothing of them, not even in counts.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Agent } from '../helpers/server';
import {
  createGroup,
  createUser,
  install,
  signIn,
  startTestServer,
  type TestServer,
} from '../helpers/server';
import type { Page } from '../../src/shared/api-types';

let server: TestServer;
let member: Agent;
let outsider: Agent;
let page: Page;
beforeEach(async () => {
  server = await startTestServer();
  const admin = await install(server.app);
  await createUser(server.app, 'member');
  await createUser(server.app, 'outsider');
  const groupId = await createGroup(admin, 'Keepers', ['member']);
  member = await signIn(server.app, 'member');
  outsider = await signIn(server.app, 'outsider');
  const res = await member.post('/_api/v3/page', {
    path: '/GroupOnly',
    body: 'for the group',
    grant: 5,
    grantUserGroupIds: [{ type: 'UserGroup', item: groupId }],
    confirmWiderGrant: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  page = res.json<{ page: Page }>().page;
});
afterEach(async () => {
  await server.cleanup();
});

it('lets members act on a group page and shows non-members nothing of it', async () => {
  const memberId = page.creator!._id;
  const outsiderId = server.app.ctx.users.findByUsername('outsider')!.id;
  const tagged = await member.post('/_api/tags.update', {
    pageId: page._id,
    revisionId: page.revision._id,
    tags: ['keepers-only'],
  });
  expect(tagged.json()).toEqual({ ok: true, tags: ['keepers-only'] });
  const commentForm = { page_id: page._id, revision_id: page.revision._id, comment: 'group talk' };
  const comment = (await member.post('/_api/comments.add', { commentForm })).json().comment;
  await member.put('/_api/v3/page/likes', { pageId: page._id, bool: true });
  await member.put('/_api/v3/bookmarks', { pageId: page._id, bool: true });

  const probes: [string, () => Promise<{ statusCode: number; body: string }>][] = [
    ['comments.get', () => outsider.get(`/_api/comments.get?page_id=${page._id}`)],
    ['comments.add', () => outsider.post('/_api/comments.add', { commentForm })],
    [
      'comments.update',
      () =>
        outsider.post('/_api/comments.update', { commentForm: { comment_id: comment._id, comment: 'x' } }),
    ],
    ['comments.remove', () => outsider.post('/_api/comments.remove', { comment_id: comment._id })],
    ['getPageTag', () => outsider.get(`/_api/pages.getPageTag?pageId=${page._id}`)],
    [
      'tags.update',
      () => outsider.post('/_api/tags.update', { pageId: page._id, revisionId: page.revision._id, tags: [] }),
    ],
    ['likes', () => outsider.put('/_api/v3/page/likes', { pageId: page._id, bool: true })],
    ['page/info', () => outsider.get(`/_api/v3/page/info?pageId=${page._id}`)],
    ['bookmarks', () => outsider.put('/_api/v3/bookmarks', { pageId: page._id, bool: true })],
    ['bookmarks/info', () => outsider.get(`/_api/v3/bookmarks/info?pageId=${page._id}`)],
  ];
  for (const [name, probe] of probes) {
    const res = await probe();
    expect(res.statusCode, name).toBe(404);
    expect(res.body, name).not.toContain('group talk');
    expect(res.body, name).not.toContain('keepers-only');
  }
  for (const url of ['/_api/tags.list', '/_api/tags.search?q=keep', `/_api/v3/bookmarks/${memberId}`]) {
    const res = await outsider.get(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.body, url).not.toContain('keepers-only');
    expect(res.body, url).not.toContain(page._id);
  }
  expect((await outsider.get(`/_api/v3/bookmarks/${outsiderId}`)).json().userRootBookmarks).toEqual([]);

  // The member sees all of it.
  expect((await member.get('/_api/tags.list')).json().data).toEqual([{ name: 'keepers-only', count: 1 }]);
  const info = (await member.get(`/_api/v3/page/info?pageId=${page._id}`)).json();
  expect(info).toMatchObject({ sumOfLikers: 1, isLiked: true, isBookmarked: true, commentCount: 1 });
});
