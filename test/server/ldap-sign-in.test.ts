// Sign-in with the team's directory: a real slapd on 127.0.0.1 (seeded with alice and bob in the
// wiki-users group, carol in none), the settings routes, the test form and the sign-in form.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN,
  Agent,
  createUser,
  install,
  signIn,
  startTestServer,
  type TestServer,
} from '../helpers/server';
import { LDAP_GROUPS, LDAP_MANAGER, LDAP_PEOPLE, startSlapd, type Slapd } from '../helpers/slapd';

// A person whose uid is full of filter metacharacters, and one named `*` outright.
const AWKWARD = [
  { uid: 'st*r', password: 'star-pass' },
  { uid: 'x)(uid=*', password: 'paren-pass' },
  { uid: 'back\\slash', password: 'slash-pass' },
];
const awkwardLdif = AWKWARD.map((p, i) =>
  [
    `dn: uid=${p.uid.replace(/([\\,+"<>;=#])/g, '\\$1')},${LDAP_PEOPLE}`,
    'objectClass: inetOrgPerson',
    `uid: ${p.uid}`,
    `cn: Awkward ${i}`,
    'sn: Awkward',
    `mail: awkward${i}@example.org`,
    `userPassword: ${p.password}`,
  ].join('\n'),
).join('\n\n');

let slapd: Slapd;
let server: TestServer;
let admin: Agent;

beforeAll(async () => {
  slapd = await startSlapd(awkwardLdif);
});
afterAll(async () => {
  await slapd.stop();
});
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
});
afterEach(async () => {
  await server.cleanup();
});

const managerBind = () => ({
  serverUrl: slapd.serverUrl,
  isUserBind: false,
  ldapBindDN: LDAP_MANAGER.dn,
  ldapBindDNPassword: LDAP_MANAGER.password,
  ldapAttrMapName: 'cn',
});
const groupFilter = {
  ldapGroupSearchBase: LDAP_GROUPS,
  ldapGroupSearchFilter: '(&(objectClass=posixGroup)(cn=wiki-users)(memberUid={{dn}}))',
  ldapGroupDnProperty: 'uid',
};

async function configure(settings: Record<string, unknown>, enable = true) {
  const res = await admin.put('/_api/v3/security-setting/ldap', settings);
  expect(res.statusCode).toBe(200);
  if (enable) {
    const on = await admin.put('/_api/v3/security-setting/authentication/enabled', {
      isEnabled: true,
      authId: 'ldap',
    });
    expect(on.statusCode).toBe(200);
  }
  return res;
}

async function login(body: unknown) {
  const agent = new Agent(server.app);
  const res = await agent.post('/_api/v3/login', body);
  return { agent, res };
}

describe('LDAP settings', () => {
  it('saves every field, masks the bind password and never echoes it', async () => {
    const res = await configure({ ...managerBind(), ...groupFilter, ldapAttrMapMail: 'mail' }, false);
    const params = res.json().securitySettingParams;
    expect(params).toMatchObject({
      serverUrl: slapd.serverUrl,
      isUserBind: false,
      ldapBindDN: LDAP_MANAGER.dn,
      ldapBindDNPassword: '********',
      ldapAttrMapName: 'cn',
      ldapAttrMapMail: 'mail',
      ldapGroupSearchBase: LDAP_GROUPS,
      ldapGroupDnProperty: 'uid',
    });
    const read = (await admin.get('/_api/v3/security-setting/')).json().securityParams;
    expect(read.ldapAuth.ldapBindDNPassword).toBe('********');
    expect(read.generalAuth).toMatchObject({ isLocalEnabled: true, isLdapEnabled: false });
    expect(JSON.stringify(read)).not.toContain(LDAP_MANAGER.password);
    // Sending the mask back keeps the stored secret: manager bind still works after a re-save.
    await configure({ ldapBindDNPassword: '********', ldapSearchFilter: '' });
    expect((await login({ username: 'alice', password: 'alice-pass' })).res.statusCode).toBe(200);
  });

  it('refuses a server URL without a search base path, and non-admins', async () => {
    const bad = await admin.put('/_api/v3/security-setting/ldap', { serverUrl: 'ldap://127.0.0.1:1' });
    expect(bad.statusCode).toBe(400);
    expect((await admin.get('/_api/v3/security-setting/')).json().securityParams.ldapAuth.serverUrl).toBe('');
    await createUser(server.app, 'dave');
    const dave = await signIn(server.app, 'dave');
    expect((await dave.put('/_api/v3/security-setting/ldap', managerBind())).statusCode).toBe(403);
    expect((await dave.get('/_api/v3/security-setting/authentication')).statusCode).toBe(403);
    expect(
      (await dave.post('/_api/login/testLdap', { loginForm: { username: 'a', password: 'b' } })).json(),
    ).toMatchObject({ ok: false });
  });
});

describe('the login page when LDAP cannot work', () => {
  it('says so (isLdapSetupFailed) while LDAP is on without usable settings, and not otherwise', async () => {
    const failed = async () =>
      (await new Agent(server.app).get('/_api/v3/app-config')).json().isLdapSetupFailed as boolean;
    expect(await failed()).toBe(false); // off
    await admin.put('/_api/v3/security-setting/authentication/enabled', { isEnabled: true, authId: 'ldap' });
    expect(await failed()).toBe(true); // on, no server
    await configure(managerBind(), false);
    expect(await failed()).toBe(false); // on and set up
    // Local sign-in is not blocked by a broken LDAP set-up.
    server.app.ctx.settings.set('security:passport-ldap:serverUrl', 'not a url');
    expect(await failed()).toBe(true);
    const { res } = await login({ username: ADMIN.username, password: ADMIN.password });
    expect(res.statusCode).toBe(200);
  });
});

describe('signing in with the directory', () => {
  it('manager bind: a directory user signs in, becomes an active user with mapped attributes', async () => {
    await configure(managerBind());
    const { agent, res } = await login({ loginForm: { username: 'alice', password: 'alice-pass' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().currentUser).toMatchObject({
      username: 'alice',
      name: 'Alice Liddell',
      email: 'alice@example.org',
      status: 2,
    });
    expect((await agent.get('/_api/v3/personal-setting/external-accounts')).json().externalAccounts).toEqual([
      expect.objectContaining({ providerType: 'ldap', accountId: 'alice' }),
    ]);
    // The second sign-in reuses the link.
    expect((await login({ username: 'alice', password: 'alice-pass' })).res.statusCode).toBe(200);
    expect(server.app.ctx.users.count()).toBe(2);
    // Admins see when a directory user last signed in, as for anyone.
    const list = (await admin.get('/_api/v3/users')).json().paginateResult.docs as {
      username: string;
      lastLoginAt: string | null;
    }[];
    expect(list.find((u) => u.username === 'alice')?.lastLoginAt).toEqual(expect.any(String));
  });

  it('user bind: the typed name goes into the bind DN; a wrong password is refused', async () => {
    await configure({
      serverUrl: slapd.serverUrl,
      isUserBind: true,
      ldapBindDN: `uid={{username}},${LDAP_PEOPLE}`,
      ldapAttrMapMail: 'mail',
    });
    expect((await login({ username: 'bob', password: 'bob-pass' })).res.json().currentUser.email).toBe(
      'bob@example.org',
    );
    const wrong = await login({ username: 'bob', password: 'nope' });
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json().errors[0].code).toBe('sign_in_failure');
  });

  it('group filter: members get in, a non-member is refused with GROWI message', async () => {
    await configure({ ...managerBind(), ...groupFilter });
    expect((await login({ username: 'alice', password: 'alice-pass' })).res.statusCode).toBe(200);
    const carol = await login({ username: 'carol', password: 'carol-pass' });
    expect(carol.res.statusCode).toBe(403);
    expect(carol.res.json().errors[0]).toMatchObject({
      code: 'ldap_user_not_valid',
      message: 'Ldap user is no valid',
    });
    expect(server.app.ctx.users.findByUsername('carol')).toBeUndefined();
  });

  it('same username: refused with the duplicated-username message unless the switch links them', async () => {
    await createUser(server.app, 'bob');
    await configure(managerBind());
    const refused = await login({ username: 'bob', password: 'bob-pass' });
    expect(refused.res.statusCode).toBe(409);
    expect(refused.res.json().errors[0]).toMatchObject({
      code: 'provider-duplicated-username-exception',
      message: expect.stringContaining('Your ldap authentication was succeeded'),
    });
    await configure({ isSameUsernameTreatedAsIdenticalUser: true }, false);
    const linked = await login({ username: 'bob', password: 'bob-pass' });
    expect(linked.res.statusCode).toBe(200);
    expect(linked.res.json().currentUser.email).toBe('bob@example.com');
  });

  it('filter metacharacters in the name are escaped and never widen the search', async () => {
    await configure(managerBind());
    // `*` would match everyone; `x)(uid=*` would add a clause; `\` would start an escape.
    expect((await login({ username: '*', password: 'alice-pass' })).res.statusCode).toBe(401);
    expect((await login({ username: 'x)(uid=*', password: 'alice-pass' })).res.statusCode).toBe(401);
    expect((await login({ username: 'al*', password: 'alice-pass' })).res.statusCode).toBe(401);
    const test = await admin.post('/_api/login/testLdap', {
      loginForm: { username: 'st*r', password: 'star-pass' },
    });
    expect(test.json()).toMatchObject({ status: 'success', ldapAccountInfo: { uid: 'st*r' } });
    for (const { uid, password } of AWKWARD.slice(1)) {
      const res = await admin.post('/_api/login/testLdap', { loginForm: { username: uid, password } });
      expect(res.json()).toMatchObject({ status: 'success', ldapAccountInfo: { uid } });
    }
  });

  it('LDAP down: the local admin still signs in, a directory user gets a clear error', async () => {
    await configure({ ...managerBind(), serverUrl: `ldap://127.0.0.1:1/${LDAP_PEOPLE}` });
    expect((await login({ username: 'admin', password: 'correct horse' })).res.statusCode).toBe(200);
    const down = await login({ username: 'alice', password: 'alice-pass' });
    expect(down.res.statusCode).toBe(503);
    expect(down.res.json().errors[0].code).toBe('ldap_server_error');
  });
});

describe('the LDAP test form', () => {
  it('answers success with the configuration (masked) and the entry with its groups', async () => {
    await configure({ ...managerBind(), ...groupFilter });
    const res = await admin.post('/_api/login/testLdap', {
      loginForm: { username: 'alice', password: 'alice-pass' },
    });
    const body = res.json();
    expect(body).toMatchObject({
      ok: true,
      status: 'success',
      message: 'Successfully authenticated.',
      ldapConfiguration: { server: { url: slapd.url, searchBase: LDAP_PEOPLE, bindCredentials: '********' } },
      ldapAccountInfo: { dn: `uid=alice,${LDAP_PEOPLE}`, uid: 'alice', mail: 'alice@example.org' },
    });
    expect(body.ldapAccountInfo._groups).toHaveLength(1);
    expect(res.body).not.toContain(LDAP_MANAGER.password);
    expect(res.body).not.toContain('alice-pass');
    expect(Object.keys(body.ldapAccountInfo).map((k) => k.toLowerCase())).not.toContain('userpassword');
  });

  it('answers warnings: wrong password, not in the groups, not set up, server error', async () => {
    const test = (username: string, password: string) =>
      admin.post('/_api/login/testLdap', { loginForm: { username, password } }).then((r) => r.json());
    expect(await test('alice', 'x')).toMatchObject({
      ok: true,
      status: 'warning',
      message: 'LdapStrategy has not been set up',
    });
    await configure({ ...managerBind(), ...groupFilter });
    expect(await test('alice', 'wrong')).toMatchObject({
      status: 'warning',
      message: 'Invalid username/password',
    });
    expect(await test('carol', 'carol-pass')).toMatchObject({
      status: 'warning',
      message: 'This user does not belong to any groups designated by the group search filter.',
      ldapAccountInfo: { uid: 'carol', _groups: [] },
    });
    await configure({ serverUrl: `ldap://127.0.0.1:1/${LDAP_PEOPLE}` }, false);
    const down = await test('alice', 'alice-pass');
    expect(down).toMatchObject({ ok: true, status: 'warning', message: 'LDAP Server Error occured.' });
    expect(down.err.message).toEqual(expect.any(String));
  });
});

describe('enabling and disabling mechanisms', () => {
  it('lists set-up mechanisms and refuses to leave no admin able to sign in (405)', async () => {
    await configure(managerBind());
    expect((await admin.get('/_api/v3/security-setting/authentication/')).json()).toEqual({
      setupStrategies: ['local', 'ldap'],
    });
    // Only the local admin has a way in: turning local off would lock every admin out.
    const off = await admin.put('/_api/v3/security-setting/authentication/enabled', {
      isEnabled: false,
      authId: 'local',
    });
    expect(off.statusCode).toBe(405);
    expect(off.json().errors[0].message).toBe('Must have admin enabled authentication method');
    const ldapOff = await admin.put('/_api/v3/security-setting/authentication/enabled', {
      isEnabled: false,
      authId: 'ldap',
    });
    expect(ldapOff.json()).toEqual({ responseParams: { 'security:passport-ldap:isEnabled': false } });
    const everything = await admin.put('/_api/v3/security-setting/authentication/enabled', {
      isEnabled: false,
      authId: 'local',
    });
    expect(everything.statusCode).toBe(405);
    expect(everything.json().errors[0].message).toBe('Can not turn everything off');
  });
});
