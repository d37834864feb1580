// The page read resolves who is asking without @fastify/session (http/session-reader.ts), from
// sessions and users kept in memory. It must decide exactly as the session scope does, at once
// after anything changes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Agent,
  createGroup,
  grantToGroup,
  createUser,
  install,
  signIn,
  startTestServer,
  tokenRequest,
  USER_PASSWORD,
  type TestServer,
} from '../helpers/server';
import { GRANT, type Page } from '../../src/shared/api-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let bobId: string;
let page: Page;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
  bobId = (await createUser(server.app, 'bob')).id;
  bob = await signIn(server.app, 'bob');
  page = (await admin.post('/_api/v3/page', { path: '/private', body: 'x' })).json<{ page: Page }>().page;
  server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = ? WHERE id = ?').run(GRANT.owner, page._id);
});
afterEach(async () => {
  await server.cleanup();
});

const readAs = (agent: Agent, path = '/private') =>
  agent.get(`/_api/v3/page?path=${encodeURIComponent(path)}`);

describe('who is asking, on the read routes', () => {
  it('knows a signed-in reader by the session cookie, and sets no cookie of its own', async () => {
    const res = await readAs(admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await readAs(bob)).statusCode).toBe(404);
    expect((await readAs(new Agent(server.app))).statusCode).toBe(404);
  });

  it('treats a forged or unknown cookie as a guest', async () => {
    const forged = new Agent(server.app);
    forged.cookie = admin.cookie.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await readAs(forged)).statusCode).toBe(404);
    const unknown = new Agent(server.app);
    unknown.cookie = 'quire.sid=nobody';
    expect((await readAs(unknown)).statusCode).toBe(404);
  });

  it('forgets a session at sign-out, even one read a moment ago', async () => {
    const copy = new Agent(server.app);
    copy.cookie = admin.cookie;
    expect((await readAs(copy)).statusCode).toBe(200);
    await admin.post('/_api/v3/logout');
    expect((await readAs(copy)).statusCode).toBe(404);
  });

  it('signs out a deactivated user and ends sessions a password reset deletes', async () => {
    server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = ? WHERE id = ?').run(GRANT.owner, page._id);
    const own = (await bob.post('/_api/v3/page', { path: '/bob', body: 'x' })).json<{ page: Page }>().page;
    server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = ? WHERE id = ?').run(GRANT.owner, own._id);
    expect((await readAs(bob, '/bob')).statusCode).toBe(200);
    await admin.put(`/_api/v3/users/${bobId}/deactivate`);
    expect((await readAs(bob, '/bob')).statusCode).toBe(404);
    await admin.put(`/_api/v3/users/${bobId}/activate`);
    expect((await readAs(bob, '/bob')).statusCode).toBe(200);
    // What a password reset does: every session of the user goes, by a statement of its own.
    server.app.ctx.db.$client
      .prepare("DELETE FROM sessions WHERE json_extract(data, '$.userId') = ?")
      .run(bobId);
    expect((await readAs(bob, '/bob')).statusCode).toBe(404);
  });

  it('applies a new group membership to the very next read', async () => {
    const groupId = await createGroup(admin, 'team', ['admin']);
    await grantToGroup(admin, page, groupId, 'for the team');
    expect((await readAs(bob)).statusCode).toBe(404);
    await admin.post(`/_api/v3/user-groups/${groupId}/users/bob`);
    expect((await readAs(bob)).statusCode).toBe(200);
    await admin.request('DELETE', `/_api/v3/user-groups/${groupId}/users/bob`);
    expect((await readAs(bob)).statusCode).toBe(404);
  });

  it('accepts an API token (header or query) and refuses an unknown one with 401', async () => {
    const token = (await admin.put('/_api/v3/personal-setting/api-token')).json().userData.apiToken as string;
    expect((await tokenRequest(server.app, token, 'GET', '/_api/v3/page?path=/private')).statusCode).toBe(
      200,
    );
    const byQuery = await tokenRequest(
      server.app,
      token,
      'GET',
      '/_api/v3/page?path=/private',
      undefined,
      'query',
    );
    expect(byQuery.statusCode).toBe(200);
    const wrong = await tokenRequest(server.app, 'x'.repeat(40), 'GET', '/_api/v3/page?path=/private');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors[0].code).toBe('invalid_api_token');
  });

  it('accepts HTTP Basic when the admin allows it, throttled with the other routes', async () => {
    const basic = `Basic ${Buffer.from(`bob:${USER_PASSWORD}`).toString('base64')}`;
    const call = (authorization: string) =>
      server.app.inject({ method: 'GET', url: '/_api/v3/page?path=/bob-basic', headers: { authorization } });
    expect((await call(basic)).json().errors[0].code).toBe('basic_auth_disabled');
    await admin.put('/_api/v3/security-setting/authentication/enabled', { isEnabled: true, authId: 'basic' });
    const own = (await bob.post('/_api/v3/page', { path: '/bob-basic', body: 'x' })).json<{ page: Page }>()
      .page;
    server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = ? WHERE id = ?').run(GRANT.owner, own._id);
    expect((await call(basic)).statusCode).toBe(200);
    const wrong = await call(`Basic ${Buffer.from('bob:nope').toString('base64')}`);
    expect(wrong.statusCode).toBe(401);
  });

  it('lets an invited user read nothing until the profile is complete', async () => {
    const res = await admin.post('/_api/v3/users/invite', { shapedEmailList: ['joiner@example.com'] });
    const password = res.json().createdUserList[0].password as string;
    const invited = new Agent(server.app);
    await invited.post('/_api/v3/login', { username: 'joiner@example.com', password });
    const read = await readAs(invited, '/private');
    expect(read.statusCode).toBe(403);
    expect(read.json().errors[0].code).toBe('complete_profile_first');
  });
});
