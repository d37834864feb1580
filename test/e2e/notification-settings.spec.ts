// Notification settings in the browser (issue 14): the admin sets Slack up at /admin/notification
// with a webhook on 127.0.0.1, adds a user-trigger pattern and a global rule; the editor then offers
// the pattern's channel, and saving with Slack ticked posts the change there.
import { expect, test } from '@playwright/test';
import { startSlackStandin, type SlackStandin } from '../helpers/slack-standin';
import { createPage, csrf, markdownEditor, signIn, uniquePath, urlOf } from './helpers';

let slack: SlackStandin;
test.beforeAll(async () => {
  slack = await startSlackStandin();
});
test.afterAll(async () => {
  await slack.close();
});

test('Slack, a user-trigger pattern and a global rule, set up on screen, tell Slack about a save', async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  const base = uniquePath('slacked');
  const created = await createPage(page, `${base}/plan`, 'first line');

  await page.goto('/admin/notification');
  await expect(page.getByRole('heading', { name: 'Notification settings' })).toBeVisible();
  const slackForm = page.getByTestId('slack-settings');
  await slackForm.getByLabel('Incoming webhook URL').fill(slack.hookUrl);
  await slackForm.getByRole('button', { name: 'Update' }).click();
  await expect(slackForm.getByText('A value is stored; leave this empty to keep it.')).toBeVisible();
  await slackForm.getByLabel('Channel for a test message').fill('general');
  await slackForm.getByRole('button', { name: 'Send a test message' }).click();
  await expect.poll(() => slack.posts.length).toBe(1);
  expect(slack.posts[0]).toMatchObject({ via: 'webhook', channel: '#general' });

  const triggers = page.getByTestId('user-trigger-settings');
  await triggers.getByLabel('Path pattern').fill(`${base}/*`);
  await triggers.getByLabel('Channel').fill('team-wiki');
  await triggers.getByRole('button', { name: 'Add' }).click();
  await expect(triggers.getByRole('cell', { name: `${base}/*` })).toBeVisible();

  const global = page.getByTestId('global-notification-settings');
  await global.getByRole('button', { name: 'New rule' }).click();
  const form = page.getByTestId('global-rule-form');
  await form.getByLabel('Trigger path').fill(`${base}/*`);
  await form.getByLabel('Page edited').check();
  await form.getByRole('radio', { name: 'Slack' }).check();
  await form.getByLabel('Slack channels (comma-separated)').fill('has space');
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(form.getByText('The syntax of Slack channels is invalid.')).toBeVisible();
  await form.getByLabel('Slack channels (comma-separated)').fill('announcements');
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(global.getByRole('cell', { name: `${base}/*` })).toBeVisible();
  if (process.env.QUIRE_E2E_SCREENSHOTS)
    await page.screenshot({
      path: `${process.env.QUIRE_E2E_SCREENSHOTS}/notification-settings.png`,
      fullPage: true,
    });

  // The editor offers the pattern's channel; ticking Slack posts the change there.
  await page.goto(`${urlOf(created.path)}#edit`);
  await page.reload(); // the app reads "Slack is set up" at start
  await expect(markdownEditor(page)).toBeVisible();
  const choice = page.getByTestId('slack-choice');
  await expect(choice.getByLabel('Slack channels')).toHaveValue('team-wiki');
  await choice.getByRole('checkbox', { name: 'Slack' }).check();
  if (process.env.QUIRE_E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.QUIRE_E2E_SCREENSHOTS}/editor-slack.png` });
  await markdownEditor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\nsecond line');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(urlOf(created.path));
  await expect
    .poll(() => slack.posts.map((p) => p.channel).sort(), { timeout: 10_000 })
    .toEqual(['#announcements', '#general', '#team-wiki']);
  const posted = slack.posts.find((p) => p.channel === '#team-wiki')!;
  expect(posted.text).toContain(':heavy_check_mark: admin updated');
  expect(posted.attachments[0]!.text).toContain('second line :lower_left_fountain_pen:');
  expect(slack.posts.find((p) => p.channel === '#announcements')!.text).toContain(':bell:');

  // A comment can tell Slack too.
  await page.goto(urlOf(created.path));
  const commentChoice = page.getByTestId('slack-choice');
  await expect(commentChoice.getByLabel('Slack channels')).toHaveValue('team-wiki');
  await commentChoice.getByRole('checkbox', { name: 'Slack' }).check();
  await page.getByPlaceholder('Add a comment (Markdown)…').fill('Looks good');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect
    .poll(
      () => slack.posts.some((p) => p.channel === '#team-wiki' && p.text.startsWith(':speech_balloon:')),
      {
        timeout: 10_000,
      },
    )
    .toBe(true);

  // Leave the shared server as it was: no rules, no Slack.
  const token = await csrf(page.request);
  const settings = (await (await page.request.get('/_api/v3/notification-setting')).json()) as {
    notificationParams: { globalNotifications: { _id: string }[]; userNotifications: { _id: string }[] };
  };
  for (const rule of settings.notificationParams.globalNotifications)
    await page.request.delete(`/_api/v3/notification-setting/global-notification/${rule._id}`, {
      headers: { 'x-csrf-token': token },
    });
  for (const row of settings.notificationParams.userNotifications)
    await page.request.delete(`/_api/v3/notification-setting/user-notification/${row._id}`, {
      headers: { 'x-csrf-token': token },
    });
  await page.request.put('/_api/v3/slack-integration-legacy-settings', {
    headers: { 'x-csrf-token': token },
    data: { isIncomingWebhookPrioritized: false, clearWebhookUrl: true },
  });
});
