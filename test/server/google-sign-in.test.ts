// Google sign-in against a local stand-in answering Google's OAuth paths (QUIRE_GOOGLE_OAUTH_BASE's
// config): a new user named from the e-mail, the same-e-mail switch, a forged state, a callback
// begun for another provider, the login button, and the settings' permission and masking.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';
import { GOOGLE_CLIENT, startGoogleStandin, type OAuthStandin, roundTrip } from '../helpers/oauth-standin';

const SITE = 'http://quire.test';
let google: OAuthStandin<Record<string, string>>;
let server: TestServer;
let admin: Agent;

beforeAll(async () => {
  google = await startGoogleStandin();
});
afterAll(async () => {
  await google.stop();
});
beforeEach(async () => {
  server = await startTestServer({ googleOAuthBase: google.baseUrl });
  admin = await install(server.app);
  server.app.ctx.settings.set('app:siteUrl', SITE);
  const res = await admin.put('/_api/v3/security-setting/google-oauth', {
    googleClientId: GOOGLE_CLIENT.id,
    googleClientSecret: GOOGLE_CLIENT.secret,
  });
  expect(res.json().securitySettingParams).toEqual({
    googleClientId: GOOGLE_CLIENT.id,
    googleClientSecret: '********',
    isSameEmailTreatedAsIdenticalUser: false,
    isSameUsernameTreatedAsIdenticalUser: false,
  });
  await admin.put('/_api/v3/security-setting/authentication/enabled', { isEnabled: true, authId: 'google' });
});
afterEach(async () => {
  await server.cleanup();
});

const trip = (browser: Agent) => roundTrip(browser, 'google', SITE);

describe('Google sign-in', () => {
  it('creates a user named from the e-mail, with the name in the account language, and lists the button', async () => {
    google.signInAs({
      sub: '1093',
      email: 'hanako.yamada@example.com',
      given_name: '花子',
      family_name: '山田',
      locale: 'ja',
    });
    expect((await new Agent(server.app).get('/_api/v3/app-config')).json().externalAuth).toContainEqual({
      id: 'google',
      label: 'Google',
    });
    const browser = new Agent(server.app);
    expect((await browser.get(await trip(browser))).headers.location).toBe('/');
    expect((await browser.get('/_api/v3/personal-setting')).json().currentUser).toMatchObject({
      username: 'hanako.yamada',
      name: '山田 花子',
      email: 'hanako.yamada@example.com',
    });
    expect(server.app.ctx.externalAccounts.find('google', '1093')).toBeDefined();
    expect((await admin.get('/_api/v3/security-setting/authentication')).json().setupStrategies).toContain(
      'google',
    );
  });

  it('links to the local user with the same e-mail only with the switch', async () => {
    await createUser(server.app, 'dave'); // dave@example.com
    google.signInAs({ sub: '77', email: 'dave@example.com', given_name: 'Dave', family_name: 'G' });
    const browser = new Agent(server.app);
    expect((await browser.get(await trip(browser))).headers.location).toBe(
      '/login?externalAccountLoginError=provider-duplicated-username-exception',
    );
    await admin.put('/_api/v3/security-setting/google-oauth', { isSameEmailTreatedAsIdenticalUser: true });
    expect((await browser.get(await trip(browser))).headers.location).toBe('/');
    expect((await browser.get('/_api/v3/personal-setting')).json().currentUser.username).toBe('dave');
  });

  it('refuses a forged state, a replay, and a callback of a sign-in begun with another provider', async () => {
    google.signInAs({ sub: '9', email: 'mallory@example.com', given_name: 'M' });
    const browser = new Agent(server.app);
    const callback = await trip(browser);
    const forged = callback.replace(/state=[^&]+/, 'state=forged');
    expect((await browser.get(forged)).headers.location).toContain(
      'externalAccountLoginError=sign_in_failure',
    );
    const fresh = await trip(browser);
    // The Google sign-in under way cannot be finished on the GitHub callback.
    expect((await browser.get(fresh.replace('/google/', '/github/'))).headers.location).toContain(
      'externalAccountLoginError',
    );
    const again = await trip(browser);
    expect((await browser.get(again)).headers.location).toBe('/');
    expect((await new Agent(server.app).get(again)).headers.location).toContain('externalAccountLoginError');
  });

  it('keeps the secret on a masked save, is refused to non-admins, and is off when disabled', async () => {
    await admin.put('/_api/v3/security-setting/google-oauth', { googleClientSecret: '********' });
    expect(server.app.ctx.settings.get('security:passport-google:clientSecret')).toBe(GOOGLE_CLIENT.secret);
    await createUser(server.app, 'dave');
    const dave = await signIn(server.app, 'dave');
    expect(
      (await dave.put('/_api/v3/security-setting/google-oauth', { googleClientId: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await new Agent(server.app).put('/_api/v3/security-setting/google-oauth', { googleClientId: 'x' }))
        .statusCode,
    ).toBe(401);
    await admin.put('/_api/v3/security-setting/authentication/enabled', {
      isEnabled: false,
      authId: 'google',
    });
    expect((await new Agent(server.app).get('/passport/google')).headers.location).toBe(
      '/login?externalAccountLoginError=strategy_has_not_been_set_up',
    );
  });
});
