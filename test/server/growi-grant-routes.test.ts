// Issue 28: GROWI's grant routes — how a page's grant stands against its parent's, which grants it
// may take, whether groups the asker is not in are granted, and changing the grant alone — in
// GROWI's shapes, with the editor's rules (a page no more open than its parent).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createGroup, signInTeam, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let carol: Agent;
let eng: string;
let ops: string;
const ids: Record<string, string> = {};

const create = async (agent: Agent, path: string, grant = 1, groups: string[] = []) => {
  const res = await agent.post('/_api/v3/page', {
    path,
    body: path,
    grant,
    grantUserGroupIds: groups.map((item) => ({ type: 'UserGroup', item })),
  });
  expect(res.statusCode, res.body).toBe(201);
  ids[path] = res.json().page._id;
};

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, bob, carol } = await signInTeam(server.app, ['bob', 'carol']));
  eng = await createGroup(admin, 'eng', ['bob', 'admin']);
  ops = await createGroup(admin, 'ops', ['admin']);
  await create(bob, '/Team', 5, [eng]);
  await create(bob, '/Team/Notes', 5, [eng]);
  await create(bob, '/Open');
  await create(bob, '/Open/Mine', 4);
  await create(admin, '/Mixed', 5, [eng, ops]);
});
afterAll(async () => {
  await server.cleanup();
});

describe('GET /page/grant-data', () => {
  it("answers the page's and its parent's grants with the asker's groups", async () => {
    const res = await bob.get(`/_api/v3/page/grant-data?pageId=${ids['/Team/Notes']}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      isGrantNormalized: true,
      grantData: {
        isForbidden: false,
        currentPageGrant: {
          grant: 5,
          groupGrantData: {
            userRelatedGroups: [{ id: eng, name: 'eng', type: 'UserGroup', status: 'isGranted' }],
            nonUserRelatedGrantedGroups: [],
          },
        },
        parentPageGrant: {
          grant: 5,
          groupGrantData: {
            userRelatedGroups: [{ id: eng, name: 'eng', type: 'UserGroup', status: 'isGranted' }],
            nonUserRelatedGrantedGroups: [],
          },
        },
      },
    });
  });

  it('names granted groups the asker is not in; a page at the top has the root as parent', async () => {
    const res = await bob.get(`/_api/v3/page/grant-data?pageId=${ids['/Mixed']}`);
    expect(res.json().grantData.currentPageGrant.groupGrantData.nonUserRelatedGrantedGroups).toEqual([
      { id: ops, name: 'ops', type: 'UserGroup' },
    ]);
    expect(res.json().grantData.parentPageGrant).toEqual({
      grant: 1,
      groupGrantData: { userRelatedGroups: [], nonUserRelatedGrantedGroups: [] },
    });
  });

  it('is 400 page_unreachable for a page the asker may not read, 401 for guests', async () => {
    const hidden = await carol.get(`/_api/v3/page/grant-data?pageId=${ids['/Team']}`);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().errors[0].code).toBe('page_unreachable');
    const guest = await new Agent(server.app).get(`/_api/v3/page/grant-data?pageId=${ids['/Open']}`);
    expect(guest.statusCode).toBe(401);
  });
});

describe('GET /page/applicable-grant', () => {
  it('offers every grant under a public parent, and only the group ones under a group page', async () => {
    const open = (await bob.get(`/_api/v3/page/applicable-grant?pageId=${ids['/Open/Mine']}`)).json();
    expect(Object.keys(open).sort()).toEqual(['1', '2', '4', '5']);
    expect(open['5'].applicableGroups).toEqual([{ type: 'UserGroup', item: { _id: eng, name: 'eng' } }]);
    const team = (await bob.get(`/_api/v3/page/applicable-grant?pageId=${ids['/Team/Notes']}`)).json();
    expect(Object.keys(team).sort()).toEqual(['2', '4', '5']);
  });
});

describe('GET /page/non-user-related-groups-granted', () => {
  it('says whether a group the asker is not in may read the page (or its nearest ancestor)', async () => {
    const ask = async (agent: Agent, path: string) =>
      agent.get(`/_api/v3/page/non-user-related-groups-granted?path=${encodeURIComponent(path)}`);
    expect((await ask(bob, '/Mixed')).json()).toEqual({ isNonUserRelatedGroupsGranted: true });
    expect((await ask(admin, '/Mixed')).json()).toEqual({ isNonUserRelatedGroupsGranted: false });
    expect((await ask(bob, '/Team/Not/Yet')).json()).toEqual({ isNonUserRelatedGroupsGranted: false });
    expect((await ask(carol, '/Team')).statusCode).toBe(403);
    expect((await bob.get('/_api/v3/page/non-user-related-groups-granted')).statusCode).toBe(400);
  });
});

describe('PUT /page/{pageId}/grant', () => {
  it('changes the grant alone, with no new revision', async () => {
    const before = (await bob.get(`/_api/v3/page?pageId=${ids['/Open/Mine']}`)).json().page;
    const res = await bob.put(`/_api/v3/page/${ids['/Open/Mine']}/grant`, {
      grant: 5,
      userRelatedGrantedGroups: [{ item: eng, type: 'UserGroup' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: ids['/Open/Mine'], grant: 5 });
    const after = (await bob.get(`/_api/v3/page?pageId=${ids['/Open/Mine']}`)).json().page;
    expect(after.revision._id).toBe(before.revision._id);
    expect((await carol.get(`/_api/v3/page?pageId=${ids['/Open/Mine']}`)).statusCode).toBe(404);
  });

  it('refuses a grant wider than the parent, groups the user is not in, and outsiders', async () => {
    const wider = await bob.put(`/_api/v3/page/${ids['/Team/Notes']}/grant`, { grant: 1 });
    expect(wider.statusCode).toBe(409);
    const notMine = await bob.put(`/_api/v3/page/${ids['/Open/Mine']}/grant`, {
      grant: 5,
      userRelatedGrantedGroups: [ops],
    });
    expect(notMine.statusCode).toBe(403);
    expect((await carol.put(`/_api/v3/page/${ids['/Team']}/grant`, { grant: 1 })).statusCode).toBe(400);
    const guest = new Agent(server.app);
    expect((await guest.put(`/_api/v3/page/${ids['/Open']}/grant`, { grant: 4 })).statusCode).toBe(401);
    expect((await bob.put(`/_api/v3/page/${ids['/Open']}/grant`, { grant: 3 })).statusCode).toBe(400);
    expect((await bob.get(`/_api/v3/page?pageId=${ids['/Team/Notes']}`)).json().page.grant).toBe(5);
  });
});

describe('PUT /page/{pageId}/publish and /unpublish', () => {
  it('mark a page as work in progress and back; reads and lists show it', async () => {
    const created = await bob.post('/_api/v3/page', { path: '/Draft', body: 'not yet', wip: true });
    expect(created.json().page.wip).toBe(true);
    const id = created.json().page._id as string;
    const published = await carol.put(`/_api/v3/page/${id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ _id: id, path: '/Draft', wip: false });
    expect((await carol.get(`/_api/v3/page?pageId=${id}`)).json().page.wip).toBe(false);
    expect((await bob.put(`/_api/v3/page/${id}/unpublish`)).json().wip).toBe(true);
    const listed = (await bob.get('/_api/v3/pages/recent')).json().pages as { path: string; wip: boolean }[];
    expect(listed.find((page) => page.path === '/Draft')?.wip).toBe(true);
  });

  it("follow a save's wip (GROWI 7's PUT /page): true keeps it unpublished, false publishes, absent leaves it", async () => {
    const created = (await bob.post('/_api/v3/page', { path: '/Draft2', body: 'one' })).json().page;
    const save = async (body: string, revisionId: string, wip?: boolean) => {
      const res = await bob.put('/_api/v3/page', { pageId: created._id, revisionId, body, wip });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().page as { wip: boolean; revision: { _id: string } };
    };
    const unpublished = await save('two', created.revision._id, true);
    expect(unpublished.wip).toBe(true);
    const kept = await save('three', unpublished.revision._id);
    expect(kept.wip).toBe(true);
    const published = await save('four', kept.revision._id, false);
    expect(published.wip).toBe(false);
    expect((await bob.get(`/_api/v3/page?pageId=${created._id}`)).json().page.wip).toBe(false);
  });

  it('are for those who may edit the page', async () => {
    expect((await carol.put(`/_api/v3/page/${ids['/Team']}/publish`)).statusCode).toBe(404);
    expect((await new Agent(server.app).put(`/_api/v3/page/${ids['/Open']}/unpublish`)).statusCode).toBe(401);
    expect((await bob.put('/_api/v3/page/nope/publish')).statusCode).toBe(400);
  });
});
