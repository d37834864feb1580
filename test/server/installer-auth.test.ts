import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN,
  Agent,
  createUser,
  install,
  signIn,
  startTestServer,
  type TestServer,
} from '../helpers/server';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.cleanup();
});

describe('first run', () => {
  it('reports not installed and sends every page to /installer', async () => {
    const guest = new Agent(server.app);
    expect((await guest.get('/_api/v3/app-config')).json()).toMatchObject({
      isInstalled: false,
      title: 'Quire',
    });
    for (const url of ['/', '/Sandbox', '/login']) {
      const res = await guest.get(url);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/installer');
    }
  });

  it('creates the first admin, signs them in and creates the top page', async () => {
    const admin = await install(server.app);
    const me = await admin.get('/_api/v3/personal-setting');
    expect(me.statusCode).toBe(200);
    expect(me.json().currentUser).toMatchObject({
      username: 'admin',
      name: ADMIN.name,
      admin: true,
      lang: 'en_US',
    });
    expect((await admin.get('/_api/v3/app-config')).json()).toMatchObject({
      isInstalled: true,
      currentUser: { username: 'admin', admin: true },
    });
    expect((await new Agent(server.app).get('/_api/v3/app-config')).json().currentUser).toBeNull();
    const top = await admin.get('/_api/v3/page?path=/');
    expect(top.statusCode).toBe(200);
    expect(top.json().page.revision.body).toContain('Welcome to Quire');
    const res = await new Agent(server.app).get('/installer');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it("takes GROWI's form (registerForm, the language under app.globalLang) and answers its message", async () => {
    const { lang: _lang, ...fields } = ADMIN;
    const res = await new Agent(server.app).post('/_api/v3/installer', {
      registerForm: { ...fields, app: { globalLang: 'ja_JP' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: expect.any(String),
      currentUser: { username: ADMIN.username, lang: 'ja_JP' },
    });
    const login = await new Agent(server.app).post('/_api/v3/login', {
      loginForm: { username: ADMIN.username, password: ADMIN.password },
    });
    expect(login.json()).toMatchObject({ redirectTo: '/', currentUser: { username: ADMIN.username } });
  });

  it('refuses a second installation with 409', async () => {
    await install(server.app);
    const res = await new Agent(server.app).post('/_api/v3/installer', {
      ...ADMIN,
      username: 'eve',
      email: 'e@x.org',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({ code: 'already_installed' });
  });

  it.each([
    ['a short password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['a missing e-mail', { email: undefined }, 'E-mail is required'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'The syntax of E-mail is invalid.'],
    ['a user id with spaces', { username: 'ada lovelace' }, 'The syntax of User ID is invalid.'],
    ['an unknown language', { lang: 'fr_FR' }, 'The syntax of Language is invalid.'],
  ])('refuses %s with a clear message and changes nothing', async (_case, change, message) => {
    const guest = new Agent(server.app);
    const res = await guest.post('/_api/v3/installer', { ...ADMIN, ...change });
    expect(res.statusCode).toBe(400);
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toContain('Some values are incorrect');
    expect(messages).toContain(message);
    expect((await guest.get('/_api/v3/app-config')).json().isInstalled).toBe(false);
  });

  it('answers in the browser language', async () => {
    const guest = new Agent(server.app, { 'accept-language': 'ja-JP,ja;q=0.9' });
    const res = await guest.post('/_api/v3/installer', { ...ADMIN, password: '1' });
    expect(res.json().errors[0].message).toBe('入力値に誤りがあります');
  });
});

describe('sign-in and sign-out', () => {
  beforeEach(async () => {
    await install(server.app);
  });

  it.each([
    ['username', ADMIN.username],
    ['e-mail', ADMIN.email.toUpperCase()],
  ])('signs in by %s and gets a fresh session id', async (_kind, login) => {
    const agent = new Agent(server.app);
    await agent.csrfToken();
    const before = agent.cookie;
    const res = await agent.post('/_api/v3/login', { username: login, password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().currentUser.username).toBe('admin');
    expect(agent.cookie).not.toBe(before);
    expect((await agent.get('/_api/v3/personal-setting')).statusCode).toBe(200);
  });

  it('refuses a wrong password with the sign-in failure message', async () => {
    const agent = new Agent(server.app);
    const res = await agent.post('/_api/v3/login', { username: 'admin', password: 'wrong password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0]).toEqual({ code: 'sign_in_failure', message: 'Sign in failure.' });
    expect((await agent.get('/_api/v3/personal-setting')).statusCode).toBe(401);
  });

  it('throttles repeated failed sign-ins to an account with 429, even with the right password', async () => {
    const agent = new Agent(server.app);
    for (let i = 0; i < 10; i++) {
      expect(
        (await agent.post('/_api/v3/login', { username: 'admin', password: `guess ${i}` })).statusCode,
      ).toBe(401);
    }
    const res = await agent.post('/_api/v3/login', { username: 'admin', password: ADMIN.password });
    expect(res.statusCode).toBe(429);
    expect(res.json().errors[0]).toEqual({
      code: 'too_many_attempts',
      message: 'Too many failed sign-in attempts. Try again in 15 minute(s).',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    await createUser(server.app, 'bob');
    expect((await agent.post('/_api/v3/login', { username: 'bob', password: 'secret1' })).statusCode).toBe(
      200,
    );
  });

  it('sets a httpOnly, SameSite=Lax session cookie that lasts 30 days', async () => {
    const agent = new Agent(server.app);
    await agent.csrfToken();
    const res = await agent.post('/_api/v3/login', { username: 'admin', password: ADMIN.password });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)?.[1] ?? '').getTime();
    expect(Math.abs(expires - Date.now() - 2_592_000_000)).toBeLessThan(60_000);
  });

  it('signs out through the API and through /logout', async () => {
    const agent = new Agent(server.app);
    await agent.post('/_api/v3/login', { username: 'admin', password: ADMIN.password });
    expect((await agent.post('/_api/v3/logout')).statusCode).toBe(200);
    expect((await agent.get('/_api/v3/personal-setting')).statusCode).toBe(401);

    await agent.post('/_api/v3/login', { username: 'admin', password: ADMIN.password });
    const signedIn = agent.cookie;
    const res = await agent.get('/logout');
    expect(res.statusCode).toBe(302);
    const reused = new Agent(server.app);
    reused.cookie = signedIn;
    expect((await reused.get('/_api/v3/personal-setting')).statusCode).toBe(401);
  });

  it.each([
    ['an image in a page', { 'sec-fetch-dest': 'image', 'sec-fetch-site': 'same-origin' }],
    ['a frame in a page', { 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'same-origin' }],
    ['a link on another site', { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'cross-site' }],
  ])('does not sign out on /logout requested by %s', async (_case, headers) => {
    const agent = await signIn(server.app, 'admin', ADMIN.password);
    expect((await agent.get('/logout', headers)).statusCode).toBe(302);
    expect((await agent.get('/_api/v3/personal-setting')).statusCode).toBe(200);
    const navigation = { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin' };
    await agent.get('/logout', navigation);
    expect((await agent.get('/_api/v3/personal-setting')).statusCode).toBe(401);
  });

  it('keeps people signed in across a server restart', async () => {
    const agent = new Agent(server.app);
    await agent.post('/_api/v3/login', { username: 'admin', password: ADMIN.password });
    await server.close();
    const restarted = await startTestServer({ dataDir: server.dataDir });
    try {
      const again = new Agent(restarted.app);
      again.cookie = agent.cookie;
      expect((await again.get('/_api/v3/personal-setting')).json().currentUser.username).toBe('admin');
    } finally {
      await restarted.close();
    }
  });
});

describe('CSRF protection', () => {
  it('refuses a state-changing call without a token, or with another session’s token', async () => {
    const admin = await install(server.app);
    const noToken = await admin.post('/_api/v3/page', { path: '/x', body: 'x' }, { 'x-csrf-token': '' });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().errors[0].code).toBe('invalid_csrf');

    const other = new Agent(server.app);
    const foreignToken = await other.csrfToken();
    const res = await admin.post(
      '/_api/v3/page',
      { path: '/x', body: 'x' },
      { 'x-csrf-token': foreignToken },
    );
    expect(res.statusCode).toBe(403);
    expect((await admin.get('/_api/v3/page?path=/x')).statusCode).toBe(404);
  });

  it('accepts the token in the body field _csrf', async () => {
    const admin = await install(server.app);
    const token = await admin.csrfToken();
    const res = await admin.post(
      '/_api/v3/page',
      { path: '/x', body: 'x', _csrf: token },
      { 'x-csrf-token': '' },
    );
    expect(res.statusCode).toBe(201);
  });
});

describe('personal settings', () => {
  it('updates the profile and refuses an e-mail someone else uses', async () => {
    const admin = await install(server.app);
    await createUser(server.app, 'bob');
    const taken = await admin.put('/_api/v3/personal-setting', {
      name: 'Ada',
      email: 'BOB@example.com',
      lang: 'en_US',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toEqual({
      code: 'email_registered',
      message: 'This e-mail is already registered.',
    });
    const ok = await admin.put('/_api/v3/personal-setting', {
      name: 'Ada L.',
      email: 'ada@lovelace.org',
      lang: 'ja_JP',
    });
    expect(ok.json().currentUser).toMatchObject({ name: 'Ada L.', email: 'ada@lovelace.org', lang: 'ja_JP' });
    // The user's own language now wins over the browser's.
    const bad = await admin.put(
      '/_api/v3/personal-setting',
      { name: '', email: 'x', lang: 'ja_JP' },
      { 'accept-language': 'en' },
    );
    expect(bad.json().errors[0].message).toBe('入力値に誤りがあります');
  });

  it('is for signed-in users only', async () => {
    await install(server.app);
    const guest = new Agent(server.app);
    expect((await guest.get('/_api/v3/personal-setting')).statusCode).toBe(401);
    expect(
      (await guest.put('/_api/v3/personal-setting', { name: 'x', email: 'x@x.org', lang: 'en_US' }))
        .statusCode,
    ).toBe(401);
  });
});
