// "Forgot password" (issue 14) against a real SMTP server on 127.0.0.1: the link arrives in the
// user's language, works once, expires, ends the user's other sessions; an unknown address gets the
// same answer and no mail; nothing is offered while mail is not set up or the admin turned it off.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Agent,
  signIn,
  signInTeam,
  startTestServer,
  USER_PASSWORD,
  type TestServer,
} from '../helpers/server';
import { smtpSettings, startSink, type Sink } from '../helpers/smtp-sink';
import { RESET_LINK_LIFETIME_MS } from '../../src/server/modules/users/password-reset';
import { RESET_REQUESTS_PER_HOUR } from '../../src/server/modules/users/password-reset-routes';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let sink: Sink;

beforeEach(async () => {
  server = await startTestServer();
  ({ admin, bob } = await signInTeam(server.app, ['bob']));
  sink = await startSink();
  await admin.put('/_api/v3/app-settings/smtp-setting', smtpSettings(sink.port));
});
afterEach(async () => {
  await sink.close();
  await server.cleanup();
});

const guest = () => new Agent(server.app);

async function askFor(email: string) {
  const res = await guest().post('/_api/v3/forgot-password', { email });
  await server.app.ctx.passwordReset.whenIdle();
  await server.app.ctx.notifications.worker.drain();
  return res;
}

function linkIn(text: string): string {
  const match = /https?:\/\/\S+\/forgot-password\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in ${text}`);
  return match[1];
}

describe('forgot password', () => {
  it('mails a link in the user language that sets a new password once, and signs the user out elsewhere', async () => {
    expect((await guest().get('/_api/v3/app-config')).json().isPasswordResetEnabled).toBe(true);
    await bob.put('/_api/v3/personal-setting', { name: 'Bob', email: 'bob@example.com', lang: 'ja_JP' });
    const res = await askFor('bob@example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(sink.inbox).toHaveLength(1);
    const mail = sink.inbox[0]!;
    expect(mail.to).toMatchObject({ text: 'bob@example.com' });
    expect(mail.subject).toBe('Quire の新しいパスワードの設定');
    expect(mail.text).toContain('10 分以内');
    const token = linkIn(mail.text ?? '');

    const browser = guest();
    expect((await browser.post('/_api/v3/forgot-password/check', { token })).json()).toEqual({
      isOpen: true,
    });
    const mismatch = await browser.put('/_api/v3/forgot-password', {
      token,
      newPassword: 'brand-new-1',
      newPasswordConfirm: 'other',
    });
    expect(mismatch.json().errors[0].code).toBe('password_mismatch');
    const short = await browser.put('/_api/v3/forgot-password', {
      token,
      newPassword: 'x',
      newPasswordConfirm: 'x',
    });
    expect(short.statusCode).toBe(400);
    const done = await browser.put('/_api/v3/forgot-password', {
      token,
      newPassword: 'brand-new-1',
      newPasswordConfirm: 'brand-new-1',
    });
    expect(done.statusCode, done.body).toBe(200);

    // Once only; the old password is gone, the new one works, Bob's old session has ended.
    const again = await browser.put('/_api/v3/forgot-password', {
      token,
      newPassword: 'second-try-1',
      newPasswordConfirm: 'second-try-1',
    });
    expect(again.json().errors[0].code).toBe('reset_link_invalid');
    expect((await browser.post('/_api/v3/forgot-password/check', { token })).json()).toEqual({
      isOpen: false,
    });
    expect(
      (await guest().post('/_api/v3/login', { username: 'bob', password: USER_PASSWORD })).statusCode,
    ).toBe(401);
    await signIn(server.app, 'bob', 'brand-new-1');
    expect((await bob.get('/_api/v3/personal-setting')).statusCode).toBe(401);
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const known = await askFor('bob@example.com');
    const unknown = await askFor('nobody@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(sink.inbox.map((m) => m.to)).toEqual([expect.objectContaining({ text: 'bob@example.com' })]);
  });

  it('answers before looking the address up, so a known address takes no longer (issue 27)', async () => {
    const orders = () =>
      server.app.ctx.db.$client.prepare('SELECT count(*) AS n FROM password_reset_orders').get() as {
        n: number;
      };
    const res = await guest().post('/_api/v3/forgot-password', { email: 'bob@example.com' });
    expect(res.statusCode).toBe(200);
    // Answered: no link written yet, no mail queued — the work a known address costs comes after.
    expect(orders().n).toBe(0);
    await server.app.ctx.passwordReset.whenIdle();
    expect(orders().n).toBe(1);
  });

  it('sends one mail a minute per user, and a newer link makes the older one dead', async () => {
    let now = Date.now();
    (server.app.ctx.passwordReset as unknown as { deps: { now: () => Date } }).deps.now = () => new Date(now);
    await askFor('bob@example.com');
    await askFor('bob@example.com');
    expect(sink.inbox).toHaveLength(1);
    const first = linkIn(sink.inbox[0]!.text ?? '');
    now += 61_000;
    await askFor('bob@example.com');
    expect(sink.inbox).toHaveLength(2);
    const second = linkIn(sink.inbox[1]!.text ?? '');
    expect((await guest().post('/_api/v3/forgot-password/check', { token: first })).json().isOpen).toBe(
      false,
    );
    expect((await guest().post('/_api/v3/forgot-password/check', { token: second })).json().isOpen).toBe(
      true,
    );
    now += RESET_LINK_LIFETIME_MS + 1;
    const late = await guest().put('/_api/v3/forgot-password', {
      token: second,
      newPassword: 'too-late-1',
      newPasswordConfirm: 'too-late-1',
    });
    expect(late.json().errors[0].code).toBe('reset_link_invalid');
  });

  it('bounds how often one client may ask, with a translated 429', async () => {
    const client = guest();
    for (let i = 0; i < RESET_REQUESTS_PER_HOUR; i++) {
      expect((await client.post('/_api/v3/forgot-password', { email: `x${i}@example.com` })).statusCode).toBe(
        200,
      );
    }
    const refused = await client.post('/_api/v3/forgot-password', { email: 'bob@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe('too_many_reset_requests');
  });

  it('is not offered without mail or when the admin turns it off, and a made-up token does nothing', async () => {
    server.app.ctx.settings.set('mail:from', '');
    expect((await guest().get('/_api/v3/app-config')).json().isPasswordResetEnabled).toBe(false);
    expect((await askFor('bob@example.com')).statusCode).toBe(403);
    server.app.ctx.settings.set('mail:from', 'wiki@example.com');
    const off = await admin.put('/_api/v3/security-setting/local-setting', { isPasswordResetEnabled: false });
    expect(off.json().localSettingParams.isPasswordResetEnabled).toBe(false);
    expect((await guest().get('/_api/v3/app-config')).json().isPasswordResetEnabled).toBe(false);
    const refused = await askFor('bob@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('password_reset_disabled');
    expect(sink.inbox).toHaveLength(0);
    expect(
      (await bob.put('/_api/v3/security-setting/local-setting', { isPasswordResetEnabled: true })).statusCode,
    ).toBe(403);
    const madeUp = await guest().put('/_api/v3/forgot-password', {
      token: 'A'.repeat(43),
      newPassword: 'whatever-1',
      newPasswordConfirm: 'whatever-1',
    });
    expect(madeUp.json().errors[0].code).toBe('reset_link_invalid');
  });
});
