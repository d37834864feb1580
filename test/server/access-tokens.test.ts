// Issue 28: GROWI 7's personal access tokens — several per user, each with scopes and an expiry,
// the secret shown once; a token reaches only what its scopes cover (a write scope reads too, a
// wildcard covers its category), and expired or removed tokens open nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let pageId: string;

const inADay = () => new Date(Date.now() + 86_400_000).toISOString();
const make = async (agent: Agent, scopes: string[], description = '') => {
  const res = await agent.post('/_api/v3/personal-setting/access-token', {
    expiredAt: inADay(),
    scopes,
    description,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    token: string;
    _id: string;
    scopes: string[];
    expiredAt: string;
    description: string;
  };
};
const withToken = (token: string) => ({ 'x-growi-access-token': token });

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, bob } = await signInTeam(server.app, ['bob']));
  pageId = (await bob.post('/_api/v3/page', { path: '/Tokens', body: 'scoped' })).json().page._id;
});
afterAll(async () => {
  await server.cleanup();
});

describe('personal access tokens', () => {
  it('are made with scopes, listed without the secret, and removed', async () => {
    const made = await make(bob, ['read:features:page'], 'reader');
    expect(made).toMatchObject({
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      scopes: ['read:features:page'],
    });
    const list = (await bob.get('/_api/v3/personal-setting/access-token')).json().accessTokens;
    expect(list).toEqual([
      { _id: made._id, expiredAt: made.expiredAt, scopes: ['read:features:page'], description: 'reader' },
    ]);
    expect(JSON.stringify(list)).not.toContain(made.token);
    // Someone else's token cannot be removed by id.
    expect(
      (await admin.delete(`/_api/v3/personal-setting/access-token?tokenId=${made._id}`)).statusCode,
    ).toBe(404);
    expect((await bob.delete(`/_api/v3/personal-setting/access-token?tokenId=${made._id}`)).statusCode).toBe(
      200,
    );
    const guest = new Agent(server.app);
    expect((await guest.get(`/_api/v3/page?pageId=${pageId}`, withToken(made.token))).statusCode).toBe(401);
  });

  it('reach only what their scopes cover', async () => {
    const reader = await make(bob, ['read:features:page']);
    const guest = new Agent(server.app);
    expect((await guest.get(`/_api/v3/page?pageId=${pageId}`, withToken(reader.token))).statusCode).toBe(200);
    const write = await guest.post(
      '/_api/v3/page',
      { path: '/Tokens/New', body: 'x' },
      withToken(reader.token),
    );
    expect(write.statusCode).toBe(403);
    expect(write.json().errors[0].code).toBe('scope_insufficient');
    expect(
      (await guest.get('/_api/v3/bookmarks/info?pageId=' + pageId, withToken(reader.token))).statusCode,
    ).toBe(403);

    const writer = await make(bob, ['write:features:*']);
    const created = await guest.post(
      '/_api/v3/page',
      { path: '/Tokens/New', body: 'x' },
      withToken(writer.token),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect((await guest.get(`/_api/v3/page?pageId=${pageId}`, withToken(writer.token))).statusCode).toBe(200);
    // Features scopes never reach personal or admin settings; a route outside every family is refused.
    expect((await guest.get('/_api/v3/personal-setting', withToken(writer.token))).statusCode).toBe(403);
    expect((await guest.get('/_api/v3/healthcheck', withToken(writer.token))).statusCode).toBe(200);
  });

  it('give an admin only the admin scopes they name', async () => {
    const admins = await make(admin, ['read:admin:security']);
    const guest = new Agent(server.app);
    expect((await guest.get('/_api/v3/security-setting/', withToken(admins.token))).statusCode).toBe(200);
    expect((await guest.get('/_api/v3/app-settings', withToken(admins.token))).statusCode).toBe(403);
  });

  it('expire, and are all removed at once', async () => {
    const token = await make(bob, ['read:*']);
    const sqlite = server.app.ctx.db.$client;
    sqlite.prepare('UPDATE access_tokens SET expired_at = ? WHERE id = ?').run(Date.now() - 1000, token._id);
    const guest = new Agent(server.app);
    expect((await guest.get(`/_api/v3/page?pageId=${pageId}`, withToken(token.token))).statusCode).toBe(401);
    await make(bob, ['read:*']);
    expect((await bob.delete('/_api/v3/personal-setting/access-token/all')).statusCode).toBe(200);
    expect((await bob.get('/_api/v3/personal-setting/access-token')).json().accessTokens).toEqual([]);
  });

  it('refuse a past expiry, unknown or no scopes, guests and read-only users', async () => {
    const past = await bob.post('/_api/v3/personal-setting/access-token', {
      expiredAt: '2020-01-01T00:00:00Z',
      scopes: ['read:*'],
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0].message).toBe('The expiry date must be in the future.');
    const unknown = await bob.post('/_api/v3/personal-setting/access-token', {
      expiredAt: inADay(),
      scopes: ['read:magic'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await bob.post('/_api/v3/personal-setting/access-token', { expiredAt: inADay() })).statusCode,
    ).toBe(400);
    const guest = new Agent(server.app);
    expect((await guest.get('/_api/v3/personal-setting/access-token')).statusCode).toBe(401);
    const bobId = server.app.ctx.users.findByUsername('bob')!.id;
    await admin.put(`/_api/v3/users/${bobId}/grant-read-only`);
    expect(
      (await bob.post('/_api/v3/personal-setting/access-token', { expiredAt: inADay(), scopes: ['read:*'] }))
        .statusCode,
    ).toBe(403);
    await admin.put(`/_api/v3/users/${bobId}/revoke-read-only`);
  });
});
