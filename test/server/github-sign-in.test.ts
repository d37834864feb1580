// GitHub sign-in against a local stand-in for GitHub (an Enterprise Server address): a new user,
// the same-username switch, a forged state, a replayed callback, and the settings' permission.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';
import { GITHUB_CLIENT, startGithubStandin, type GithubStandin, roundTrip } from '../helpers/oauth-standin';

const SITE = 'http://quire.test';
let github: GithubStandin;
let server: TestServer;
let admin: Agent;

beforeAll(async () => {
  github = await startGithubStandin();
});
afterAll(async () => {
  await github.stop();
});
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
  server.app.ctx.settings.set('app:siteUrl', SITE);
  const res = await admin.put('/_api/v3/security-setting/github-oauth', {
    githubClientId: GITHUB_CLIENT.id,
    githubClientSecret: GITHUB_CLIENT.secret,
    githubBaseUrl: github.baseUrl,
  });
  expect(res.json().securitySettingParams).toMatchObject({ githubClientSecret: '********' });
  await admin.put('/_api/v3/security-setting/authentication/enabled', { isEnabled: true, authId: 'github' });
});
afterEach(async () => {
  await server.cleanup();
});

const trip = (browser: Agent) => roundTrip(browser, 'github', SITE);

describe('GitHub sign-in', () => {
  it('creates a user from the GitHub profile and lists the button', async () => {
    github.signInAs({ id: 4242, login: 'octo', name: 'Octo Cat', email: null });
    expect((await new Agent(server.app).get('/_api/v3/app-config')).json().externalAuth).toContainEqual({
      id: 'github',
      label: 'GitHub',
    });
    const browser = new Agent(server.app);
    const done = await browser.get(await trip(browser));
    expect(done.headers.location).toBe('/');
    expect((await browser.get('/_api/v3/personal-setting')).json().currentUser).toMatchObject({
      username: 'octo',
      name: 'Octo Cat',
    });
    expect(server.app.ctx.externalAccounts.find('github', '4242')).toBeDefined();
    const signedInAt = server.app.ctx.db.$client
      .prepare('SELECT last_login_at AS at FROM users WHERE username = ?')
      .get('octo') as { at: number | null };
    expect(signedInAt.at).toBeGreaterThan(0);
    // The audit log names the provider.
    const filter = encodeURIComponent(JSON.stringify({ actions: ['USER_LOGIN'] }));
    const audit = (await admin.get(`/_api/v3/activity?searchFilter=${filter}`)).json();
    expect(audit.serializedPaginationResult.docs[0]).toMatchObject({
      action: 'USER_LOGIN',
      target: 'github',
    });
  });

  it('links to the same-named local user only with the switch', async () => {
    await createUser(server.app, 'dave');
    github.signInAs({ id: 7, login: 'dave', name: 'Dave GH', email: null });
    const browser = new Agent(server.app);
    expect((await browser.get(await trip(browser))).headers.location).toBe(
      '/login?externalAccountLoginError=provider-duplicated-username-exception',
    );
    await admin.put('/_api/v3/security-setting/github-oauth', { isSameUsernameTreatedAsIdenticalUser: true });
    expect((await browser.get(await trip(browser))).headers.location).toBe('/');
    expect((await browser.get('/_api/v3/personal-setting')).json().currentUser.email).toBe(
      'dave@example.com',
    );
  });

  it('refuses a forged state and a replayed callback', async () => {
    github.signInAs({ id: 9, login: 'mallory', name: 'M', email: null });
    const browser = new Agent(server.app);
    const callback = await trip(browser);
    const forged = callback.replace(/state=[^&]+/, 'state=forged');
    expect((await browser.get(forged)).headers.location).toContain(
      'externalAccountLoginError=sign_in_failure',
    );
    const fresh = await trip(browser);
    expect((await browser.get(fresh)).headers.location).toBe('/');
    expect((await new Agent(server.app).get(fresh)).headers.location).toContain('externalAccountLoginError');
  });

  it('is refused to non-admins and off when disabled', async () => {
    await createUser(server.app, 'dave');
    const dave = await signIn(server.app, 'dave');
    expect(
      (await dave.put('/_api/v3/security-setting/github-oauth', { githubClientId: 'x' })).statusCode,
    ).toBe(403);
    await admin.put('/_api/v3/security-setting/authentication/enabled', {
      isEnabled: false,
      authId: 'github',
    });
    expect((await new Agent(server.app).get('/passport/github')).headers.location).toBe(
      '/login?externalAccountLoginError=strategy_has_not_been_set_up',
    );
  });
});
