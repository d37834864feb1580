// Global notifications (issue 14; GROWI's /admin/notification rules) against a real SMTP server and
// a Slack stand-in on 127.0.0.1: the rules API with its checks, one mail per event in GROWI's
// subject format, trailing `/*` patterns, the grant gate, the recipient's language, bulk moves.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createGroup, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { smtpSettings, startSink, type Sink } from '../helpers/smtp-sink';
import { startSlackStandin, type SlackStandin } from '../helpers/slack-standin';
import { GRANT, type Page } from '../../src/shared/api-types';
import type { GlobalNotificationSetting } from '../../src/shared/notification-rules';

const ALL_EVENTS = ['pageCreate', 'pageEdit', 'pageDelete', 'pageMove', 'pageLike', 'comment'];
let server: TestServer;
let admin: Agent;
let bob: Agent;
let carol: Agent;
let sink: Sink;
let slack: SlackStandin;

beforeEach(async () => {
  sink = await startSink();
  slack = await startSlackStandin();
  server = await startTestServer({ slackApiUrl: slack.apiUrl, notificationRetryBaseMs: 60_000 });
  ({ admin, bob, carol } = await signInTeam(server.app, ['bob', 'carol']));
  await admin.put('/_api/v3/app-settings/smtp-setting', smtpSettings(sink.port));
});
afterEach(async () => {
  await server.cleanup();
  await Promise.all([sink.close(), slack.close()]);
});

const delivered = () => server.app.ctx.notifications.worker.drain();
const subjects = () => sink.inbox.map((mail) => mail.subject ?? '');

async function addRule(rule: Record<string, unknown>): Promise<GlobalNotificationSetting> {
  const res = await admin.post('/_api/v3/notification-setting/global-notification', {
    notifyType: 'mail',
    toEmail: 'watchers@example.com',
    triggerEvents: ALL_EVENTS,
    ...rule,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ createdNotification: GlobalNotificationSetting }>().createdNotification;
}

async function create(agent: Agent, path: string, extra: Record<string, unknown> = {}): Promise<Page> {
  const res = await agent.post('/_api/v3/page', { path, body: 'first', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ page: Page }>().page;
}

describe('the rules API', () => {
  it('creates, reads, updates, switches and deletes rules, admins only', async () => {
    const rule = await addRule({ triggerPath: '/team/*', triggerEvents: ['pageCreate'] });
    expect(rule).toMatchObject({
      __t: 'mail',
      isEnabled: true,
      triggerPath: '/team/*',
      toEmail: 'watchers@example.com',
    });
    const url = `/_api/v3/notification-setting/global-notification/${rule._id}`;
    expect((await admin.get(url)).json().globalNotification).toEqual(rule);

    const updated = await admin.put(url, {
      triggerPath: '/team',
      notifyType: 'slack',
      slackChannels: '#wiki',
      triggerEvents: ['pageEdit', 'comment'],
    });
    expect(updated.json().createdNotification).toEqual({
      _id: rule._id,
      __t: 'slack',
      isEnabled: true,
      triggerPath: '/team',
      triggerEvents: ['pageEdit', 'comment'],
      slackChannels: '#wiki',
    });
    expect((await admin.put(`${url}/enabled`, { isEnabled: false })).json()).toEqual({ id: rule._id });
    const list = (await admin.get('/_api/v3/notification-setting')).json().notificationParams;
    expect(list.globalNotifications).toHaveLength(1);
    expect(list.globalNotifications[0].isEnabled).toBe(false);
    expect(list).toMatchObject({
      isNotificationForOwnerPageEnabled: false,
      isNotificationForGroupPageEnabled: false,
    });

    for (const agent of [bob, new Agent(server.app)]) {
      const expected = agent === bob ? 403 : 401;
      expect((await agent.get('/_api/v3/notification-setting')).statusCode).toBe(expected);
      expect((await agent.get(url)).statusCode).toBe(expected);
      expect((await agent.put(`${url}/enabled`, { isEnabled: true })).statusCode).toBe(expected);
      expect((await agent.delete(url)).statusCode).toBe(expected);
      expect(
        (
          await agent.post('/_api/v3/notification-setting/global-notification', {
            triggerPath: '/',
            notifyType: 'mail',
            toEmail: 'a@b.cd',
            triggerEvents: ['comment'],
          })
        ).statusCode,
      ).toBe(expected);
      expect(
        (
          await agent.put('/_api/v3/notification-setting/notify-for-page-grant', {
            isNotificationForOwnerPageEnabled: true,
          })
        ).statusCode,
      ).toBe(expected);
    }
    expect((await admin.delete(url)).statusCode).toBe(200);
    expect((await admin.get(url)).statusCode).toBe(404);
    expect((await admin.delete(url)).statusCode).toBe(404);
  });

  it('refuses bad rules with field messages and stores nothing', async () => {
    const post = (body: Record<string, unknown>) =>
      admin.post('/_api/v3/notification-setting/global-notification', {
        triggerPath: '/team',
        notifyType: 'mail',
        toEmail: 'a@example.com',
        triggerEvents: ['pageCreate'],
        ...body,
      });
    const missingMail = await post({ toEmail: '' });
    expect(missingMail.statusCode).toBe(400);
    expect(missingMail.json().errors[0].message).toBe('E-mail address is required');
    expect((await post({ toEmail: 'nobody' })).json().errors[0].message).toBe(
      'The syntax of E-mail address is invalid.',
    );
    expect((await post({ notifyType: 'slack', toEmail: undefined })).json().errors[0].message).toBe(
      'Slack channels is required',
    );
    for (const bad of [
      { triggerPath: 'team' },
      { triggerPath: '' },
      { triggerEvents: [] },
      { triggerEvents: ['pageExplode'] },
      { notifyType: 'fax' },
      { notifyType: 'slack', slackChannels: 'has space' },
    ]) {
      expect((await post(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const list = (await admin.get('/_api/v3/notification-setting')).json().notificationParams;
    expect(list.globalNotifications).toEqual([]);
  });
});

describe('mails for page events', () => {
  it('mails each of GROWI six events with its subject, for pages below a trailing /*', async () => {
    await addRule({ triggerPath: '/team/*' });
    const page = await create(bob, '/team/plan');
    await delivered();
    expect(subjects()).toEqual([
      expect.stringMatching(/^#pageCreate - bob created \/team\/plan at URL: http:\/\/\S+\/[0-9a-f]{24}$/),
    ]);
    expect(sink.inbox[0]!.to).toMatchObject({ text: 'watchers@example.com' });
    expect(sink.inbox[0]!.text).toContain('bob created a new page under /team/plan.');

    const saved = await bob.put('/_api/v3/page', {
      pageId: page._id,
      revisionId: page.revision._id,
      body: 'second',
    });
    const current = saved.json<{ page: Page }>().page;
    await carol.post('/_api/comments.add', {
      commentForm: { page_id: page._id, revision_id: current.revision._id, comment: 'Nice & <clear>' },
    });
    await carol.put('/_api/v3/page/likes', { pageId: page._id, bool: true });
    await bob.put('/_api/v3/pages/rename', {
      pageId: page._id,
      revisionId: current.revision._id,
      newPagePath: '/team/roadmap',
    });
    await delivered();
    expect(subjects().slice(1)).toEqual([
      expect.stringMatching(/^#pageEdit - bob edited \/team\/plan at URL: /),
      expect.stringMatching(/^#comment - carol commented on \/team\/plan at URL: /),
      expect.stringMatching(/^#pageLike - carol liked \/team\/plan at URL: /),
      expect.stringMatching(/^#pageMove - bob moved \/team\/plan to \/team\/roadmap at URL: /),
    ]);
    expect(sink.inbox[2]!.text).toContain('Nice & <clear>');

    await bob.post('/_api/v3/pages/delete', { pageIdToRevisionIdMap: { [page._id]: current.revision._id } });
    await delivered();
    expect(subjects()[5]).toMatch(/^#pageDelete - bob deleted \/team\/roadmap at URL: /);
    expect(sink.inbox).toHaveLength(6);

    // Emptying it from the trash does not tell again. A live page deleted completely tells once,
    // not once for each page below it.
    const completely = (pageId: string) =>
      admin.post('/_api/v3/pages/delete', {
        pageIdToRevisionIdMap: { [pageId]: '' },
        isCompletely: true,
        isRecursively: true,
      });
    expect((await completely(page._id)).statusCode).toBe(200);
    const doomed = await create(bob, '/team/doomed');
    await create(bob, '/team/doomed/child');
    await delivered(); // news of a page already gone at delivery is dropped
    expect((await completely(doomed._id)).statusCode).toBe(200);
    await delivered();
    expect(subjects().slice(6)).toEqual([
      expect.stringMatching(/^#pageCreate - bob created \/team\/doomed at URL: /),
      expect.stringMatching(/^#pageCreate - bob created \/team\/doomed\/child at URL: /),
      expect.stringMatching(/^#pageDelete - admin deleted \/team\/doomed at URL: /),
    ]);

    // `/team/*` is the pages below /team, not /team itself; a disabled rule says nothing.
    await create(bob, '/team');
    await create(bob, '/elsewhere');
    await delivered();
    expect(sink.inbox).toHaveLength(9);
  });

  it('writes to a wiki user in their language, and tells about a bulk move once', async () => {
    await server.app.ctx.users.create({
      username: 'kenji',
      name: 'Kenji',
      email: 'kenji@example.com',
      password: 'password-kenji-1',
      lang: 'ja_JP',
    });
    await addRule({
      triggerPath: '/docs/*',
      toEmail: 'kenji@example.com',
      triggerEvents: ['pageCreate', 'pageMove'],
    });
    const root = await create(bob, '/docs/a');
    await create(bob, '/docs/a/b');
    await create(bob, '/docs/a/b/c');
    await delivered();
    expect(sink.inbox).toHaveLength(3);
    expect(sink.inbox[0]!.text).toContain('bob が /docs/a に新しいページを作成しました。');

    sink.inbox.length = 0;
    const moved = await bob.put('/_api/v3/pages/rename', {
      pageId: root._id,
      revisionId: root.revision._id,
      newPagePath: '/docs/z',
      isRecursively: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await delivered();
    expect(subjects()).toEqual([
      expect.stringMatching(/^#pageMove - bob が \/docs\/a を \/docs\/z へ移動しました/),
    ]);
  });
});

describe('who may be told', () => {
  it('tells about owner-only and group pages only when the admin allows, link-only pages never', async () => {
    await addRule({ triggerPath: '/*', triggerEvents: ['pageCreate'] });
    const groupId = await createGroup(admin, 'devs', ['bob']);
    await create(bob, '/secret', { grant: GRANT.owner });
    await create(bob, '/devs-only', {
      grant: GRANT.userGroup,
      grantUserGroupIds: [{ type: 'UserGroup', item: groupId }],
    });
    await create(bob, '/by-link', { grant: GRANT.restricted });
    await delivered();
    expect(sink.inbox).toEqual([]);

    await admin.put('/_api/v3/notification-setting/notify-for-page-grant', {
      isNotificationForOwnerPageEnabled: true,
      isNotificationForGroupPageEnabled: true,
    });
    await create(bob, '/secret-2', { grant: GRANT.owner });
    await create(bob, '/devs-only-2', {
      grant: GRANT.userGroup,
      grantUserGroupIds: [{ type: 'UserGroup', item: groupId }],
    });
    await create(bob, '/by-link-2', { grant: GRANT.restricted });
    await delivered();
    expect(
      subjects()
        .map((s) => s.split(' ')[4])
        .sort(),
    ).toEqual(['/devs-only-2', '/secret-2']);
  });

  it('posts to Slack channels with the :bell: line', async () => {
    await admin.put('/_api/v3/slack-integration-legacy-settings', {
      slackToken: 'xoxb-1234567890-abc',
      isIncomingWebhookPrioritized: false,
    });
    await addRule({
      triggerPath: '/news',
      notifyType: 'slack',
      toEmail: undefined,
      slackChannels: 'wiki, #general',
    });
    const page = await create(carol, '/news');
    await delivered();
    expect(slack.posts.map((p) => p.channel).sort()).toEqual(['#general', '#wiki']);
    const site = /<(http:\/\/[^/|]+)\//.exec(slack.posts[0]!.text)![1];
    expect(slack.posts[0]!.text).toBe(
      `:bell: <${site}/user/carol|carol> created <${site}/${page._id}|/news>`,
    );
    expect(sink.inbox).toEqual([]);
  });
});

describe('an SMTP outage', () => {
  it('keeps 100 saves fast, loses no mail, and sends each once when SMTP is back', async () => {
    await addRule({ triggerPath: '/outage/*', triggerEvents: ['pageCreate'] });
    const port = sink.port;
    await sink.close();
    const started = Date.now();
    for (let i = 0; i < 100; i++) await create(bob, `/outage/p${i}`);
    const elapsed = Date.now() - started;
    await delivered();
    // Saves did not wait for the dead server: well under a second each even on a loaded machine.
    expect(elapsed / 100).toBeLessThan(500);
    const outbox = server.app.ctx.notifications.outbox.list(500);
    expect(outbox.failingCount).toBe(100);

    sink = await startSink(port);
    for (const entry of outbox.entries.filter((e) => e.channel === 'mail'))
      server.app.ctx.notifications.retryNow(entry._id);
    await delivered();
    expect(sink.inbox).toHaveLength(100);
    expect(new Set(subjects()).size).toBe(100);
    for (const entry of outbox.entries.filter((e) => e.channel === 'mail'))
      expect(() => server.app.ctx.notifications.retryNow(entry._id)).toThrow();
    await delivered();
    expect(sink.inbox).toHaveLength(100);
  });
});
