// OpenID Connect sign-in against a real provider (oidc-provider on 127.0.0.1): the whole redirect
// dance, a new user, the linking rules, a forged state, a replayed code, a broken issuer.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, startTestServer, type TestServer } from '../helpers/server';
import {
  OIDC_CLIENT,
  signInAtProvider,
  startOidcProvider,
  type TestProvider,
} from '../helpers/oidc-provider';

const SITE = 'http://quire.test';
const PEOPLE = [
  { sub: 'sub-erin', preferred_username: 'erin', name: 'Erin Example', email: 'erin@example.org' },
  { sub: 'sub-bob', preferred_username: 'bob', name: 'Bob Provider', email: 'bob@example.com' },
];

let provider: TestProvider;
let server: TestServer;
let admin: Agent;

beforeAll(async () => {
  provider = await startOidcProvider(`${SITE}/passport/oidc/callback`, PEOPLE);
});
afterAll(async () => {
  await provider.stop();
});
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
  server.app.ctx.settings.set('app:siteUrl', SITE);
});
afterEach(async () => {
  await server.cleanup();
});

async function configure(extra: Record<string, unknown> = {}) {
  const res = await admin.put('/_api/v3/security-setting/oidc', {
    oidcProviderName: 'Test IdP',
    oidcIssuerHost: provider.issuer,
    oidcClientId: OIDC_CLIENT.id,
    oidcClientSecret: OIDC_CLIENT.secret,
    ...extra,
  });
  expect(res.statusCode).toBe(200);
  const on = await admin.put('/_api/v3/security-setting/authentication/enabled', {
    isEnabled: true,
    authId: 'oidc',
  });
  expect(on.statusCode).toBe(200);
  return res;
}

/** Quire's side of the dance through `agent`; returns the callback URL the provider sent back. */
async function toProvider(agent: Agent, login: string): Promise<URL> {
  const start = await agent.get('/passport/oidc');
  expect(start.statusCode).toBe(302);
  return signInAtProvider(String(start.headers.location), login);
}

const callbackPath = (url: URL) => `${url.pathname}${url.search}`;

describe('OpenID Connect', () => {
  it('creates an active user on the first sign-in and signs them in', async () => {
    await configure();
    expect((await admin.get('/_api/v3/security-setting/authentication')).json().setupStrategies).toContain(
      'oidc',
    );
    const browser = new Agent(server.app);
    const back = await toProvider(browser, 'sub-erin');
    expect(back.origin).toBe(SITE);
    const done = await browser.get(callbackPath(back));
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/');
    const me = (await browser.get('/_api/v3/personal-setting')).json().currentUser;
    expect(me).toMatchObject({
      username: 'erin',
      name: 'Erin Example',
      email: 'erin@example.org',
      status: 2,
    });
    expect(server.app.ctx.externalAccounts.find('oidc', 'sub-erin')).toBeDefined();
  });

  it('refuses a same-name user unless the switch says so, with a translated message on /login', async () => {
    await createUser(server.app, 'bob');
    await configure();
    const browser = new Agent(server.app);
    const refused = await browser.get(callbackPath(await toProvider(browser, 'sub-bob')));
    expect(refused.headers.location).toBe(
      '/login?externalAccountLoginError=provider-duplicated-username-exception',
    );
    expect((await browser.get('/_api/v3/personal-setting')).statusCode).toBe(401);

    await admin.put('/_api/v3/security-setting/oidc', { isSameEmailTreatedAsIdenticalUser: true });
    const linked = await browser.get(callbackPath(await toProvider(browser, 'sub-bob')));
    expect(linked.headers.location).toBe('/');
    expect((await browser.get('/_api/v3/personal-setting')).json().currentUser.name).toBe('Bob');
  });

  it('refuses a forged state', async () => {
    await configure();
    const browser = new Agent(server.app);
    const forged = await toProvider(browser, 'sub-erin');
    forged.searchParams.set('state', 'forged-state');
    const refused = await browser.get(callbackPath(forged));
    expect(refused.headers.location).toBe('/login?externalAccountLoginError=sign_in_failure');
    expect((await browser.get('/_api/v3/personal-setting')).statusCode).toBe(401);
  });

  it('refuses a replayed callback, from the same browser or another', async () => {
    await configure();
    const browser = new Agent(server.app);
    const back = await toProvider(browser, 'sub-erin');
    expect((await browser.get(callbackPath(back))).headers.location).toBe('/');
    await browser.post('/_api/v3/logout');
    expect((await browser.get(callbackPath(back))).headers.location).toContain('externalAccountLoginError');
    const thief = new Agent(server.app);
    await thief.get('/passport/oidc'); // a sign-in of its own under way: still not this code's
    expect((await thief.get(callbackPath(back))).headers.location).toContain('externalAccountLoginError');
    expect((await thief.get('/_api/v3/personal-setting')).statusCode).toBe(401);
  });

  it('a broken issuer leaves OIDC not set up, says why, and the button returns to /login', async () => {
    await configure({ oidcIssuerHost: 'http://127.0.0.1:1' });
    const res = await admin.put('/_api/v3/security-setting/oidc', {});
    expect(res.json().securitySettingParams).toMatchObject({
      isOidcSetUp: false,
      oidcClientSecret: '********',
    });
    expect(res.json().securitySettingParams.oidcSetupError).toEqual(expect.any(String));
    expect(res.body).not.toContain(OIDC_CLIENT.secret);
    expect(
      (await admin.get('/_api/v3/security-setting/authentication')).json().setupStrategies,
    ).not.toContain('oidc');
    const start = await new Agent(server.app).get('/passport/oidc');
    expect(start.headers.location).toBe('/login?externalAccountLoginError=strategy_has_not_been_set_up');
  });

  it('only admins change the settings', async () => {
    await createUser(server.app, 'dave');
    const dave = new Agent(server.app);
    await dave.post('/_api/v3/login', { username: 'dave', password: 'secret1' });
    expect(
      (await dave.put('/_api/v3/security-setting/oidc', { oidcIssuerHost: provider.issuer })).statusCode,
    ).toBe(403);
  });
});
