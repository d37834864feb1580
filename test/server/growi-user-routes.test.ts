// Issue 28: GROWI's user look-ups for signed-in people: usernames by a typed part (active,
// inactive, from the audit log for admins, or mixed), and users by id without what is private.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let admin: Agent;
let bob: Agent;

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, bob } = await signInTeam(server.app, ['bob', 'bobby', 'carol']));
  await bob.put('/_api/v3/personal-setting', {
    name: 'Bob',
    email: 'bob@example.com',
    lang: 'en_US',
    isEmailPublished: false,
  });
  const carol = server.app.ctx.users.findByUsername('carol')!;
  expect((await admin.put(`/_api/v3/users/${carol.id}/deactivate`)).statusCode).toBe(200);
});
afterAll(async () => {
  await server.cleanup();
});

describe('GET /users/usernames', () => {
  it('finds active usernames holding the typed part, any case, with a total', async () => {
    const res = await bob.get('/_api/v3/users/usernames?q=BOB&limit=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ activeUser: { usernames: ['bob'], totalCount: 2 } });
  });

  it('adds inactive users, audit-log names for admins, and one mixed list when asked', async () => {
    const options = encodeURIComponent(
      JSON.stringify({
        isIncludeInactiveUser: true,
        isIncludeActivitySnapshotUser: true,
        isIncludeMixedUsernames: true,
      }),
    );
    const asAdmin = (await admin.get(`/_api/v3/users/usernames?q=&options=${options}`)).json();
    expect(asAdmin.inactiveUser.usernames).toEqual(['carol']);
    expect(asAdmin.activitySnapshotUser.usernames).toContain('admin');
    expect(asAdmin.mixedUsernames).toEqual(expect.arrayContaining(['admin', 'bob', 'bobby', 'carol']));
    const asBob = (await bob.get(`/_api/v3/users/usernames?q=&options=${options}`)).json();
    expect(asBob.activitySnapshotUser).toBeUndefined();
    expect(asBob.mixedUsernames).toBeUndefined();
  });

  it('is for signed-in people', async () => {
    expect((await new Agent(server.app).get('/_api/v3/users/usernames?q=b')).statusCode).toBe(401);
  });
});

describe('GET /users/list', () => {
  it('answers users by id without a private e-mail address, or everyone', async () => {
    const bobRow = server.app.ctx.users.findByUsername('bob')!;
    const adminRow = server.app.ctx.users.findByUsername('admin')!;
    const res = (await bob.get(`/_api/v3/users/list?userIds=${bobRow.id},${adminRow.id}`)).json();
    expect(res.users.map((u: { username: string }) => u.username)).toEqual(['bob', 'admin']);
    expect(res.users[0].email).toBeUndefined();
    expect(JSON.stringify(res)).not.toMatch(/password|apiToken/i);
    const all = (await bob.get('/_api/v3/users/list')).json();
    expect(all.users.map((u: { username: string }) => u.username)).toEqual([
      'admin',
      'bob',
      'bobby',
      'carol',
    ]);
    expect((await new Agent(server.app).get('/_api/v3/users/list')).statusCode).toBe(401);
  });
});
