// User groups (SPEC §3, §4): create, rename, describe, nest, members; page grants to groups with
// the parent rule; deleting a group with its private pages published, deleted or transferred.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createGroup,
  createUser,
  install,
  signIn,
  startTestServer,
  type Agent,
  type TestServer,
} from '../helpers/server';

let server: TestServer;
let admin: Agent;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
  for (const name of ['alice', 'bob', 'carol']) await createUser(server.app, name);
});
afterEach(async () => {
  await server.cleanup();
});

const grantTo = (...ids: string[]) => ({
  grant: 5,
  grantUserGroupIds: ids.map((item) => ({ type: 'UserGroup', item })),
});

describe('groups', () => {
  it('are created, renamed, described and nested, parents listed before children', async () => {
    const parent = await createGroup(admin, 'Engineering');
    const res = await admin.post('/_api/v3/user-groups', {
      name: 'Backend',
      description: 'APIs',
      parentId: parent,
    });
    expect(res.statusCode).toBe(201);
    const child = res.json().userGroup;
    expect(child).toMatchObject({
      name: 'Backend',
      description: 'APIs',
      parent,
      memberCount: 0,
      childCount: 0,
    });
    const dup = await admin.post('/_api/v3/user-groups', { name: 'Backend' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].message).toBe('A group named Backend already exists.');

    const renamed = await admin.put(`/_api/v3/user-groups/${child._id}`, {
      name: 'Platform',
      description: 'Servers',
      parentId: parent,
    });
    expect(renamed.json().userGroup).toMatchObject({ name: 'Platform', description: 'Servers' });
    const cycle = await admin.put(`/_api/v3/user-groups/${parent}`, {
      name: 'Engineering',
      parentId: child._id,
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors[0].code).toBe('group_parent_cycle');

    const list = (await admin.get('/_api/v3/user-groups')).json();
    expect(list.totalUserGroups).toBe(2);
    expect(list.userGroups.map((g: { name: string }) => g.name)).toEqual(['Engineering', 'Platform']);
    expect(list.userGroups[0]).toMatchObject({ childCount: 1, parent: null });
    expect((await admin.get(`/_api/v3/user-groups/${child._id}`)).json().userGroup.parent).toBe(parent);
    const second = (await admin.get('/_api/v3/user-groups?page=2&limit=1')).json();
    expect(second).toMatchObject({ totalUserGroups: 2, userGroups: [{ name: 'Platform' }] });
  });

  it('add and remove members; /mine lists the groups a user reads as (direct and above)', async () => {
    const parent = await createGroup(admin, 'Engineering');
    const child = await createGroup(admin, 'Backend', ['alice'], parent);
    const added = await admin.post(`/_api/v3/user-groups/${child}/users/bob`);
    expect(added.json()).toMatchObject({ user: { username: 'bob' }, userGroup: { memberCount: 2 } });
    expect((await admin.post(`/_api/v3/user-groups/${child}/users/nobody`)).statusCode).toBe(404);
    const members = (await admin.get(`/_api/v3/user-groups/${child}/users`)).json().users;
    expect(members.map((u: { username: string }) => u.username)).toEqual(['alice', 'bob']);
    await admin.request('DELETE', `/_api/v3/user-groups/${child}/users/bob`);
    expect((await admin.get(`/_api/v3/user-groups/${child}/users`)).json().users).toHaveLength(1);

    const alice = await signIn(server.app, 'alice');
    const mine = (await alice.get('/_api/v3/user-groups/mine')).json().userGroups;
    expect(mine.map((g: { name: string }) => g.name)).toEqual(['Engineering', 'Backend']);
    expect((await alice.get('/_api/v3/user-groups')).statusCode).toBe(403);
  });
});

describe('group grants', () => {
  it('let members of the group and of its child groups read; the reply names the groups', async () => {
    const parent = await createGroup(admin, 'Engineering', ['alice']);
    await createGroup(admin, 'Backend', ['bob'], parent);
    const alice = await signIn(server.app, 'alice');
    const res = await alice.post('/_api/v3/page', { path: '/Eng', body: 'eng notes', ...grantTo(parent) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().page).toMatchObject({
      grant: 5,
      grantedGroups: [{ _id: parent, name: 'Engineering' }],
    });
    const bob = await signIn(server.app, 'bob');
    expect((await bob.get('/_api/v3/page?path=/Eng')).statusCode).toBe(200);
    const carol = await signIn(server.app, 'carol');
    expect((await carol.get('/_api/v3/page?path=/Eng')).statusCode).toBe(404);
  });

  it('only to groups the author belongs to, and at least one', async () => {
    const other = await createGroup(admin, 'Sales', ['bob']);
    const alice = await signIn(server.app, 'alice');
    const notMine = await alice.post('/_api/v3/page', { path: '/X', body: 'x', ...grantTo(other) });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().errors[0].code).toBe('not_group_member');
    const none = await alice.post('/_api/v3/page', {
      path: '/X',
      body: 'x',
      grant: 5,
      grantUserGroupIds: [],
    });
    expect(none.json().errors[0].code).toBe('group_required');
  });

  it('keep a child from being more open than its parent unless confirmed; new pages inherit', async () => {
    const group = await createGroup(admin, 'Engineering', ['alice']);
    const alice = await signIn(server.app, 'alice');
    await alice.post('/_api/v3/page', { path: '/Eng', body: 'eng', ...grantTo(group) });
    const inherited = (await alice.post('/_api/v3/page', { path: '/Eng/Notes', body: 'n' })).json().page;
    expect(inherited).toMatchObject({ grant: 5, grantedGroups: [{ name: 'Engineering' }] });
    const open = await alice.post('/_api/v3/page', { path: '/Eng/Public', body: 'p', grant: 1 });
    expect(open.statusCode).toBe(409);
    expect(open.json().errors[0]).toEqual({
      code: 'grant_wider_than_parent',
      message: 'This page would be more open than its parent page /Eng. Confirm to continue.',
    });
    const confirmed = await alice.post('/_api/v3/page', {
      path: '/Eng/Public',
      body: 'p',
      grant: 1,
      confirmWiderGrant: true,
    });
    expect(confirmed.statusCode).toBe(201);
    const mine = await alice.post('/_api/v3/page', { path: '/Eng/Mine', body: 'm', grant: 4 });
    expect(mine.statusCode).toBe(201);

    // Saving with a wider grant and moving a page under a narrower parent ask the same question.
    const widen = await alice.put('/_api/v3/page', {
      pageId: inherited._id,
      revisionId: inherited.revision._id,
      body: 'n2',
      grant: 2,
    });
    expect(widen.statusCode).toBe(409);
    const pub = (await alice.post('/_api/v3/page', { path: '/Loose', body: 'l' })).json().page;
    const move = { pageId: pub._id, revisionId: pub.revision._id, newPagePath: '/Eng/Loose' };
    expect((await alice.put('/_api/v3/pages/rename', move)).statusCode).toBe(409);
    const moved = await alice.put('/_api/v3/pages/rename', { ...move, confirmWiderGrant: true });
    expect(moved.json().page).toMatchObject({ path: '/Eng/Loose', grant: 1 });
  });
});

describe('saving a group page', () => {
  it('accepts the unchanged grant with every save, also from an author who left the group', async () => {
    const group = await createGroup(admin, 'Engineering', ['alice']);
    const alice = await signIn(server.app, 'alice');
    await alice.post('/_api/v3/page', { path: '/Eng', body: 'eng', ...grantTo(group) });
    // Made public under a group page with confirmation; saving it again asks nothing.
    const open = (
      await alice.post('/_api/v3/page', { path: '/Eng/Open', body: 'o', grant: 1, confirmWiderGrant: true })
    ).json().page;
    const resave = await alice.put('/_api/v3/page', {
      pageId: open._id,
      revisionId: open.revision._id,
      body: 'o2',
      grant: 1,
    });
    expect(resave.statusCode, resave.body).toBe(200);

    const page = (
      await alice.post('/_api/v3/page', { path: '/Eng/Plan', body: 'p', ...grantTo(group) })
    ).json().page;
    await admin.request('DELETE', `/_api/v3/user-groups/${group}/users/alice`);
    const save = await alice.put('/_api/v3/page', {
      pageId: page._id,
      revisionId: page.revision._id,
      body: 'p2',
      ...grantTo(group),
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().page).toMatchObject({ grant: 5, revision: { body: 'p2' } });
  });
});

describe('deleting a group', () => {
  async function setup() {
    const group = await createGroup(admin, 'Engineering', ['alice']);
    const child = await createGroup(admin, 'Backend', ['alice'], group);
    const target = await createGroup(admin, 'Archive', ['bob']);
    const shared = await createGroup(admin, 'Shared', ['alice']);
    const alice = await signIn(server.app, 'alice');
    const make = async (path: string, grant: object) =>
      (
        await alice.post('/_api/v3/page', { path, body: `${path} body`, ...grant, confirmWiderGrant: true })
      ).json().page._id as string;
    return {
      alice,
      group,
      target,
      pages: {
        own: await make('/Private/Eng', grantTo(group)),
        child: await make('/Private/Backend', grantTo(child)),
        both: await make('/Private/Both', grantTo(group, shared)),
        open: await make('/Private/Open', { grant: 1 }),
      },
    };
  }
  const pageOf = (id: string) =>
    server.app.ctx.db.$client
      .prepare('SELECT "grant", granted_group_ids AS groups FROM pages WHERE id = ?')
      .get(id) as { grant: number; groups: string | null } | undefined;

  it('publishes its private pages (and its child groups’ pages); pages of other groups keep them', async () => {
    const { group, pages } = await setup();
    const res = await admin.request('DELETE', `/_api/v3/user-groups/${group}?actionName=public`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ changedPages: 3, deletedPages: 0 });
    expect(res.json().deletedGroupIds).toHaveLength(2);
    expect(pageOf(pages.own)).toEqual({ grant: 1, groups: null });
    expect(pageOf(pages.child)).toEqual({ grant: 1, groups: null });
    expect(pageOf(pages.both)?.grant).toBe(5);
    const carol = await signIn(server.app, 'carol');
    expect((await carol.get(`/_api/v3/page?pageId=${pages.own}`)).statusCode).toBe(200);
    expect(
      (await admin.get('/_api/v3/user-groups')).json().userGroups.map((g: { name: string }) => g.name),
    ).toEqual(['Archive', 'Shared']);
  });

  it('deletes its private pages completely', async () => {
    const { group, pages, alice } = await setup();
    const res = await admin.request('DELETE', `/_api/v3/user-groups/${group}?actionName=delete`);
    expect(res.json()).toMatchObject({ deletedPages: 2 });
    expect(pageOf(pages.own)).toBeUndefined();
    expect(pageOf(pages.child)).toBeUndefined();
    expect(pageOf(pages.open)?.grant).toBe(1);
    const tree = (await alice.get('/_api/v3/pages/list?path=/Private')).json().pages;
    expect(tree.map((p: { path: string }) => p.path)).toEqual(['/Private/Both', '/Private/Open']);
  });

  it('transfers its private pages to another group', async () => {
    const { group, target, pages } = await setup();
    const missing = await admin.request('DELETE', `/_api/v3/user-groups/${group}?actionName=transfer`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].code).toBe('transfer_target_required');
    const res = await admin.request(
      'DELETE',
      `/_api/v3/user-groups/${group}?actionName=transfer&transferToUserGroupId=${target}`,
    );
    expect(res.statusCode).toBe(200);
    expect(pageOf(pages.own)).toEqual({ grant: 5, groups: JSON.stringify([target]) });
    const bob = await signIn(server.app, 'bob');
    expect((await bob.get(`/_api/v3/page?pageId=${pages.own}`)).json().page.grantedGroups).toEqual([
      { _id: target, name: 'Archive' },
    ]);
  });

  it('changes nothing when refused', async () => {
    const { group, pages } = await setup();
    const res = await admin.request(
      'DELETE',
      `/_api/v3/user-groups/${group}?actionName=transfer&transferToUserGroupId=0123456789abcdef01234567`,
    );
    expect(res.statusCode).toBe(404);
    expect(pageOf(pages.own)?.grant).toBe(5);
    expect((await admin.get(`/_api/v3/user-groups/${group}`)).statusCode).toBe(200);
  });
});
