// HTTP Basic: off by default; when on, a script signs in per request with a local or directory
// password (no cookie, no CSRF token), wrong passwords are refused and throttled like the form.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/server';
import {
  createUser,
  install,
  signIn,
  startTestServer,
  USER_PASSWORD,
  type TestServer,
} from '../helpers/server';
import { LDAP_MANAGER, startSlapd, type Slapd } from '../helpers/slapd';

let slapd: Slapd;
let server: TestServer;
let admin: Agent;

beforeAll(async () => {
  slapd = await startSlapd();
});
afterAll(async () => {
  await slapd.stop();
});
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
  await createUser(server.app, 'dave');
});
afterEach(async () => {
  await server.cleanup();
});

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

function call(method: 'GET' | 'PUT', url: string, authorization: string, payload?: unknown) {
  return server.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
}

const enableBasic = (isEnabled = true) =>
  admin.put('/_api/v3/security-setting/authentication/enabled', { isEnabled, authId: 'basic' });

describe('HTTP Basic', () => {
  it('is off by default and says so', async () => {
    const res = await call('GET', '/_api/v3/personal-setting', basic('dave', USER_PASSWORD));
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe('basic_auth_disabled');
    expect(res.headers['www-authenticate']).toContain('Basic');
  });

  it('only an admin may turn it on', async () => {
    const dave = await signIn(server.app, 'dave');
    const res = await dave.put('/_api/v3/security-setting/authentication/enabled', {
      isEnabled: true,
      authId: 'basic',
    });
    expect(res.statusCode).toBe(403);
  });

  it('signs a local user in for the request, without cookie or CSRF token', async () => {
    expect((await enableBasic()).statusCode).toBe(200);
    const me = await call('GET', '/_api/v3/personal-setting', basic('dave', USER_PASSWORD));
    expect(me.statusCode).toBe(200);
    expect(me.json().currentUser.username).toBe('dave');
    expect(me.headers['set-cookie']).toBeUndefined();
    const saved = await call('PUT', '/_api/v3/personal-setting', basic('dave', USER_PASSWORD), {
      name: 'Dave Basic',
      email: 'dave@example.com',
      lang: 'ja_JP',
    });
    expect(saved.statusCode).toBe(200);
    const wrong = await call('GET', '/_api/v3/personal-setting', basic('dave', 'nope'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors[0].code).toBe('sign_in_failure');
  });

  it('signs a directory user in through LDAP', async () => {
    await admin.put('/_api/v3/security-setting/ldap', {
      serverUrl: slapd.serverUrl,
      ldapBindDN: LDAP_MANAGER.dn,
      ldapBindDNPassword: LDAP_MANAGER.password,
    });
    await admin.put('/_api/v3/security-setting/authentication/enabled', { isEnabled: true, authId: 'ldap' });
    await enableBasic();
    const me = await call('GET', '/_api/v3/personal-setting', basic('alice', 'alice-pass'));
    expect(me.json().currentUser).toMatchObject({ username: 'alice', email: 'alice@example.org' });
  });

  it('is throttled like the sign-in form', async () => {
    await enableBasic();
    for (let i = 0; i < 10; i += 1) {
      expect((await call('GET', '/_api/v3/personal-setting', basic('dave', `wrong${i}`))).statusCode).toBe(
        401,
      );
    }
    const blocked = await call('GET', '/_api/v3/personal-setting', basic('dave', USER_PASSWORD));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('shares one failure count with the sign-in form, by account (username or e-mail)', async () => {
    await enableBasic();
    for (let i = 0; i < 5; i += 1) {
      const form = await new Agent(server.app).post('/_api/v3/login', {
        username: 'dave',
        password: `no${i}`,
      });
      expect(form.statusCode).toBe(401);
    }
    for (let i = 0; i < 5; i += 1) {
      const byMail = await call('GET', '/_api/v3/personal-setting', basic('dave@example.com', `no${i}`));
      expect(byMail.statusCode).toBe(401);
    }
    // Ten failures on one account, by two doors and two names: locked at both.
    expect((await call('GET', '/_api/v3/personal-setting', basic('dave', USER_PASSWORD))).statusCode).toBe(
      429,
    );
    const form = await new Agent(server.app).post('/_api/v3/login', {
      username: 'dave',
      password: USER_PASSWORD,
    });
    expect(form.statusCode).toBe(429);
  });
});
