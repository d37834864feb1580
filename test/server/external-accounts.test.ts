// External accounts: a user's own links on /me (link an LDAP account only with its password,
// unlink unless it is the last way in), the admin list and removal, and deletion with the user.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';
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
  await admin.put('/_api/v3/security-setting/ldap', {
    serverUrl: slapd.serverUrl,
    ldapBindDN: LDAP_MANAGER.dn,
    ldapBindDNPassword: LDAP_MANAGER.password,
  });
  await admin.put('/_api/v3/security-setting/authentication/enabled', { isEnabled: true, authId: 'ldap' });
});
afterEach(async () => {
  await server.cleanup();
});

async function directorySignIn(username: string, password: string): Promise<Agent> {
  const agent = new Agent(server.app);
  const res = await agent.post('/_api/v3/login', { username, password });
  expect(res.statusCode).toBe(200);
  return agent;
}

describe('/me external accounts', () => {
  it('links an LDAP account only with its right password, then signs in through it', async () => {
    await createUser(server.app, 'dave');
    const dave = await signIn(server.app, 'dave');
    const wrong = await dave.put('/_api/v3/personal-setting/associate-ldap', {
      username: 'bob',
      password: 'not-bobs',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].message).toBe('Invalid username/password');
    const linked = await dave.put('/_api/v3/personal-setting/associate-ldap', {
      username: 'bob',
      password: 'bob-pass',
    });
    expect(linked.json().associateUser).toMatchObject({ providerType: 'ldap', accountId: 'bob' });
    const bobAsDave = await directorySignIn('bob', 'bob-pass');
    expect((await bobAsDave.get('/_api/v3/personal-setting')).json().currentUser.username).toBe('dave');
    // The same directory account cannot be linked twice.
    const again = await admin.put('/_api/v3/personal-setting/associate-ldap', {
      username: 'bob',
      password: 'bob-pass',
    });
    expect(again.statusCode).toBe(409);
  });

  it('unlinks, except the last way in of a user without a password', async () => {
    const alice = await directorySignIn('alice', 'alice-pass');
    const refused = await alice.put('/_api/v3/personal-setting/disassociate-ldap', {
      providerType: 'ldap',
      accountId: 'alice',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].code).toBe('last_sign_in_method');
    await alice.put('/_api/v3/personal-setting/associate-ldap', { username: 'bob', password: 'bob-pass' });
    const ok = await alice.put('/_api/v3/personal-setting/disassociate-ldap', {
      providerType: 'ldap',
      accountId: 'bob',
    });
    expect(ok.statusCode).toBe(200);
    const left = (await alice.get('/_api/v3/personal-setting/external-accounts')).json().externalAccounts;
    expect(left.map((a: { accountId: string }) => a.accountId)).toEqual(['alice']);
    const guest = new Agent(server.app);
    const anonymous = await guest.put('/_api/v3/personal-setting/associate-ldap', {
      username: 'carol',
      password: 'carol-pass',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('guessing a directory password through /me (issue 27)', () => {
  it('shares the sign-in limit: the 11th guess is 429, and the account is locked at /login too', async () => {
    await createUser(server.app, 'dave');
    const dave = await signIn(server.app, 'dave');
    for (let i = 0; i < 10; i++) {
      const wrong = await dave.put('/_api/v3/personal-setting/associate-ldap', {
        username: 'carol',
        password: `guess-${i}`,
      });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await dave.put('/_api/v3/personal-setting/associate-ldap', {
      username: 'carol',
      password: 'carol-pass',
    });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    expect((await dave.get('/_api/v3/personal-setting/external-accounts')).json().externalAccounts).toEqual(
      [],
    );
    // The same name at the sign-in form: locked, even with the right password.
    const form = await new Agent(server.app).post('/_api/v3/login', {
      username: 'carol',
      password: 'carol-pass',
    });
    expect(form.statusCode).toBe(429);
  });

  it("refuses a directory account whose name is another Quire user's", async () => {
    await createUser(server.app, 'dave');
    await createUser(server.app, 'bob');
    const dave = await signIn(server.app, 'dave');
    const taken = await dave.put('/_api/v3/personal-setting/associate-ldap', {
      username: 'bob',
      password: 'bob-pass',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].code).toBe('external_account_taken');
    expect((await dave.get('/_api/v3/personal-setting/external-accounts')).json().externalAccounts).toEqual(
      [],
    );
  });
});

describe('admin external accounts', () => {
  it('lists them a page at a time without password hashes, removes one, and only for admins', async () => {
    await directorySignIn('bob', 'bob-pass');
    await directorySignIn('alice', 'alice-pass');
    const res = await admin.get('/_api/v3/users/external-accounts?page=1');
    const page = res.json().paginateResult;
    expect(page).toMatchObject({ totalDocs: 2, page: 1, limit: 50, totalPages: 1, hasNextPage: false });
    expect(page.docs.map((d: { accountId: string }) => d.accountId)).toEqual(['alice', 'bob']);
    expect(page.docs[0].user).toEqual({
      _id: expect.any(String),
      username: 'alice',
      name: 'alice', // no name attribute mapped: the username stands in
      hasPassword: false,
    });
    expect(res.body).not.toMatch(/scrypt|passwordHash|password_hash/);

    await createUser(server.app, 'dave');
    const dave = await signIn(server.app, 'dave');
    expect((await dave.get('/_api/v3/users/external-accounts')).statusCode).toBe(403);
    expect(
      (await dave.delete(`/_api/v3/users/external-accounts/${page.docs[0]._id}/remove`)).statusCode,
    ).toBe(403);

    const removed = await admin.delete(`/_api/v3/users/external-accounts/${page.docs[0]._id}/remove`);
    expect(removed.json().externalAccount).toMatchObject({ accountId: 'alice' });
    expect(
      (await admin.delete(`/_api/v3/users/external-accounts/${page.docs[0]._id}/remove`)).statusCode,
    ).toBe(404);
    expect((await admin.get('/_api/v3/users/external-accounts')).json().paginateResult.totalDocs).toBe(1);
  });

  it('deleting a user deletes their external accounts', async () => {
    await directorySignIn('bob', 'bob-pass');
    const bob = server.app.ctx.users.findByUsername('bob');
    await admin.put(`/_api/v3/users/${bob?.id}/deactivate`);
    expect((await admin.delete(`/_api/v3/users/${bob?.id}/remove`)).statusCode).toBe(200);
    expect(server.app.ctx.externalAccounts.find('ldap', 'bob')).toBeUndefined();
    // bob signs in again as a brand-new user.
    await directorySignIn('bob', 'bob-pass');
    expect(server.app.ctx.users.findByUsername('bob')?.id).not.toBe(bob?.id);
  });
});
