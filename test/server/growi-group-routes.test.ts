// Issue 28: GROWI's routes for the group tree, as its admin screens and SDK call them: ancestors,
// children (and grandchildren), which groups may become a parent or a child, members as relations,
// users to add, and the pages granted to a group. Admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGroup,
  grantToGroup,
  signInTeam,
  startTestServer,
  type Agent,
  type TestServer,
} from '../helpers/server';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let top: string;
let mid: string;
let leaf: string;
let other: string;
const names = (groups: { name: string }[]) => groups.map((g) => g.name).sort();

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, bob } = await signInTeam(server.app, ['bob', 'carol', 'dave']));
  top = await createGroup(admin, 'Top', ['bob']);
  mid = await createGroup(admin, 'Mid', ['carol'], top);
  leaf = await createGroup(admin, 'Leaf', [], mid);
  other = await createGroup(admin, 'Other');
  const page = (await bob.post('/_api/v3/page', { path: '/Team/Plan', body: 'x' })).json().page;
  await grantToGroup(bob, page, top);
});
afterAll(async () => {
  await server.cleanup();
});

describe('the group tree', () => {
  it('answers ancestors from the group up', async () => {
    const res = await admin.get(`/_api/v3/user-groups/ancestors?groupId=${leaf}`);
    expect(res.json().ancestorUserGroups.map((g: { name: string }) => g.name)).toEqual([
      'Leaf',
      'Mid',
      'Top',
    ]);
    expect(
      (await admin.get('/_api/v3/user-groups/ancestors?groupId=0123456789abcdef01234567')).statusCode,
    ).toBe(404);
  });

  it('answers children, and grandchildren when asked, for parentIds[] or repeated', async () => {
    const res = await admin.get(`/_api/v3/user-groups/children?parentIds[]=${top}&includeGrandChildren=true`);
    expect(names(res.json().childUserGroups)).toEqual(['Mid']);
    expect(names(res.json().grandChildUserGroups)).toEqual(['Leaf']);
    const only = await admin.get(`/_api/v3/user-groups/children?parentIds=${top}&parentIds=${mid}`);
    expect(names(only.json().childUserGroups)).toEqual(['Leaf', 'Mid']);
    expect(only.json().grandChildUserGroups).toEqual([]);
  });

  it('offers as parents what is not the group or below it, as children what is neither above nor below', async () => {
    const parents = await admin.get(`/_api/v3/user-groups/selectable-parent-groups?groupId=${mid}`);
    expect(names(parents.json().selectableParentGroups)).toEqual(['Other', 'Top']);
    const children = await admin.get(`/_api/v3/user-groups/selectable-child-groups?groupId=${mid}`);
    expect(names(children.json().selectableChildGroups)).toEqual(['Other']);
  });
});

describe('members and pages of a group', () => {
  it('lists memberships as relations, per group and for several', async () => {
    const one = (await admin.get(`/_api/v3/user-groups/${top}/user-group-relations`)).json();
    expect(one.userGroupRelations).toEqual([
      expect.objectContaining({
        relatedGroup: top,
        relatedUser: expect.objectContaining({ username: 'bob' }),
      }),
    ]);
    const many = (
      await admin.get(
        `/_api/v3/user-group-relations?groupIds[]=${top}&groupIds[]=${mid}&childGroupIds=${leaf}`,
      )
    ).json();
    expect(
      many.userGroupRelations.map((r: { relatedUser: { username: string } }) => r.relatedUser.username),
    ).toEqual(['bob', 'carol']);
    expect(many.relationsOfChildGroups).toEqual([]);
  });

  it('finds active users who are not members, by username, name or e-mail', async () => {
    const all = (await admin.get(`/_api/v3/user-groups/${top}/unrelated-users?searchWord=`)).json().users;
    expect(all.map((u: { username: string }) => u.username)).not.toContain('bob');
    expect(all.map((u: { username: string }) => u.username)).toContain('carol');
    const forward = (
      await admin.get(`/_api/v3/user-groups/${top}/unrelated-users?searchWord=da&searchType=forward`)
    ).json().users;
    expect(forward.map((u: { username: string }) => u.username)).toEqual(['dave']);
    expect(forward[0].email).toBeTruthy();
    const wild = (await admin.get(`/_api/v3/user-groups/${top}/unrelated-users?searchWord=%25`)).json().users;
    expect(wild).toEqual([]);
    // GROWI's clients spell the search from the end `backword`.
    for (const searchType of ['backword', 'backward']) {
      const users = (
        await admin.get(`/_api/v3/user-groups/${top}/unrelated-users?searchWord=ve&searchType=${searchType}`)
      ).json().users;
      expect(users.map((u: { username: string }) => u.username)).toEqual(['dave']);
    }
  });

  it("deletes a group with GROWI's action names, answering its store's count and the memberships' counts", async () => {
    const added = await admin.post(`/_api/v3/user-groups/${other}/users/bob`);
    expect(added.json()).toMatchObject({ user: { username: 'bob' }, createdRelationCount: 1 });
    expect((await admin.post(`/_api/v3/user-groups/${other}/users/bob`)).json().createdRelationCount).toBe(0);
    const removed = await admin.delete(`/_api/v3/user-groups/${other}/users/bob`);
    expect(removed.json()).toMatchObject({ user: { username: 'bob' }, deletedGroupsCount: 1 });
    const res = await admin.delete(`/_api/v3/user-groups/${mid}?actionName=publicize`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ userGroups: { acknowledged: true, deletedCount: 2 } });
    expect(res.json().deletedGroupIds.sort()).toEqual([mid, leaf].sort());
  });

  it('lists the pages granted to the group', async () => {
    const res = (await admin.get(`/_api/v3/user-groups/${top}/pages?limit=10`)).json();
    expect(res).toMatchObject({ total: 1, current: 1 });
    expect(res.pages.map((p: { path: string }) => p.path)).toEqual(['/Team/Plan']);
    expect((await admin.get(`/_api/v3/user-groups/${other}/pages`)).json().total).toBe(0);
  });

  it('is for admins only', async () => {
    for (const url of [
      `/_api/v3/user-groups/ancestors?groupId=${leaf}`,
      `/_api/v3/user-groups/children?parentIds=${top}`,
      `/_api/v3/user-groups/selectable-parent-groups?groupId=${mid}`,
      `/_api/v3/user-groups/selectable-child-groups?groupId=${mid}`,
      `/_api/v3/user-groups/${top}/user-group-relations`,
      `/_api/v3/user-group-relations?groupIds=${top}`,
      `/_api/v3/user-groups/${top}/unrelated-users`,
      `/_api/v3/user-groups/${top}/pages`,
    ]) {
      expect((await bob.get(url)).statusCode, url).toBe(403);
    }
  });
});
