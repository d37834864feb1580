// Personal settings (`/me`): profile, password, API token (shown once, stored as sha256, accepted
// as Bearer, X-GROWI-ACCESS-TOKEN or access_token, no CSRF token needed), external accounts, default avatar.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Agent,
  createUser,
  install,
  signIn,
  startTestServer,
  tokenRequest,
  type TestServer,
} from '../helpers/server';

let server: TestServer;
let bob: Agent;
beforeEach(async () => {
  server = await startTestServer();
  await install(server.app);
  await createUser(server.app, 'bob');
  bob = await signIn(server.app, 'bob');
});
afterEach(async () => {
  await server.cleanup();
});

describe('profile and password', () => {
  it('shows the settings with the default avatar and changes name, e-mail, disclosure and language', async () => {
    const before = (await bob.get('/_api/v3/personal-setting')).json().currentUser;
    expect(before).toMatchObject({
      username: 'bob',
      isEmailPublished: true,
      imageUrlCached: '/images/icons/user.svg',
      apiTokenCreatedAt: null,
      status: 2,
      readOnly: false,
    });
    const res = await bob.put('/_api/v3/personal-setting', {
      name: 'Robert',
      email: 'Robert@Example.com',
      lang: 'ja_JP',
      isEmailPublished: false,
    });
    expect(res.json().currentUser).toMatchObject({
      name: 'Robert',
      email: 'robert@example.com',
      lang: 'ja_JP',
      isEmailPublished: false,
    });
    const taken = await bob.put('/_api/v3/personal-setting', {
      name: 'R',
      email: 'ada@example.com',
      lang: 'en_US',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].message).toBe('このメールアドレスはすでに登録されています。');
  });

  it('changes the password only with the current one and a matching confirmation', async () => {
    const wrong = await bob.put('/_api/v3/personal-setting/password', {
      oldPassword: 'nope',
      newPassword: 'better-secret',
      newPasswordConfirm: 'better-secret',
    });
    expect(wrong.json().errors[0]).toEqual({
      code: 'wrong_password',
      message: 'The current password is wrong.',
    });
    const mismatch = await bob.put('/_api/v3/personal-setting/password', {
      oldPassword: 'secret1',
      newPassword: 'better-secret',
      newPasswordConfirm: 'better-secrt',
    });
    expect(mismatch.json().errors[0].code).toBe('password_mismatch');
    const short = await bob.put('/_api/v3/personal-setting/password', {
      oldPassword: 'secret1',
      newPassword: '12345',
      newPasswordConfirm: '12345',
    });
    expect(short.statusCode).toBe(400);
    const ok = await bob.put('/_api/v3/personal-setting/password', {
      oldPassword: 'secret1',
      newPassword: 'better-secret',
      newPasswordConfirm: 'better-secret',
    });
    expect(ok.statusCode).toBe(200);
    expect(await signIn(server.app, 'bob', 'better-secret')).toBeInstanceOf(Agent);
  });

  it('counts wrong current passwords against the sign-in limit of the account (issue 27)', async () => {
    const change = (oldPassword: string) =>
      bob.put('/_api/v3/personal-setting/password', {
        oldPassword,
        newPassword: 'better-secret',
        newPasswordConfirm: 'better-secret',
      });
    for (let i = 0; i < 10; i++) expect((await change(`guess-${i}`)).statusCode).toBe(400);
    const locked = await change('secret1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors[0].code).toBe('too_many_attempts');
    const form = await new Agent(server.app).post('/_api/v3/login', { username: 'bob', password: 'secret1' });
    expect(form.statusCode).toBe(429);
  });

  it('lists external accounts (none until external sign-in exists)', async () => {
    const res = await bob.get('/_api/v3/personal-setting/external-accounts');
    expect(res.json()).toEqual({ externalAccounts: [] });
    expect((await new Agent(server.app).get('/_api/v3/personal-setting/external-accounts')).statusCode).toBe(
      401,
    );
  });
});

describe('API token', () => {
  const newToken = async () => {
    const res = await bob.put('/_api/v3/personal-setting/api-token');
    expect(res.statusCode).toBe(200);
    return res.json().userData as { apiToken: string; apiTokenCreatedAt: string };
  };

  it('is shown once and stored only as its sha256', async () => {
    const { apiToken, apiTokenCreatedAt } = await newToken();
    expect(apiToken.length).toBeGreaterThanOrEqual(40);
    const row = server.app.ctx.users.findByUsername('bob');
    expect(row?.apiTokenHash).toBe(createHash('sha256').update(apiToken).digest('hex'));
    const settings = await bob.get('/_api/v3/personal-setting');
    expect(settings.body).not.toContain(apiToken);
    expect(settings.json().currentUser.apiTokenCreatedAt).toBe(apiTokenCreatedAt);
  });

  it.each(['bearer', 'growi-header', 'query', 'body'] as const)(
    'works as %s without a session or CSRF token, also for writes',
    async (via) => {
      const { apiToken } = await newToken();
      const me = await tokenRequest(
        server.app,
        apiToken,
        'GET',
        '/_api/v3/personal-setting',
        undefined,
        via === 'body' ? 'query' : via,
      );
      expect(me.json().currentUser.username).toBe('bob');
      const created = await tokenRequest(
        server.app,
        apiToken,
        'POST',
        '/_api/v3/page',
        { path: `/By-${via}`, body: 'x' },
        via,
      );
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().page.creator.username).toBe('bob');
      expect(created.headers['set-cookie']).toBeUndefined();
    },
  );

  it('stops working when regenerated or revoked; a wrong token is 401', async () => {
    const first = (await newToken()).apiToken;
    const second = (await newToken()).apiToken;
    expect((await tokenRequest(server.app, first, 'GET', '/_api/v3/personal-setting')).statusCode).toBe(401);
    expect((await tokenRequest(server.app, second, 'GET', '/_api/v3/personal-setting')).statusCode).toBe(200);
    const revoked = await bob.request('DELETE', '/_api/v3/personal-setting/api-token');
    expect(revoked.json()).toEqual({ userData: { apiTokenCreatedAt: null } });
    const res = await tokenRequest(server.app, second, 'GET', '/_api/v3/personal-setting');
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe('invalid_api_token');
  });

  it('belongs to an active user: a deactivated user’s token is refused', async () => {
    const { apiToken } = await newToken();
    const bobId = server.app.ctx.users.findByUsername('bob')?.id ?? '';
    const admin = await signIn(server.app, 'admin', 'correct horse');
    await admin.put(`/_api/v3/users/${bobId}/deactivate`);
    expect((await tokenRequest(server.app, apiToken, 'GET', '/_api/v3/page?path=/')).statusCode).toBe(401);
  });

  it('session calls still need the CSRF token', async () => {
    const res = await bob.post('/_api/v3/page', { path: '/NoCsrf', body: 'x' }, { 'x-csrf-token': 'forged' });
    expect(res.statusCode).toBe(403);
  });
});
