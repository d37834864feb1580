// The audit log (issue 15): sign-ins and failures, user and group changes, security changes, page
// deletions and moves, exports — recorded with who, what, target and address; searched by user,
// action and date; admins only; pruned after the configured days; never a password.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Agent,
  createGroup,
  createUser,
  signIn,
  signInTeam,
  startTestServer,
  USER_PASSWORD,
  type TestServer,
} from '../helpers/server';
import type { Page } from '../../src/shared/api-types';
import type { AuditLogEntry, AuditLogPage } from '../../src/shared/audit-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;

beforeEach(async () => {
  server = await startTestServer();
  ({ admin, bob } = await signInTeam(server.app, ['bob']));
});
afterEach(async () => {
  await server.cleanup();
});

async function entries(filter?: object, limit = 100): Promise<AuditLogEntry[]> {
  const query = filter ? `&searchFilter=${encodeURIComponent(JSON.stringify(filter))}` : '';
  const res = await admin.get(`/_api/v3/activity?limit=${limit}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLogPage>().serializedPaginationResult.docs;
}
// What an entry lacks is left out, as GROWI does: shown here as null.
const summary = (list: AuditLogEntry[]) =>
  list.map((e) => [e.action, e.snapshot.username ?? null, e.target ?? null]);

describe('the audit log', () => {
  it('records sign-ins and their failures without passwords', async () => {
    const stranger = new Agent(server.app);
    expect(
      (await stranger.post('/_api/v3/login', { username: 'bob', password: 'wrong-password-x' })).statusCode,
    ).toBe(401);
    expect(
      (await stranger.post('/_api/v3/login', { loginForm: { username: 'bob', password: USER_PASSWORD } }))
        .statusCode,
    ).toBe(200);
    await stranger.post('/_api/v3/logout');
    const list = await entries({ actions: ['USER_LOGIN', 'USER_LOGIN_FAILURE', 'USER_LOGOUT'] });
    expect(summary(list).slice(0, 3)).toEqual([
      ['USER_LOGOUT', 'bob', null],
      ['USER_LOGIN', 'bob', 'bob'],
      ['USER_LOGIN_FAILURE', null, 'bob'],
    ]);
    expect(list[0]!.ip).toBe('127.0.0.1');
    // GROWI leaves out what an activity does not have (a sign-out has no target).
    expect('target' in list[0]!).toBe(false);
    const all = JSON.stringify(await entries());
    expect(all).not.toContain('wrong-password-x');
    expect(all).not.toContain(USER_PASSWORD);
  });

  it('records user, group, security and page changes with their targets', async () => {
    const bobId = server.app.ctx.users.findByUsername('bob')!.id;
    await admin.put(`/_api/v3/users/${bobId}/grant-admin`);
    await admin.put(`/_api/v3/users/${bobId}/revoke-admin`);
    const groupId = await createGroup(admin, 'editors', ['bob']);
    await admin.delete(`/_api/v3/user-groups/${groupId}?actionName=public`);
    await admin.put('/_api/v3/security-setting/general-setting', { restrictGuestMode: 'Deny' });
    const page = (await bob.post('/_api/v3/page', { path: '/plans', body: 'x' })).json<{ page: Page }>().page;
    await bob.put('/_api/v3/pages/rename', {
      pageId: page._id,
      revisionId: page.revision._id,
      newPagePath: '/plans-2026',
    });
    await bob.post('/_api/v3/pages/delete', { pageIdToRevisionIdMap: { [page._id]: '' } });
    // A refused change is not an action taken.
    expect((await bob.put(`/_api/v3/users/${bobId}/grant-admin`)).statusCode).toBe(403);

    expect(summary(await entries()).slice(0, 9)).toEqual([
      ['PAGE_DELETE', 'bob', '/plans-2026'],
      ['PAGE_RENAME', 'bob', '/plans → /plans-2026'],
      ['ADMIN_SECURITY_SETTINGS_UPDATE', 'admin', 'general-setting'],
      ['ADMIN_USER_GROUP_DELETE', 'admin', 'editors'],
      ['ADMIN_USER_GROUP_ADD_USER', 'admin', 'editors: bob'],
      ['ADMIN_USER_GROUP_CREATE', 'admin', 'editors'],
      ['ADMIN_USER_REVOKE_ADMIN', 'admin', 'bob'],
      ['ADMIN_USER_GRANT_ADMIN', 'admin', 'bob'],
      ['USER_LOGIN', 'bob', 'bob'],
    ]);
  });

  it('filters by user, action and date, pages, and is for admins only', async () => {
    await bob.post('/_api/v3/logout');
    await admin.put('/_api/v3/security-setting/general-setting', { restrictGuestMode: 'Readonly' });
    expect(summary(await entries({ usernames: ['bob'], actions: ['USER_LOGOUT'] }))).toEqual([
      ['USER_LOGOUT', 'bob', null],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await entries({ dates: { startDate: today, endDate: today } })).length).toBeGreaterThan(2);
    expect(await entries({ dates: { endDate: '2020-01-01' } })).toEqual([]);
    const page = (await admin.get('/_api/v3/activity?limit=1&offset=1')).json<AuditLogPage>()
      .serializedPaginationResult;
    expect(page).toMatchObject({ limit: 1, offset: 1, page: 2, hasPrevPage: true });
    for (const bad of ['not json', '{"actions":["DROP_TABLE"]}', '{"dates":{"startDate":"yesterday"}}']) {
      const res = await admin.get(`/_api/v3/activity?searchFilter=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
    }
    const carol = await signInTeamMember('carol');
    expect((await carol.get('/_api/v3/activity')).statusCode).toBe(403);
    expect(
      (await carol.put('/_api/v3/audit-log/settings', { auditLogEnabled: false, auditLogRetentionDays: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await new Agent(server.app).get('/_api/v3/activity')).statusCode).toBe(401);
  });

  it('keeps entries for the configured days, and records being switched off, then nothing', async () => {
    const old = Date.now() - 40 * 86_400_000;
    server.app.ctx.db.$client
      .prepare(
        "INSERT INTO audit_logs (id, created_at, action) VALUES ('0123456789abcdef01234567', ?, 'USER_LOGIN')",
      )
      .run(old);
    const set = await admin.put('/_api/v3/audit-log/settings', {
      auditLogEnabled: true,
      auditLogRetentionDays: 30,
    });
    expect(set.json().auditLogSettings).toEqual({ auditLogEnabled: true, auditLogRetentionDays: 30 });
    expect((await entries()).some((e) => e._id === '0123456789abcdef01234567')).toBe(false);
    expect(
      (await admin.put('/_api/v3/audit-log/settings', { auditLogEnabled: true, auditLogRetentionDays: 0 }))
        .statusCode,
    ).toBe(400);

    await admin.put('/_api/v3/audit-log/settings', { auditLogEnabled: false, auditLogRetentionDays: 30 });
    const before = (await entries()).length;
    await bob.post('/_api/v3/logout');
    const after = await entries();
    expect(after.length).toBe(before);
    expect(after[0]!.action).toBe('ADMIN_AUDIT_LOG_SETTINGS_UPDATE');
  });
});

async function signInTeamMember(username: string): Promise<Agent> {
  await createUser(server.app, username);
  return signIn(server.app, username);
}
