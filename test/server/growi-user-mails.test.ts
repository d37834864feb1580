// Issue 28: GROWI's admin mails about an account, against a real SMTP server on 127.0.0.1: the
// invitation sent again with a new temporary password (invited users only), and a password the
// admin just reset (only the one the account has now). Admins only; without mail settings the
// admin hears why and nothing changes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { smtpSettings, startSink, type Sink } from '../helpers/smtp-sink';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let sink: Sink;

beforeEach(async () => {
  server = await startTestServer({ notificationRetryBaseMs: 60_000 });
  ({ admin, bob } = await signInTeam(server.app, ['bob']));
  sink = await startSink();
});
afterEach(async () => {
  await sink.close();
  await server.cleanup();
});

const invite = async (email: string) => {
  const res = await admin.post('/_api/v3/users/invite', { shapedEmailList: [email] });
  return res.json().createdUserList[0] as { email: string; password: string; user: { _id: string } };
};

describe('PUT /users/send-invitation-email', () => {
  it('gives an invited user a new temporary password and mails it', async () => {
    await admin.put('/_api/v3/app-settings/smtp-setting', smtpSettings(sink.port));
    const invited = await invite('late@example.com');
    const res = await admin.put('/_api/v3/users/send-invitation-email', { id: invited.user._id });
    expect(res.statusCode, res.body).toBe(200);
    await server.app.ctx.notifications.worker.drain();
    expect(sink.inbox).toHaveLength(1);
    const mail = sink.inbox[0]!;
    expect(mail.to).toMatchObject({ text: 'late@example.com' });
    expect(mail.text).not.toContain(invited.password);
    const sent = /Password: (\S+)/.exec(mail.text ?? '')?.[1];
    expect(sent).toBeTruthy();
    const signIn = await new Agent(server.app).post('/_api/v3/login', {
      loginForm: { username: 'late@example.com', password: sent },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('refuses a user who accepted the invitation, users, and works only with mail set up', async () => {
    const bobRow = server.app.ctx.users.findByUsername('bob')!;
    const invited = await invite('nomail@example.com');
    const noMail = await admin.put('/_api/v3/users/send-invitation-email', { id: invited.user._id });
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json().errors[0].message).toBe(
      'E-mail is not set up: the from address, SMTP host and port must be set first.',
    );
    await admin.put('/_api/v3/app-settings/smtp-setting', smtpSettings(sink.port));
    const accepted = await admin.put('/_api/v3/users/send-invitation-email', { id: bobRow.id });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().errors[0].message).toBe('bob has already accepted the invitation.');
    expect((await bob.put('/_api/v3/users/send-invitation-email', { id: invited.user._id })).statusCode).toBe(
      403,
    );
    await server.app.ctx.notifications.worker.drain();
    expect(sink.inbox).toHaveLength(0);
  });
});

describe('PUT /users/reset-password-email', () => {
  it('mails the password the admin just reset, and nothing else', async () => {
    await admin.put('/_api/v3/app-settings/smtp-setting', smtpSettings(sink.port));
    const bobRow = server.app.ctx.users.findByUsername('bob')!;
    const { newPassword } = (await admin.put('/_api/v3/users/reset-password', { id: bobRow.id })).json();
    const wrong = await admin.put('/_api/v3/users/reset-password-email', {
      id: bobRow.id,
      newPassword: 'hello',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].code).toBe('reset_password_mismatch');
    expect(
      (await bob.put('/_api/v3/users/reset-password-email', { id: bobRow.id, newPassword })).statusCode,
    ).toBe(403);
    const res = await admin.put('/_api/v3/users/reset-password-email', { id: bobRow.id, newPassword });
    expect(res.statusCode, res.body).toBe(200);
    await server.app.ctx.notifications.worker.drain();
    expect(sink.inbox).toHaveLength(1);
    expect(sink.inbox[0]!.subject).toBe('Your password for Quire was reset');
    expect(sink.inbox[0]!.text).toContain(newPassword);
  });
});
