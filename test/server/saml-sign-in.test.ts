// SAML 2 sign-in (issue 13) against a test IdP (samlify) signing with its own key: the settings
// with GROWI's rules, a sign-in creating the user, and the answers that must be refused —
// unsigned, signed by another key, expired, for another audience, replayed, not answering our
// request, finished in a browser that did not start it (login CSRF, issue 27) — and the
// attribute-based login rule.
import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { requestIdOf, startIdp, unsigned, type TestIdp } from '../helpers/saml-idp';
import type { AppConfigResponse } from '../../src/shared/api-types';

const SP = 'http://wiki.quire.test/saml';
let server: TestServer;
let admin: Agent;
let idp: TestIdp;
let callbackUrl: string;

beforeEach(async () => {
  server = await startTestServer();
  ({ admin } = await signInTeam(server.app, []));
  idp = await startIdp(['uid', 'mail', 'firstName', 'lastName', 'Department', 'Position']);
  const saved = await admin.put('/_api/v3/security-setting/saml', settings());
  expect(saved.statusCode, saved.body).toBe(200);
  callbackUrl = saved.json().securitySettingParams.samlCallbackUrl as string;
  const enabled = await admin.put('/_api/v3/security-setting/authentication/enabled', {
    isEnabled: true,
    authId: 'saml',
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
});
afterEach(async () => {
  await server.cleanup();
});

function settings(extra: Record<string, unknown> = {}) {
  return {
    samlEntryPoint: 'http://idp.quire.test/sso',
    samlIssuer: SP,
    samlCert: idp.cert,
    samlAttrMapId: 'uid',
    samlAttrMapUsername: 'uid',
    samlAttrMapMail: 'mail',
    ...extra,
  };
}

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';

/** Starts a sign-in as a browser would: the request the wiki sent to the IdP, and the browser's cookie. */
async function start(cookie = ''): Promise<{ id: string; cookie: string }> {
  const res = await server.app.inject({
    method: 'GET',
    url: '/passport/saml',
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(302);
  expect(String(res.headers.location)).toMatch(/^http:\/\/idp\.quire\.test\/sso\?SAMLRequest=/);
  return { id: requestIdOf(String(res.headers.location)), cookie: cookieOf(res) || cookie };
}
const begin = async () => (await start()).id;

/** The browser following the callback's answer to finish, with its cookie. */
async function finish(posted: Awaited<ReturnType<typeof post>>, cookie: string) {
  expect(posted.statusCode).toBe(303);
  expect(String(posted.headers.location)).toMatch(/^\/passport\/saml\/finish\?ticket=[\w-]+$/);
  return server.app.inject({
    method: 'GET',
    url: String(posted.headers.location),
    headers: cookie ? { cookie } : {},
  });
}

/** Posts an answer as the IdP's page does (cross-site: no cookie, no CSRF token). */
async function post(answer: string) {
  return server.app.inject({
    method: 'POST',
    url: '/passport/saml/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: answer }).toString(),
  });
}

const ann = {
  uid: 'ann',
  mail: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  Department: 'A',
  Position: 'Leader',
};

async function whoIs(res: Awaited<ReturnType<typeof post>>): Promise<string | null> {
  const cookie = cookieOf(res);
  const config = await server.app.inject({ method: 'GET', url: '/_api/v3/app-config', headers: { cookie } });
  return config.json<AppConfigResponse>().currentUser?.username ?? null;
}

describe('SAML sign-in', () => {
  it('offers the button, signs a person in from a signed answer, and creates their user', async () => {
    const config = (
      await server.app.inject({ method: 'GET', url: '/_api/v3/app-config' })
    ).json<AppConfigResponse>();
    expect(config.externalAuth).toContainEqual({ id: 'saml', label: '' });
    const browser = await start();
    const id = browser.id;
    const posted = await post(
      await idp.answer({ inResponseTo: id, audience: SP, destination: callbackUrl, attributes: ann }),
    );
    // Checked, not yet signed in: the answer came without the browser's cookie.
    expect(await whoIs(posted)).toBeNull();
    const res = await finish(posted, browser.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(await whoIs(res)).toBe('ann');
    const user = server.app.ctx.users.findByUsername('ann');
    expect(user).toMatchObject({ name: 'Ann Lee', email: 'ann@example.com' });

    // The same answer again: the request it answered was used up.
    const replayed = await post(
      await idp.answer({ inResponseTo: id, audience: SP, destination: callbackUrl, attributes: ann }),
    );
    expect(replayed.headers.location).toBe('/login?externalAccountLoginError=sign_in_failure');
  });

  it('refuses unsigned, foreign-signed, expired, wrong-audience and unsolicited answers', async () => {
    const stranger = await startIdp(['uid', 'mail']);
    const cases: [string, (id: string) => Promise<string>][] = [
      [
        'unsigned',
        async (id) =>
          unsigned(
            await idp.answer({ inResponseTo: id, audience: SP, destination: callbackUrl, attributes: ann }),
          ),
      ],
      [
        'signed by another key',
        (id) =>
          stranger.answer({ inResponseTo: id, audience: SP, destination: callbackUrl, attributes: ann }),
      ],
      [
        'expired',
        (id) =>
          idp.answer({
            inResponseTo: id,
            audience: SP,
            destination: callbackUrl,
            attributes: ann,
            validForMinutes: -10,
          }),
      ],
      [
        'for another audience',
        (id) =>
          idp.answer({
            inResponseTo: id,
            audience: 'http://other.example/sp',
            destination: callbackUrl,
            attributes: ann,
          }),
      ],
      [
        'answering no request of ours',
        () =>
          idp.answer({ inResponseTo: '_not-ours', audience: SP, destination: callbackUrl, attributes: ann }),
      ],
    ];
    for (const [what, make] of cases) {
      const res = await post(await make(await begin()));
      expect(res.headers.location, what).toBe('/login?externalAccountLoginError=sign_in_failure');
      expect(await whoIs(res), what).toBeNull();
    }
    expect(server.app.ctx.users.findByUsername('ann')).toBeUndefined();
    const empty = await post('');
    expect(empty.headers.location).toBe('/login?externalAccountLoginError=sign_in_failure');
  });

  it('lets in only whom the attribute-based login rule allows', async () => {
    const rule = await admin.put(
      '/_api/v3/security-setting/saml',
      settings({ samlABLCRule: '(Department: A || Department: B) && Position: Leader' }),
    );
    expect(rule.statusCode, rule.body).toBe(200);
    const member = { ...ann, uid: 'max', mail: 'max@example.com', Position: 'Member' };
    const first = await start();
    const refused = await finish(
      await post(
        await idp.answer({
          inResponseTo: first.id,
          audience: SP,
          destination: callbackUrl,
          attributes: member,
        }),
      ),
      first.cookie,
    );
    expect(refused.headers.location).toBe('/login?externalAccountLoginError=insufficient_privileges');
    const second = await start();
    const allowed = await finish(
      await post(
        await idp.answer({
          inResponseTo: second.id,
          audience: SP,
          destination: callbackUrl,
          attributes: ann,
        }),
      ),
      second.cookie,
    );
    expect(await whoIs(allowed)).toBe('ann');
  });
});

describe('SAML login CSRF (issue 27)', () => {
  const mallory = { ...ann, uid: 'mallory', mail: 'mallory@example.com', firstName: 'Mal' };

  it('refuses an answer finished in a browser that did not start its request', async () => {
    // Mallory starts a sign-in in her own browser and gets the IdP's answer for her account.
    const hers = await start();
    const answer = await idp.answer({
      inResponseTo: hers.id,
      audience: SP,
      destination: callbackUrl,
      attributes: mallory,
    });
    // Her page makes a colleague's browser post it: the colleague has a session of their own,
    // even a sign-in of their own under way, but never started Mallory's request.
    const colleague = await start();
    const posted = await post(answer);
    const res = await finish(posted, colleague.cookie);
    expect(res.headers.location).toBe('/login?externalAccountLoginError=sign_in_failure');
    expect(await whoIs(res)).toBeNull();
    const stillGuest = await server.app.inject({
      method: 'GET',
      url: '/_api/v3/app-config',
      headers: { cookie: colleague.cookie },
    });
    expect(stillGuest.json<AppConfigResponse>().currentUser).toBeNull();
    // A browser without any session is refused the same way.
    const again = await start();
    const bare = await finish(
      await post(
        await idp.answer({
          inResponseTo: again.id,
          audience: SP,
          destination: callbackUrl,
          attributes: mallory,
        }),
      ),
      '',
    );
    expect(bare.headers.location).toBe('/login?externalAccountLoginError=sign_in_failure');
    expect(server.app.ctx.users.findByUsername('mallory')).toBeUndefined();
  });

  it('takes each checked answer once, and only a ticket it issued', async () => {
    const browser = await start();
    const posted = await post(
      await idp.answer({ inResponseTo: browser.id, audience: SP, destination: callbackUrl, attributes: ann }),
    );
    expect(await whoIs(await finish(posted, browser.cookie))).toBe('ann');
    const replay = await finish(posted, browser.cookie);
    expect(replay.headers.location).toBe('/login?externalAccountLoginError=sign_in_failure');
    const forged = await server.app.inject({
      method: 'GET',
      url: '/passport/saml/finish?ticket=made-up',
      headers: { cookie: browser.cookie },
    });
    expect(forged.headers.location).toBe('/login?externalAccountLoginError=sign_in_failure');
  });
});

describe('SAML settings', () => {
  it("follow GROWI's rules, admins only, and bad values change nothing", async () => {
    const view = (await admin.get('/_api/v3/security-setting/')).json().securityParams.samlAuth;
    expect(view).toMatchObject({ samlIssuer: SP, samlAttrMapId: 'uid' });
    const missing = await admin.put('/_api/v3/security-setting/saml', settings({ samlIssuer: '' }));
    expect(missing.json().errors[0].message).toBe('Issuer is required');
    const badCert = await admin.put(
      '/_api/v3/security-setting/saml',
      settings({ samlCert: 'not a certificate' }),
    );
    expect(badCert.json().errors[0].message).toBe('The syntax of Certificate is invalid.');
    const badRule = await admin.put(
      '/_api/v3/security-setting/saml',
      settings({ samlABLCRule: '(Department: A' }),
    );
    expect(badRule.json().errors[0]).toEqual({
      code: 'invalid_ablc_rule',
      message: 'The attribute-based login rule is not valid: a closing parenthesis is missing at the end.',
    });
    expect(server.app.ctx.settings.get('security:passport-saml:issuer')).toBe(SP);
    expect(server.app.ctx.settings.get('security:passport-saml:ABLCRule')).toBe('');

    const bob = new Agent(server.app);
    expect((await bob.put('/_api/v3/security-setting/saml', settings())).statusCode).toBe(401);
  });
  it("take GROWI 7's own field names (its server reads them unprefixed) and its spec's spelling", async () => {
    const saved = await admin.put('/_api/v3/security-setting/saml', {
      entryPoint: 'http://idp.quire.test/other',
      issuer: 'growi-client',
      cert: idp.cert,
      attrMapId: 'uid',
      samlAttrMapUserName: 'mail',
      attrMapMail: 'mail',
      ABLCRule: 'Department: Sales',
      useOnlyEnvVarsForSomeOptions: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().securitySettingParams).toMatchObject({
      samlEntryPoint: 'http://idp.quire.test/other',
      samlIssuer: 'growi-client',
      samlAttrMapUsername: 'mail',
      samlABLCRule: 'Department: Sales',
    });
    const badRule = await admin.put('/_api/v3/security-setting/saml', { ABLCRule: '(Department: A' });
    expect(badRule.statusCode).toBe(400);
    expect(server.app.ctx.settings.get('security:passport-saml:ABLCRule')).toBe('Department: Sales');
  });
});
