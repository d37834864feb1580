// Search knows groups: a page granted to a group is found by its members (and members of child
// groups) and by nobody else, also after its grant changes and after the index is saved and loaded.
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
import type { SearchResponse } from '../../src/shared/search-types';

let server: TestServer;
let admin: Agent;
let groupId: string;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
  for (const name of ['member', 'child', 'outsider']) await createUser(server.app, name);
  groupId = await createGroup(admin, 'Research', ['member']);
  await createGroup(admin, 'Lab', ['child'], groupId);
  await server.app.ctx.search.whenIdle();
});
afterEach(async () => {
  await server.cleanup();
});

async function found(agent: Agent, q: string): Promise<string[]> {
  const res = await agent.get(`/_api/v3/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<SearchResponse>();
  expect(body.meta.total).toBe(body.data.length);
  return body.data.map((hit) => hit.data.path);
}

describe('search and group grants', () => {
  it('finds a group page for members and child-group members only', async () => {
    const member = await signIn(server.app, 'member');
    const res = await member.post('/_api/v3/page', {
      path: '/Research/Quasar',
      body: 'quasar observations',
      grant: 5,
      grantUserGroupIds: [{ type: 'UserGroup', item: groupId }],
    });
    expect(res.statusCode).toBe(201);
    expect(await found(member, 'quasar')).toEqual(['/Research/Quasar']);
    expect(await found(await signIn(server.app, 'child'), 'quasar')).toEqual(['/Research/Quasar']);
    expect(await found(await signIn(server.app, 'outsider'), 'quasar')).toEqual([]);
    expect(await found(admin, 'quasar')).toEqual([]);
  });

  it('follows grant changes and group deletion, and keeps group facts across a restart', async () => {
    const member = await signIn(server.app, 'member');
    const created = await member.post('/_api/v3/page', {
      path: '/Pulsar',
      body: 'pulsar timing',
      grant: 5,
      grantUserGroupIds: [{ type: 'UserGroup', item: groupId }],
    });
    expect(created.statusCode).toBe(201);
    const outsider = await signIn(server.app, 'outsider');
    expect(await found(outsider, 'pulsar')).toEqual([]);

    // Saved and loaded: the group facts survive in the persisted index.
    const { dataDir } = server;
    await server.close();
    server = await startTestServer({ dataDir });
    await server.app.ctx.search.whenIdle();
    const memberAgain = await signIn(server.app, 'member');
    expect(await found(memberAgain, 'pulsar')).toEqual(['/Pulsar']);
    expect(await found(await signIn(server.app, 'outsider'), 'pulsar')).toEqual([]);

    const adminAgain = await signIn(server.app, 'admin', 'correct horse');
    const res = await adminAgain.request('DELETE', `/_api/v3/user-groups/${groupId}?actionName=public`);
    expect(res.statusCode).toBe(200);
    expect(await found(await signIn(server.app, 'outsider'), 'pulsar')).toEqual(['/Pulsar']);
  });
});
