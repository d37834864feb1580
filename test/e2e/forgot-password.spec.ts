// "Forgot password" in Chromium (issue 14): from the login page's link, the address typed, the mail
// (a real SMTP server on 127.0.0.1) and its link, a new password set, and signing in with it.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { InviteResponse } from '../../src/shared/account-types';
import { smtpSettings, startSink } from '../helpers/smtp-sink';
import { csrf, signIn } from './helpers';

const run = Date.now().toString(36);

async function send(request: APIRequestContext, method: 'post' | 'put', url: string, data: unknown) {
  const res = await request[method](url, { headers: { 'x-csrf-token': await csrf(request) }, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json() as Promise<unknown>;
}

test('a user who forgot their password sets a new one through the mailed link', async ({ page, browser }) => {
  const sink = await startSink();
  try {
    await signIn(page);
    await send(page.request, 'put', '/_api/v3/app-settings/smtp-setting', smtpSettings(sink.port));
    const email = `forgetful-${run}@example.com`;
    const invite = (await send(page.request, 'post', '/_api/v3/users/invite', {
      shapedEmailList: [email],
      sendEmail: false,
    })) as InviteResponse;
    const member = await browser.newContext();
    await send(member.request, 'post', '/_api/v3/login', {
      username: email,
      password: invite.createdUserList[0]!.password,
    });
    const username = `forgetful${run}`;
    await send(member.request, 'post', '/_api/v3/invited', {
      invitedForm: { username, name: 'Forgetful', password: 'the old password' },
    });
    await member.close();

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/login');
    await visitor.getByRole('link', { name: 'Forgot your password?' }).click();
    // The app settles first (its session and settings requests): a form filled while they land can
    // be drawn again empty, which is what a slow CI machine showed once.
    await visitor.waitForLoadState('networkidle');
    const address = visitor.getByLabel('E-mail');
    await address.fill(email);
    await expect(address).toHaveValue(email);
    await visitor.getByRole('button', { name: 'Send the link' }).click();
    await expect(
      visitor.getByText('If that address belongs to an account, the link is on its way.'),
    ).toBeVisible();

    await expect.poll(() => sink.inbox.length, { timeout: 15_000 }).toBe(1);
    const link = /https?:\/\/\S+(\/forgot-password\/[A-Za-z0-9_-]+)/.exec(sink.inbox[0]!.text ?? '')?.[1];
    expect(link).toBeTruthy();
    await visitor.goto(link!);
    await visitor.waitForLoadState('networkidle');
    await visitor.getByLabel('New password', { exact: true }).fill('a brand new one');
    await visitor.getByLabel('New password (again)').fill('a brand new one');
    await visitor.getByRole('button', { name: 'Set the password' }).click();
    await expect(visitor.getByText('Your password was set.')).toBeVisible();

    await visitor.goto(link!);
    await expect(visitor.getByText('This link has expired or was used already.')).toBeVisible();
    await visitor.goto('/login');
    await visitor.getByLabel('User ID or e-mail').fill(username);
    await visitor.getByLabel('Password').fill('a brand new one');
    await visitor.getByRole('button', { name: 'Sign in' }).click();
    await expect(visitor).toHaveURL(/\/$/);
  } finally {
    await sink.close();
  }
});
