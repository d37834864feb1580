// A user's home page (SPEC §2 /user/{username}): their public profile, the pages they created and the
// pages they saved last — only pages the reader may list.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { GRANT, type Page } from '../../src/shared/api-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let carol: Agent;
beforeEach(async () => {
  server = await startTestServer();
  ({ admin, bob, carol } = await signInTeam(server.app, ['bob', 'carol']));
});
afterEach(async () => {
  await server.cleanup();
});

const idOf = (username: string) => server.app.ctx.users.findByUsername(username)!.id;
const create = async (agent: Agent, path: string, grant: number = GRANT.public) =>
  (await agent.post('/_api/v3/page', { path, body: path, grant })).json<{ page: Page }>().page;
const paths = (res: { json(): { pages: { path: string }[] } }) => res.json().pages.map((p) => p.path);

describe('user profiles', () => {
  it('show name and username, and the e-mail address only when disclosed', async () => {
    const res = await carol.get('/_api/v3/users/profile/bob');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      _id: idOf('bob'),
      username: 'bob',
      name: 'Bob',
      email: 'bob@example.com',
      createdAt: expect.any(String),
    });
    server.app.ctx.db.$client
      .prepare('UPDATE users SET is_email_published = 0 WHERE username = ?')
      .run('bob');
    expect((await carol.get('/_api/v3/users/profile/bob')).json().user.email).toBeNull();
  });

  it('are 404 for unknown and suspended users, and 401 for guests in deny mode', async () => {
    expect((await carol.get('/_api/v3/users/profile/nobody')).json().errors[0].code).toBe('user_not_found');
    server.app.ctx.db.$client.prepare('UPDATE users SET status = 3 WHERE username = ?').run('bob');
    expect((await carol.get('/_api/v3/users/profile/bob')).statusCode).toBe(404);
    expect((await new Agent(server.app).get('/_api/v3/users/profile/carol')).statusCode).toBe(200);
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    expect((await new Agent(server.app).get('/_api/v3/users/profile/carol')).statusCode).toBe(401);
  });
});

describe("a user's recent pages", () => {
  it('list what they created and what they saved last, newest first, without what the reader may not see', async () => {
    await create(bob, '/Bob/Public');
    await create(bob, '/Bob/Secret', GRANT.owner);
    const shared = await create(admin, '/Shared');
    await bob.put('/_api/v3/page', {
      pageId: shared._id,
      revisionId: shared.revision._id,
      body: 'edited by bob',
    });

    const created = await carol.get(`/_api/v3/users/${idOf('bob')}/recent`);
    expect(paths(created)).toEqual(['/Bob/Public']);
    expect(created.json().totalCount).toBe(1);
    expect(paths(await bob.get(`/_api/v3/users/${idOf('bob')}/recent`))).toEqual([
      '/Bob/Secret',
      '/Bob/Public',
    ]);
    expect(paths(await carol.get(`/_api/v3/users/${idOf('bob')}/recent?type=updated`))).toEqual([
      '/Shared',
      '/Bob/Public',
    ]);
  });

  it('refuse a bad type, bad paging and guests in deny mode', async () => {
    const url = `/_api/v3/users/${idOf('bob')}/recent`;
    expect((await carol.get(`${url}?type=deleted`)).statusCode).toBe(400);
    expect((await carol.get(`${url}?limit=101`)).statusCode).toBe(400);
    expect((await carol.get('/_api/v3/users/bob/recent')).statusCode).toBe(400);
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    expect((await new Agent(server.app).get(url)).statusCode).toBe(401);
  });
});
