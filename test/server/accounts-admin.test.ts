// Users admin (SPEC §6) and the security settings: list with search and pagination, admin and
// read-only flags, activation, password reset, deletion, and the rules an admin cannot break on
// their own account.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let admin: Agent;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
});
afterEach(async () => {
  await server.cleanup();
});

const idOf = (username: string) => server.app.ctx.users.findByUsername(username)?.id ?? '';
const errorCode = (res: { json(): unknown }) =>
  (res.json() as { errors: { code: string }[] }).errors[0]?.code;

describe('the users list', () => {
  it('searches user id, name and e-mail and pages through the results', async () => {
    for (const name of ['alice', 'bob', 'carol', 'dave']) await createUser(server.app, name);
    const all = (await admin.get('/_api/v3/users?limit=2&page=2')).json().paginateResult;
    expect(all).toMatchObject({ totalDocs: 5, page: 2, limit: 2, totalPages: 3 });
    expect(all.docs).toHaveLength(2);
    expect(all.docs[0]).toEqual({
      _id: expect.any(String),
      username: expect.any(String),
      name: expect.any(String),
      email: expect.stringContaining('@'),
      admin: expect.any(Boolean),
      readOnly: false,
      status: 2,
      isEmailPublished: true,
      createdAt: expect.any(String),
    });
    const found = (await admin.get('/_api/v3/users?searchText=CAR')).json().paginateResult;
    expect(found.docs.map((u: { username: string }) => u.username)).toEqual(['carol']);
    const byMail = (await admin.get('/_api/v3/users?searchText=ada%40example')).json().paginateResult;
    expect(byMail.docs.map((u: { username: string }) => u.username)).toEqual(['admin']);
    const wildcard = (await admin.get('/_api/v3/users?searchText=%25')).json().paginateResult;
    expect(wildcard.totalDocs).toBe(0);
  });

  it("filters by status as GROWI's clients name them, or by number as the web app does", async () => {
    await createUser(server.app, 'bob');
    await admin.put(`/_api/v3/users/${idOf('bob')}/deactivate`);
    const usernames = async (query: string) =>
      (await admin.get(`/_api/v3/users?${query}`))
        .json()
        .paginateResult.docs.map((u: { username: string }) => u.username);
    expect(await usernames('selectedStatusList=suspended')).toEqual(['bob']);
    expect(await usernames('selectedStatusList=3')).toEqual(['bob']);
    expect(await usernames('selectedStatusList=active&selectedStatusList=suspended')).toHaveLength(2);
    expect(await usernames('selectedStatusList=all')).toHaveLength(2);
    expect((await admin.get('/_api/v3/users?selectedStatusList=gone')).statusCode).toBe(400);
  });
});

describe('account administration', () => {
  it('gives and removes admin rights, but an admin cannot remove their own', async () => {
    await createUser(server.app, 'bob');
    expect((await admin.put(`/_api/v3/users/${idOf('bob')}/grant-admin`)).json().userData.admin).toBe(true);
    const bob = await signIn(server.app, 'bob');
    expect((await bob.get('/_api/v3/users')).statusCode).toBe(200);
    expect((await admin.put(`/_api/v3/users/${idOf('bob')}/revoke-admin`)).json().userData.admin).toBe(false);
    expect((await bob.get('/_api/v3/users')).statusCode).toBe(403);
    const self = await admin.put(`/_api/v3/users/${idOf('admin')}/revoke-admin`);
    expect(self.statusCode).toBe(400);
    expect(errorCode(self)).toBe('cannot_change_self');
    expect(server.app.ctx.users.findByUsername('admin')?.admin).toBe(true);
  });

  it('deactivates (the session ends at once) and activates; never the admin themselves', async () => {
    await createUser(server.app, 'bob');
    const bob = await signIn(server.app, 'bob');
    expect((await admin.put(`/_api/v3/users/${idOf('bob')}/deactivate`)).json().userData.status).toBe(3);
    expect((await bob.get('/_api/v3/personal-setting')).statusCode).toBe(401);
    const login = await new Agent(server.app).post('/_api/v3/login', {
      username: 'bob',
      password: 'secret1',
    });
    expect(errorCode(login)).toBe('user_not_active');
    expect((await admin.put(`/_api/v3/users/${idOf('bob')}/activate`)).json().userData.status).toBe(2);
    expect((await bob.get('/_api/v3/personal-setting')).statusCode).toBe(200);
    const self = await admin.put(`/_api/v3/users/${idOf('admin')}/deactivate`);
    expect(errorCode(self)).toBe('cannot_change_self');
  });

  it('refuses to activate past the maximum number of users', async () => {
    await createUser(server.app, 'bob');
    await admin.put(`/_api/v3/users/${idOf('bob')}/deactivate`);
    await admin.put('/_api/v3/security-setting/local-setting', { userUpperLimit: 1 });
    const res = await admin.put(`/_api/v3/users/${idOf('bob')}/activate`);
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('user_upper_limit');
  });

  it('makes a user read-only: reads, never creates or edits', async () => {
    await createUser(server.app, 'bob');
    const page = (await admin.post('/_api/v3/page', { path: '/Doc', body: 'doc' })).json().page;
    const res = await admin.put(`/_api/v3/users/${idOf('bob')}/grant-read-only`);
    expect(res.json().userData.readOnly).toBe(true);
    const bob = await signIn(server.app, 'bob');
    expect((await bob.get('/_api/v3/app-config')).json().currentUser.readOnly).toBe(true);
    expect((await bob.get('/_api/v3/page?path=/Doc')).statusCode).toBe(200);
    const create = await bob.post('/_api/v3/page', { path: '/Mine', body: 'x' });
    expect(create.statusCode).toBe(403);
    expect(errorCode(create)).toBe('read_only_user');
    const save = await bob.put('/_api/v3/page', {
      pageId: page._id,
      revisionId: page.revision._id,
      body: 'y',
    });
    expect(save.statusCode).toBe(403);
    await admin.put(`/_api/v3/users/${idOf('bob')}/revoke-read-only`);
    expect((await bob.post('/_api/v3/page', { path: '/Mine', body: 'x' })).statusCode).toBe(201);
  });

  it('resets a password to a temporary one shown once', async () => {
    await createUser(server.app, 'bob');
    const res = await admin.put('/_api/v3/users/reset-password', { id: idOf('bob') });
    expect(res.statusCode).toBe(200);
    const { newPassword, user } = res.json();
    expect(user).toEqual({ _id: idOf('bob'), username: 'bob', name: 'Bob' });
    expect(
      (await new Agent(server.app).post('/_api/v3/login', { username: 'bob', password: 'secret1' }))
        .statusCode,
    ).toBe(401);
    expect(await signIn(server.app, 'bob', newPassword)).toBeInstanceOf(Agent);
    expect(
      (await admin.put('/_api/v3/users/reset-password', { id: '0123456789abcdef01234567' })).statusCode,
    ).toBe(404);
  });

  it('deletes a user but keeps their pages (creator emptied); never the admin themselves', async () => {
    await createUser(server.app, 'bob');
    const bob = await signIn(server.app, 'bob');
    const page = (await bob.post('/_api/v3/page', { path: '/Bobs', body: 'by bob' })).json().page;
    const res = await admin.request('DELETE', `/_api/v3/users/${idOf('bob')}/remove`);
    expect(res.statusCode).toBe(200);
    expect(res.json().userData.username).toBe('bob');
    expect(server.app.ctx.users.findByUsername('bob')).toBeUndefined();
    expect((await bob.get('/_api/v3/personal-setting')).statusCode).toBe(401);
    const kept = (await admin.get(`/_api/v3/page?pageId=${page._id}`)).json().page;
    expect(kept).toMatchObject({ path: '/Bobs', creator: null, revision: { body: 'by bob', author: null } });
    const self = await admin.request('DELETE', `/_api/v3/users/${idOf('admin')}/remove`);
    expect(errorCode(self)).toBe('cannot_change_self');
  });
});

describe('security settings', () => {
  it('reads and changes guest mode, deletion authority and registration settings', async () => {
    const before = (await admin.get('/_api/v3/security-setting/')).json().securityParams;
    expect(before).toMatchObject({
      generalSetting: { restrictGuestMode: 'Readonly', pageCompleteDeletionAuthority: 'adminOnly' },
      localSetting: { registrationMode: 'Restricted', registrationWhitelist: [], userUpperLimit: 0 },
      shareLinkSetting: { disableLinkSharing: false },
      fileUploadSetting: { maxFileSize: 10 * 1024 * 1024, isFromEnv: false },
    });
    const general = await admin.put('/_api/v3/security-setting/general-setting', {
      restrictGuestMode: 'Deny',
    });
    expect(general.json().securitySettingParams).toEqual({
      restrictGuestMode: 'Deny',
      pageCompleteDeletionAuthority: 'adminOnly',
    });
    expect((await new Agent(server.app).get('/_api/v3/page?path=/')).statusCode).toBe(401);
    const local = await admin.put('/_api/v3/security-setting/local-setting', {
      registrationMode: 'Open',
      userUpperLimit: 10,
    });
    expect(local.json().localSettingParams).toEqual({
      registrationMode: 'Open',
      registrationWhitelist: [],
      userUpperLimit: 10,
      isPasswordResetEnabled: true,
    });
    expect((await admin.put('/_api/v3/security-setting/local-setting', {})).statusCode).toBe(400);
    expect(
      (await admin.put('/_api/v3/security-setting/general-setting', { restrictGuestMode: 'Maybe' }))
        .statusCode,
    ).toBe(400);
  });
});
