// Registration modes, allowed e-mail domains, the user limit, user id and password rules, and
// invitations (SPEC §4, §5, §8): every account message where it applies.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, startTestServer, type TestServer } from '../helpers/server';
import { REGISTRATIONS_PER_HOUR } from '../../src/server/modules/users/registration-routes';

let server: TestServer;
let admin: Agent;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
});
afterEach(async () => {
  await server.cleanup();
});

const form = (over: Record<string, string> = {}) => ({
  registerForm: {
    name: 'Newcomer',
    username: 'newcomer',
    email: 'new@example.com',
    password: 'secret1',
    ...over,
  },
});
const setLocal = async (body: object) =>
  expect((await admin.put('/_api/v3/security-setting/local-setting', body)).statusCode).toBe(200);
/** The first error item (an empty one when the reply has none, so the comparison fails clearly). */
const firstError = (res: { json(): unknown }) =>
  (res.json() as { errors?: { code: string; message: string }[] }).errors?.[0] ?? { code: '', message: '' };

describe('registration modes', () => {
  it('Open: the user is active and signed in at once', async () => {
    await setLocal({ registrationMode: 'Open' });
    const guest = new Agent(server.app);
    const res = await guest.post('/_api/v3/register', form());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().currentUser).toMatchObject({
      username: 'newcomer',
      status: 2,
      admin: false,
      readOnly: false,
    });
    expect((await guest.get('/_api/v3/personal-setting')).json().currentUser.username).toBe('newcomer');
  });

  it('Restricted (the default): pending until an admin approves; sign-in says "Unable to use this user"', async () => {
    const guest = new Agent(server.app);
    const res = await guest.post('/_api/v3/register', form());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ redirectTo: '/', pending: true });
    expect((await guest.get('/_api/v3/personal-setting')).statusCode).toBe(401);
    const login = await guest.post('/_api/v3/login', { username: 'newcomer', password: 'secret1' });
    expect(login.statusCode).toBe(403);
    expect(firstError(login)).toEqual({ code: 'user_not_active', message: 'Unable to use this user.' });

    const pending = (await admin.get('/_api/v3/users?selectedStatusList=1')).json().paginateResult.docs;
    expect(pending.map((u: { username: string }) => u.username)).toEqual(['newcomer']);
    expect((await admin.put(`/_api/v3/users/${pending[0]._id}/activate`)).json().userData.status).toBe(2);
    expect(
      (await guest.post('/_api/v3/login', { username: 'newcomer', password: 'secret1' })).statusCode,
    ).toBe(200);
  });

  it('Closed: registration is refused; only invitations create users', async () => {
    await setLocal({ registrationMode: 'Closed' });
    const res = await new Agent(server.app).post('/_api/v3/register', form());
    expect(res.statusCode).toBe(403);
    expect(firstError(res).code).toBe('registration_closed');
    expect(server.app.ctx.users.findByUsername('newcomer')).toBeUndefined();
    expect((await new Agent(server.app).get('/_api/v3/app-config')).json().registrationMode).toBe('Closed');
  });
});

describe('registration rules and messages', () => {
  beforeEach(async () => setLocal({ registrationMode: 'Open' }));

  it('allows only the listed e-mail domains: "e-mail cannot be used"', async () => {
    await setLocal({ registrationWhitelist: ['@example.com', '  @Corp.example  ', ''] });
    const saved = (await admin.get('/_api/v3/security-setting')).json().securityParams.localSetting;
    expect(saved.registrationWhitelist).toEqual(['@example.com', '@corp.example']);
    const res = await new Agent(server.app).post('/_api/v3/register', form({ email: 'x@elsewhere.org' }));
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toEqual({
      code: 'email_not_allowed',
      message: 'This e-mail address cannot be used.',
    });
    const ok = await new Agent(server.app).post('/_api/v3/register', form({ email: 'x@CORP.example' }));
    expect(ok.statusCode).toBe(201);
    const bad = await admin.put('/_api/v3/security-setting/local-setting', {
      registrationWhitelist: ['corp.example'],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('stops at the maximum number of users', async () => {
    await setLocal({ userUpperLimit: 2 });
    await createUser(server.app, 'second');
    const res = await new Agent(server.app).post('/_api/v3/register', form());
    expect(res.statusCode).toBe(403);
    expect(firstError(res)).toEqual({
      code: 'user_upper_limit',
      message: 'The maximum number of users has been reached.',
    });
  });

  it('limits sign-ups from one address to 20 an hour, telling when to try again', async () => {
    await setLocal({ registrationMode: 'Open' });
    const guest = new Agent(server.app);
    // Attempts count before validation, so a script cannot probe for free.
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) {
      expect((await guest.post('/_api/v3/register', { registerForm: {} })).statusCode).toBe(400);
    }
    const refused = await guest.post('/_api/v3/register', form());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(firstError(refused)).toEqual({
      code: 'too_many_registrations',
      message: 'Too many sign-ups from this address. Try again in 60 minute(s).',
    });
    const inJapanese = await guest.post('/_api/v3/register', form(), { 'accept-language': 'ja' });
    expect(firstError(inJapanese).message).toBe(
      'このアドレスからの登録が多すぎます。60 分後にもう一度お試しください。',
    );
    // Nothing was created, and the rest of the API is not limited.
    expect(server.app.ctx.users.findByUsername('newcomer')).toBeUndefined();
    expect((await guest.get('/_api/v3/healthcheck')).statusCode).toBe(200);
  });

  it('refuses a taken e-mail or user id, a bad user id and a short password', async () => {
    await createUser(server.app, 'taken');
    const email = await new Agent(server.app).post('/_api/v3/register', form({ email: 'TAKEN@example.com' }));
    expect(email.statusCode).toBe(409);
    expect(firstError(email)).toEqual({
      code: 'email_registered',
      message: 'This e-mail is already registered.',
    });
    const id = await new Agent(server.app).post('/_api/v3/register', form({ username: 'taken' }));
    expect(firstError(id)).toEqual({
      code: 'username_unavailable',
      message: 'This user ID is not available.',
    });
    const symbols = await new Agent(server.app).post('/_api/v3/register', form({ username: 'no spaces!' }));
    expect(symbols.statusCode).toBe(400);
    const short = await new Agent(server.app).post('/_api/v3/register', form({ password: '12345' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[1].message).toBe('Password must be at least 6 characters');
    expect(server.app.ctx.users.findByUsername('newcomer')).toBeUndefined();
  });
});

describe('invitations', () => {
  it('creates invited users with a temporary password shown once; existing and invalid addresses are reported', async () => {
    const res = await admin.post('/_api/v3/users/invite', {
      shapedEmailList: ['Guest.One@example.com', 'ada@example.com', 'not-an-address'],
      sendEmail: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.existingEmailList).toEqual(['ada@example.com']);
    expect(body.failedEmailList).toEqual([
      { email: 'not-an-address', reason: 'This is not a valid e-mail address.' },
    ]);
    expect(body.createdUserList).toHaveLength(1);
    const [created] = body.createdUserList;
    expect(created.email).toBe('guest.one@example.com');
    expect(created.password).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(created.user.username).toBe('guest.one');
    const row = server.app.ctx.users.findByEmail('guest.one@example.com');
    expect(row?.status).toBe(5);
    expect(row?.passwordHash).not.toContain(created.password);
  });

  it('lets the invited user sign in at once, allows only the profile until it is completed, then activates', async () => {
    const res = await admin.post('/_api/v3/users/invite', { shapedEmailList: ['joiner@example.com'] });
    const { password } = res.json().createdUserList[0];
    const invited = new Agent(server.app);
    const login = await invited.post('/_api/v3/login', { username: 'joiner@example.com', password });
    expect(login.statusCode).toBe(200);
    expect(login.json().currentUser.status).toBe(5);
    expect((await invited.get('/_api/v3/personal-setting')).statusCode).toBe(200);
    expect((await invited.get('/_api/v3/app-config')).json().currentUser.status).toBe(5);
    const page = await invited.get('/_api/v3/page?path=/');
    expect(page.statusCode).toBe(403);
    expect(firstError(page).code).toBe('complete_profile_first');
    expect((await invited.post('/_api/v3/page', { path: '/x', body: 'x' })).statusCode).toBe(403);
    expect((await invited.get('/_api/search?q=x')).statusCode).toBe(403);

    const taken = await invited.post('/_api/v3/invited', {
      invitedForm: { username: 'admin', name: 'Joiner', password: 'joiner-pass' },
    });
    expect(taken.statusCode).toBe(409);
    const sessionBefore = invited.cookie;
    const done = await invited.post('/_api/v3/invited', {
      invitedForm: { username: 'joiner', name: 'Joiner', password: 'joiner-pass' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().currentUser).toMatchObject({ username: 'joiner', name: 'Joiner', status: 2 });
    expect(invited.cookie).not.toBe(sessionBefore);
    expect((await invited.get('/_api/v3/page?path=/')).statusCode).toBe(200);
    const again = await invited.post('/_api/v3/invited', {
      invitedForm: { username: 'joiner2', name: 'Joiner', password: 'joiner-pass' },
    });
    expect(firstError(again).code).toBe('not_invited');
    const fresh = new Agent(server.app);
    expect(
      (await fresh.post('/_api/v3/login', { username: 'joiner', password: 'joiner-pass' })).statusCode,
    ).toBe(200);
    expect((await fresh.post('/_api/v3/login', { username: 'joiner', password })).statusCode).toBe(401);
  });

  it('counts invitations against the maximum number of users', async () => {
    await setLocal({ userUpperLimit: 2 });
    const res = await admin.post('/_api/v3/users/invite', {
      shapedEmailList: ['a@example.com', 'b@example.com'],
    });
    const body = res.json();
    expect(body.createdUserList.map((c: { email: string }) => c.email)).toEqual(['a@example.com']);
    expect(body.failedEmailList).toEqual([
      { email: 'b@example.com', reason: 'The maximum number of users has been reached.' },
    ]);
  });
});
