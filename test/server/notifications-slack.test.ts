// Slack (issue 14) against a stand-in on 127.0.0.1: the write-only settings, the test message,
// which transport wins, user-trigger patterns and the channels an author picks when saving, and a
// Slack outage that loses nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { startSlackStandin, type SlackStandin } from '../helpers/slack-standin';
import type { Page } from '../../src/shared/api-types';
import type { OutboxListResponse } from '../../src/shared/notification-types';

const TOKEN = 'xoxb-1234567890-secret-token';
let server: TestServer;
let admin: Agent;
let bob: Agent;
let slack: SlackStandin;

beforeEach(async () => {
  slack = await startSlackStandin();
  server = await startTestServer({ slackApiUrl: slack.apiUrl, notificationRetryBaseMs: 60_000 });
  ({ admin, bob } = await signInTeam(server.app, ['bob']));
});
afterEach(async () => {
  await server.cleanup();
  await slack.close();
});

const delivered = () => server.app.ctx.notifications.worker.drain();
const configure = (body: Record<string, unknown>) =>
  admin.put('/_api/v3/slack-integration-legacy-settings', { isIncomingWebhookPrioritized: false, ...body });

describe('Slack settings', () => {
  it('keeps the webhook URL and token write-only, admins only', async () => {
    const res = await configure({ webhookUrl: slack.hookUrl, slackToken: TOKEN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().responseParams).toEqual({
      isWebhookUrlSet: true,
      isSlackTokenSet: true,
      isIncomingWebhookPrioritized: false,
      isSlackConfigured: true,
    });
    const read = await admin.get('/_api/v3/slack-integration-legacy-settings');
    expect(read.body).not.toContain(TOKEN);
    expect(read.body).not.toContain(slack.hookUrl);
    // An empty field keeps the secret; `clear…` forgets it.
    await configure({ isIncomingWebhookPrioritized: true });
    expect(server.app.ctx.settings.get('slack:token')).toBe(TOKEN);
    await configure({ clearSlackToken: true });
    expect(server.app.ctx.settings.get('slack:token')).toBe('');

    expect((await bob.get('/_api/v3/slack-integration-legacy-settings')).statusCode).toBe(403);
    expect(
      (await bob.put('/_api/v3/slack-integration-legacy-settings', { isIncomingWebhookPrioritized: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await bob.post('/_api/v3/slack-integration-legacy-settings/test', { channel: 'x' })).statusCode,
    ).toBe(403);
    expect((await new Agent(server.app).get('/_api/v3/slack-integration-legacy-settings')).statusCode).toBe(
      401,
    );
  });

  it('refuses a bad webhook URL or token and changes nothing', async () => {
    await configure({ webhookUrl: slack.hookUrl });
    for (const bad of [
      { webhookUrl: 'ftp://example.com/hook' },
      { webhookUrl: 'not a url' },
      { slackToken: 'secret' },
    ]) {
      const res = await configure(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const res = await configure({ webhookUrl: 'javascript:alert(1)' });
    expect(res.json().errors[0].message).toBe('The syntax of Webhook URL is invalid.');
    expect(server.app.ctx.settings.get('slack:incomingWebhookUrl')).toBe(slack.hookUrl);
  });

  it('sends a test message through the preferred transport and says why one failed', async () => {
    const notSetUp = await admin.post('/_api/v3/slack-integration-legacy-settings/test', {
      channel: 'general',
    });
    expect(notSetUp.statusCode).toBe(400);
    expect(notSetUp.json().errors[0].code).toBe('send-slack-test-failed');

    await configure({ webhookUrl: slack.hookUrl, slackToken: TOKEN });
    const ok = await admin.post('/_api/v3/slack-integration-legacy-settings/test', { channel: '#general' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(slack.posts).toHaveLength(1);
    expect(slack.posts[0]).toMatchObject({
      via: 'token',
      channel: '#general',
      authorization: `Bearer ${TOKEN}`,
    });
    expect(slack.posts[0]!.text).toContain('test message');

    await configure({ isIncomingWebhookPrioritized: true });
    await admin.post('/_api/v3/slack-integration-legacy-settings/test', { channel: 'general' });
    expect(slack.posts[1]).toMatchObject({ via: 'webhook', channel: '#general' });

    await configure({ isIncomingWebhookPrioritized: false });
    slack.mode = 'channel_not_found';
    const failed = await admin.post('/_api/v3/slack-integration-legacy-settings/test', {
      channel: 'nowhere',
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().errors[0].message).toContain('Failed to send a test message to Slack');
    expect(failed.json().errors[0].message).toContain('channel_not_found');
    expect(failed.body).not.toContain(TOKEN);
  });
});

describe('user-trigger notifications', () => {
  async function createPage(path: string, body: string, slackChannels?: string): Promise<Page> {
    const res = await bob.post('/_api/v3/page', {
      path,
      body,
      ...(slackChannels ? { isSlackEnabled: true, slackChannels } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ page: Page }>().page;
  }

  it('lets admins keep patterns, and offers their channels to the editor', async () => {
    const add = await admin.post('/_api/v3/notification-setting/user-notification', {
      pathPattern: '/project/*',
      channel: '#dev',
    });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json().responseParams.userNotifications[0]).toMatchObject({
      pathPattern: '/project/*',
      channel: 'dev',
    });
    await admin.post('/_api/v3/notification-setting/user-notification', {
      pathPattern: 'meeting',
      channel: 'team',
    });

    const channels = async (path: string) =>
      (await bob.get(`/_api/pages.updatePost?path=${encodeURIComponent(path)}`)).json().updatePost;
    expect(await channels('/project/quire')).toEqual(['dev']);
    expect(await channels('/2026/meeting/notes')).toEqual(['team']);
    expect(await channels('/elsewhere')).toEqual([]);
    expect((await new Agent(server.app).get('/_api/pages.updatePost?path=/x')).statusCode).toBe(401);

    expect(
      (await bob.post('/_api/v3/notification-setting/user-notification', { pathPattern: '/x', channel: 'x' }))
        .statusCode,
    ).toBe(403);
    const bad = await admin.post('/_api/v3/notification-setting/user-notification', {
      pathPattern: '/x',
      channel: 'Bad Channel',
    });
    expect(bad.statusCode).toBe(400);
    const id = add.json().responseParams.userNotifications[0]._id as string;
    expect((await bob.delete(`/_api/v3/notification-setting/user-notification/${id}`)).statusCode).toBe(403);
    expect((await admin.delete(`/_api/v3/notification-setting/user-notification/${id}`)).statusCode).toBe(
      200,
    );
    expect(await channels('/project/quire')).toEqual([]);
  });

  it('posts a new page, a change and a comment to the channels the author picked', async () => {
    await configure({ slackToken: TOKEN });
    const page = await createPage(
      '/project/plan',
      '# Plan\n\n* first\n* [docs](https://example.com/docs)',
      'dev, #ops',
    );
    await delivered();
    expect(slack.posts.map((p) => p.channel).sort()).toEqual(['#dev', '#ops']);
    const created = slack.posts[0]!;
    expect(created.text).toMatch(
      /^:rocket: bob created a new page! <http:\/\/[^|]+\/[0-9a-f]{24}\|\/project\/plan>$/,
    );
    expect(created.attachments[0]).toMatchObject({ title: '/project/plan', author_name: '@bob' });
    expect(created.attachments[0]!.text).toBe('*Plan*\n\n• first\n• <https://example.com/docs|docs>');

    slack.posts.length = 0;
    const saved = await bob.put('/_api/v3/page', {
      pageId: page._id,
      revisionId: page.revision._id,
      body: '# Plan\n\n* second',
      isSlackEnabled: true,
      slackChannels: 'dev',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await delivered();
    expect(slack.posts).toHaveLength(1);
    expect(slack.posts[0]!.text).toMatch(/^:heavy_check_mark: bob updated </);
    expect(slack.posts[0]!.attachments[0]!.text).toContain('* second :lower_left_fountain_pen:');
    expect(slack.posts[0]!.attachments[0]!.text).toContain(':wastebasket: ... 2 lines');

    slack.posts.length = 0;
    const comment = await bob.post('/_api/comments.add', {
      commentForm: {
        page_id: page._id,
        revision_id: saved.json().page.revision._id,
        comment: 'Looks <good>',
      },
      slackNotificationForm: { isSlackEnabled: true, slackChannels: 'dev' },
    });
    expect(comment.statusCode, comment.body).toBe(200);
    await delivered();
    expect(slack.posts[0]!.text).toMatch(/^:speech_balloon: bob commented on </);
    expect(slack.posts[0]!.attachments[0]!.text).toBe('Looks &lt;good&gt;');

    // Not ticked: nothing goes to Slack.
    slack.posts.length = 0;
    await createPage('/project/quiet', 'shh');
    await delivered();
    expect(slack.posts).toEqual([]);
  });

  it('refuses malformed channels on save and changes nothing', async () => {
    await configure({ slackToken: TOKEN });
    const res = await bob.post('/_api/v3/page', {
      path: '/p',
      body: 'x',
      isSlackEnabled: true,
      slackChannels: 'a b;c',
    });
    expect(res.statusCode).toBe(400);
    expect((await bob.get('/_api/v3/page?path=/p')).statusCode).toBe(404);
  });

  it('loses nothing while Slack is down: the save is quick, the post goes out once Slack is back', async () => {
    await configure({ webhookUrl: slack.hookUrl });
    slack.mode = 'down';
    const started = Date.now();
    await createPage('/project/outage', 'body', 'dev');
    expect(Date.now() - started).toBeLessThan(2_000);
    await delivered();
    const outbox = (await admin.get('/_api/v3/notification-outbox')).json<OutboxListResponse>();
    const failing = outbox.entries.find((e) => e.channel === 'slack' && e.lastError);
    expect(failing?.lastError).toContain('500');
    expect(failing?.lastError).not.toContain(slack.hookUrl);
    slack.mode = 'ok';
    expect((await admin.post(`/_api/v3/notification-outbox/${failing!._id}/retry`)).statusCode).toBe(200);
    await delivered();
    await delivered();
    expect(slack.posts).toHaveLength(1);
    expect(slack.posts[0]).toMatchObject({ via: 'webhook', channel: '#dev' });
  });
});
