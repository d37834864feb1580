import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createGroup, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { GRANT, type Page } from '../../src/shared/api-types';
import type { InAppNotificationListResponse, OutboxListResponse } from '../../src/shared/notification-types';
import { retryDelay } from '../../src/server/modules/notifications/outbox';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let carol: Agent;
let page: Page;

beforeEach(async () => {
  server = await startTestServer();
  ({ admin, bob, carol } = await signInTeam(server.app, ['bob', 'carol']));
  page = (await admin.post('/_api/v3/page', { path: '/Roadmap', body: 'v1' })).json<{ page: Page }>().page;
});
afterEach(async () => {
  await server.cleanup();
});

const delivered = () => server.app.ctx.notifications.worker.drain();

async function save(agent: Agent, body: string, extra: Record<string, unknown> = {}): Promise<void> {
  const current = (await agent.get(`/_api/v3/page?pageId=${page._id}`)).json<{ page: Page }>().page;
  const res = await agent.put('/_api/v3/page', {
    pageId: page._id,
    revisionId: current.revision._id,
    body,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function comment(agent: Agent, text: string): Promise<void> {
  const res = await agent.post('/_api/comments.add', {
    commentForm: { page_id: page._id, revision_id: page.revision._id, comment: text },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function count(agent: Agent): Promise<number> {
  const res = await agent.get('/_api/v3/in-app-notification/status');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number }>().count;
}

async function list(agent: Agent, query = ''): Promise<InAppNotificationListResponse> {
  const res = await agent.get(`/_api/v3/in-app-notification/list${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InAppNotificationListResponse>();
}

const subscribe = (agent: Agent, status = 'SUBSCRIBE', pageId = page._id) =>
  agent.put('/_api/v3/page/subscribe', { pageId, status });

describe('in-app notifications', () => {
  it('tells subscribers, not the actor, that a page changed, and merges repeats', async () => {
    expect((await subscribe(bob)).statusCode).toBe(200);
    await save(admin, 'v2');
    await save(admin, 'v3');
    await delivered();
    expect(await count(bob)).toBe(1);
    const { docs, totalDocs } = await list(bob);
    expect(totalDocs).toBe(1);
    expect(docs[0]).toMatchObject({
      action: 'PAGE_UPDATE',
      status: 'UNOPENED',
      target: { _id: page._id, path: '/Roadmap' },
      actionUsers: [{ username: 'admin' }],
    });
    expect(JSON.parse(docs[0]!.snapshot)).toEqual({ path: '/Roadmap', creator: 'admin' });
    // The author (subscribed automatically when creating) hears nothing of their own saves.
    expect(await count(admin)).toBe(0);
    expect(await count(carol)).toBe(0);
  });

  it('tells subscribers of a like (once), a rename and a deletion into the trash', async () => {
    expect((await subscribe(bob)).statusCode).toBe(200);
    const like = (bool: boolean) => carol.put('/_api/v3/page/likes', { pageId: page._id, bool });
    expect((await like(true)).statusCode).toBe(200);
    await like(true); // liking again is no news
    await delivered();
    expect((await list(bob)).docs.map((d) => [d.action, d.actionUsers[0]?.username])).toEqual([
      ['PAGE_LIKE', 'carol'],
    ]);

    const renamed = await admin.put('/_api/v3/pages/rename', {
      pageId: page._id,
      revisionId: page.revision._id,
      newPagePath: '/Roadmap 2027',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await delivered();
    const afterRename = (await list(bob)).docs;
    expect(afterRename[0]).toMatchObject({ action: 'PAGE_RENAME', target: { path: '/Roadmap 2027' } });

    const deleted = await admin.post('/_api/v3/pages/delete', {
      pageIdToRevisionIdMap: { [page._id]: page.revision._id },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await delivered();
    expect((await list(bob)).docs.map((d) => d.action)).toEqual(['PAGE_DELETE', 'PAGE_RENAME', 'PAGE_LIKE']);
    // The actor hears nothing of their own moves.
    expect((await list(admin)).docs.filter((d) => d.action !== 'PAGE_LIKE')).toEqual([]);
  });

  it('subscribes commenters automatically and tells the author about comments', async () => {
    await comment(bob, 'Looks good');
    await delivered();
    expect((await list(admin)).docs.map((d) => [d.action, d.actionUsers.map((u) => u.username)])).toEqual([
      ['COMMENT_CREATE', ['bob']],
    ]);
    await save(admin, 'v2');
    await delivered();
    expect(await count(bob)).toBe(1);
  });

  it('respects an unsubscribe and the /me rules', async () => {
    expect((await subscribe(admin, 'UNSUBSCRIBE')).statusCode).toBe(200);
    await comment(bob, 'Hello');
    await delivered();
    expect(await count(admin)).toBe(0);

    const rules = await carol.put('/_api/v3/personal-setting/in-app-notification-settings', {
      subscribeRules: [{ name: 'COMMENT_CREATE', isEnabled: false }],
    });
    expect(rules.statusCode, rules.body).toBe(200);
    await comment(carol, 'Me too');
    expect((await carol.get(`/_api/v3/page/subscription?pageId=${page._id}`)).json()).toEqual({
      subscriptionStatus: null,
    });
    const bad = await carol.put('/_api/v3/personal-setting/in-app-notification-settings', {
      subscribeRules: [{ name: 'EVERYTHING', isEnabled: true }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('opens one, then all, and only one’s own', async () => {
    await subscribe(bob);
    await subscribe(carol);
    await save(admin, 'v2');
    await comment(admin, 'Note');
    await delivered();
    expect(await count(bob)).toBe(2);
    const [first] = (await list(bob)).docs;
    expect((await carol.post('/_api/v3/in-app-notification/open', { id: first!._id })).statusCode).toBe(404);
    expect((await bob.post('/_api/v3/in-app-notification/open', { id: first!._id })).statusCode).toBe(200);
    expect(await count(bob)).toBe(1);
    expect((await list(bob, '?status=OPENED')).docs.map((d) => d._id)).toEqual([first!._id]);
    expect((await bob.put('/_api/v3/in-app-notification/all-statuses-open')).statusCode).toBe(200);
    expect(await count(bob)).toBe(0);
    expect(await count(carol)).toBe(2);
    expect((await list(bob, '?limit=1&offset=1')).docs).toHaveLength(1);
  });

  it('refuses guests and bad input', async () => {
    const guest = new Agent(server.app);
    expect((await guest.get('/_api/v3/in-app-notification/status')).statusCode).toBe(401);
    expect((await guest.get('/_api/v3/in-app-notification/list')).statusCode).toBe(401);
    expect(
      (await guest.put('/_api/v3/page/subscribe', { pageId: page._id, status: 'SUBSCRIBE' })).statusCode,
    ).toBe(401);
    expect((await bob.put('/_api/v3/page/subscribe', { pageId: page._id, status: 'MAYBE' })).statusCode).toBe(
      400,
    );
    expect((await bob.get('/_api/v3/in-app-notification/list?limit=0')).statusCode).toBe(400);
  });
});

describe('who may be notified', () => {
  it('notifies nobody about a page they may no longer read, and hides what they had', async () => {
    await subscribe(bob);
    await subscribe(carol);
    await save(admin, 'v2');
    await delivered();
    expect(await count(bob)).toBe(1);
    // The grant narrows to a group holding carol only: bob's old notification vanishes too.
    const groupId = await createGroup(admin, 'Carols', ['carol', 'admin']);
    await save(admin, 'v3', {
      grant: GRANT.userGroup,
      grantUserGroupIds: [{ type: 'UserGroup', item: groupId }],
    });
    await delivered();
    expect(await count(bob)).toBe(0);
    expect((await list(bob)).docs).toEqual([]);
    expect(await count(carol)).toBe(1);
    // Only me: carol is told nothing more.
    await admin.put('/_api/v3/in-app-notification/all-statuses-open');
    await save(admin, 'v4', { grant: GRANT.owner });
    await comment(admin, 'private note');
    await delivered();
    expect(await count(carol)).toBe(0);
  });

  it('refuses to subscribe to a page one may not read', async () => {
    const secret = await admin.post('/_api/v3/page', { path: '/Secret', body: 'x', grant: GRANT.owner });
    const pageId = secret.json<{ page: Page }>().page._id;
    expect((await subscribe(bob, 'SUBSCRIBE', pageId)).statusCode).toBe(404);
  });
});

describe('the outbox', () => {
  it('retries failures with exponential backoff, shows them to admins, and retries on demand', async () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, { baseDelayMs: 5000, maxDelayMs: 30_000 }))).toEqual([
      5000, 10_000, 20_000, 30_000,
    ]);
    const { notifications } = server.app.ctx;
    // A row for a channel this server cannot deliver to fails every time.
    notifications.outbox.enqueue('carrier-pigeon', 'test:1', { to: 'nobody' });
    await delivered();
    const res = await admin.get('/_api/v3/notification-outbox');
    expect(res.statusCode).toBe(200);
    const body = res.json<OutboxListResponse>();
    expect(body.failingCount).toBe(1);
    const entry = body.entries.find((e) => e.sourceKey === 'test:1')!;
    expect(entry).toMatchObject({ attempts: 1, lastError: 'no channel "carrier-pigeon"', sentAt: null });
    expect(new Date(entry.nextAttemptAt).getTime()).toBeGreaterThan(Date.now());

    expect((await bob.get('/_api/v3/notification-outbox')).statusCode).toBe(403);
    expect((await bob.post(`/_api/v3/notification-outbox/${entry._id}/retry`)).statusCode).toBe(403);
    expect((await admin.post(`/_api/v3/notification-outbox/${entry._id}/retry`)).statusCode).toBe(200);
    await delivered();
    const after = (await admin.get('/_api/v3/notification-outbox')).json<OutboxListResponse>();
    expect(after.entries.find((e) => e._id === entry._id)?.attempts).toBe(2);
    // A delivered row cannot be retried (it is never sent twice).
    await subscribe(bob);
    await save(admin, 'v2');
    await delivered();
    const sent = (await admin.get('/_api/v3/notification-outbox'))
      .json<OutboxListResponse>()
      .entries.find((e) => e.sentAt !== null)!;
    expect((await admin.post(`/_api/v3/notification-outbox/${sent._id}/retry`)).statusCode).toBe(404);
  });

  it('keeps undelivered rows across a restart and enqueues saves a crash left out', async () => {
    await subscribe(bob);
    await save(admin, 'v2');
    // Stop before delivery: the row stays in the database.
    await server.app.ctx.notifications.worker.stop();
    const { dataDir } = server;
    // A save that committed but whose listener never ran (the process died in between).
    const sqlite = server.app.ctx.db.$client;
    sqlite
      .prepare('INSERT INTO revisions (id, page_id, body, author_id, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(
        'a'.repeat(24),
        page._id,
        'lost',
        (sqlite.prepare("SELECT id FROM users WHERE username = 'carol'").get() as { id: string }).id,
        Date.now(),
      );
    await server.close();

    server = await startTestServer({ dataDir });
    await server.app.ctx.notifications.worker.drain();
    const reopened = server.app.ctx.db.$client;
    const rows = reopened
      .prepare('SELECT source_key, sent_at FROM notification_outbox ORDER BY created_at')
      .all() as { source_key: string; sent_at: number | null }[];
    expect(rows.map((r) => [r.source_key.split(':')[0], r.sent_at !== null])).toEqual([
      ['revision', true],
      ['revision', true],
    ]);
    const n = reopened
      .prepare(
        "SELECT action_user_ids FROM in_app_notifications n JOIN users u ON u.id = n.user_id WHERE u.username = 'bob'",
      )
      .all() as { action_user_ids: string }[];
    expect(n).toHaveLength(1);
    expect(JSON.parse(n[0]!.action_user_ids)).toHaveLength(2);
  });
});
