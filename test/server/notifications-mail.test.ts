// Mail (issue 14) against a real SMTP server on 127.0.0.1 (npm smtp-server + mailparser): the mail
// settings with a write-only password, the test mail, invitation mails in the invitee's language,
// and an SMTP outage that loses nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { smtpSettings, startSink, type Sink } from '../helpers/smtp-sink';
import type { OutboxListResponse } from '../../src/shared/notification-types';

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

describe('mail settings', () => {
  it('stores SMTP settings with a write-only password, admins only', async () => {
    const res = await admin.put('/_api/v3/app-settings/smtp-setting', smtpSettings(sink.port));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('hunter2');
    expect(res.json().mailSettingParams).toMatchObject({
      isMailerSetup: true,
      fromAddress: 'wiki@example.com',
      smtpHost: '127.0.0.1',
      isSmtpPasswordSet: true,
    });
    const read = await admin.get('/_api/v3/app-settings/mail-setting');
    expect(read.body).not.toContain('hunter2');
    // Leaving the password out keeps it.
    await admin.put('/_api/v3/app-settings/smtp-setting', {
      ...smtpSettings(sink.port),
      smtpPassword: undefined,
    });
    expect(server.app.ctx.settings.get('mail:smtpPassword')).toBe('hunter2-secret');

    expect((await bob.get('/_api/v3/app-settings/mail-setting')).statusCode).toBe(403);
    expect((await bob.put('/_api/v3/app-settings/smtp-setting', smtpSettings(1))).statusCode).toBe(403);
    expect((await bob.post('/_api/v3/app-settings/smtp-test')).statusCode).toBe(403);
    expect((await new Agent(server.app).get('/_api/v3/app-settings/mail-setting')).statusCode).toBe(401);
  });

  it('refuses bad settings and changes nothing', async () => {
    await admin.put('/_api/v3/app-settings/smtp-setting', smtpSettings(sink.port));
    for (const bad of [
      { smtpPort: '70000' },
      { smtpPort: 'abc' },
      { fromAddress: 'not-an-address' },
      { smtpHost: '' },
    ]) {
      const res = await admin.put('/_api/v3/app-settings/smtp-setting', { ...smtpSettings(1), ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(server.app.ctx.settings.get('mail:smtpPort')).toBe(String(sink.port));
    const ses = await admin.put('/_api/v3/app-settings/ses-setting', {
      fromAddress: 'wiki@example.com',
      sesAccessKeyId: 'AKIAEXAMPLE',
      sesSecretAccessKey: 'ses-secret-key',
    });
    expect(ses.statusCode, ses.body).toBe(200);
    expect(ses.body).not.toContain('ses-secret-key');
    expect(ses.json().mailSettingParams).toMatchObject({
      transmissionMethod: 'ses',
      isSesSecretAccessKeySet: true,
    });
  });

  it('mails the admin a test e-mail, and says why it failed', async () => {
    await admin.put('/_api/v3/app-settings/smtp-setting', smtpSettings(sink.port));
    const ok = await admin.post('/_api/v3/app-settings/smtp-test');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(sink.inbox).toHaveLength(1);
    expect(sink.inbox[0]!.to).toMatchObject({ text: 'ada@example.com' });
    expect(sink.inbox[0]!.from?.text).toBe('wiki@example.com');

    const closed = await startSink();
    await closed.close();
    await admin.put('/_api/v3/app-settings/smtp-setting', smtpSettings(closed.port));
    const failed = await admin.post('/_api/v3/app-settings/smtp-test');
    expect(failed.statusCode).toBe(400);
    const error = failed.json<{ errors: { code: string; message: string }[] }>().errors[0]!;
    expect(error.code).toBe('send-email-with-smtp-failed');
    expect(error.message).toMatch(/^Failed to send test e-mail via SMTP: .*ECONNREFUSED/);
  });
});

describe('invitation mails', () => {
  it('mails each invitee the temporary password in their language, through the outbox', async () => {
    await admin.put('/_api/v3/app-settings/smtp-setting', smtpSettings(sink.port));
    await admin.put('/_api/v3/personal-setting', {
      name: 'Ada Admin',
      email: 'ada@example.com',
      lang: 'ja_JP',
    });
    const res = await admin.post('/_api/v3/users/invite', {
      shapedEmailList: ['new@example.com'],
      sendEmail: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const password = res.json<{ createdUserList: { password: string }[] }>().createdUserList[0]!.password;
    await server.app.ctx.notifications.worker.drain();
    expect(sink.inbox).toHaveLength(1);
    const mail = sink.inbox[0]!;
    expect(mail.to).toMatchObject({ text: 'new@example.com' });
    expect(mail.subject).toBe('Quire への招待');
    expect(mail.text).toContain(password);
    expect(mail.text).toContain('/login');
    // Without the box ticked, no mail.
    await admin.post('/_api/v3/users/invite', { shapedEmailList: ['quiet@example.com'] });
    await server.app.ctx.notifications.worker.drain();
    expect(sink.inbox).toHaveLength(1);
  });

  it('keeps mails while SMTP is down and sends each once when it is back', async () => {
    const port = sink.port;
    await admin.put('/_api/v3/app-settings/smtp-setting', smtpSettings(port));
    await sink.close();
    const emails = Array.from({ length: 5 }, (_, i) => `team${i}@example.com`);
    const res = await admin.post('/_api/v3/users/invite', { shapedEmailList: emails, sendEmail: true });
    expect(res.statusCode).toBe(201);
    await server.app.ctx.notifications.worker.drain();
    const down = (await admin.get('/_api/v3/notification-outbox')).json<OutboxListResponse>();
    expect(down.failingCount).toBe(5);
    expect(down.entries[0]!.lastError).toMatch(/ECONNREFUSED/);

    sink = await startSink(port);
    for (const entry of down.entries.filter((e) => e.channel === 'mail')) {
      expect((await admin.post(`/_api/v3/notification-outbox/${entry._id}/retry`)).statusCode).toBe(200);
    }
    await server.app.ctx.notifications.worker.drain();
    expect(sink.inbox.map((m) => (m.to as { text: string }).text).sort()).toEqual(emails.sort());
    // Delivered rows are never sent again, even when asked.
    for (const entry of down.entries) {
      expect((await admin.post(`/_api/v3/notification-outbox/${entry._id}/retry`)).statusCode).toBe(404);
    }
    await server.app.ctx.notifications.worker.drain();
    expect(sink.inbox).toHaveLength(5);
  });
});

describe('approval request mails', () => {
  const register = (username: string) =>
    new Agent(server.app).post('/_api/v3/register', {
      registerForm: { name: 'Newcomer', username, email: `${username}@example.com`, password: 'secret1' },
    });

  it('tell each administrator, in their language, that someone waits for approval', async () => {
    await admin.put('/_api/v3/security-setting/local-setting', { registrationMode: 'Restricted' });
    await admin.put('/_api/v3/personal-setting', {
      name: 'Ada Admin',
      email: 'ada@example.com',
      lang: 'ja_JP',
    });
    // Without mail set up nothing is queued (the Users screen lists the waiting user anyway).
    expect((await register('early')).statusCode).toBe(202);
    await server.app.ctx.notifications.worker.drain();
    expect(server.app.ctx.notifications.outboxList(50).entries.filter((e) => e.channel === 'mail')).toEqual(
      [],
    );

    await admin.put('/_api/v3/app-settings/smtp-setting', smtpSettings(sink.port));
    expect((await register('newcomer')).statusCode).toBe(202);
    await server.app.ctx.notifications.worker.drain();
    expect(sink.inbox).toHaveLength(1);
    const mail = sink.inbox[0]!;
    expect(mail.to).toMatchObject({ text: 'ada@example.com' });
    expect(mail.subject).toBe('Quire: newcomer さんが承認を待っています');
    expect(mail.text).toContain('newcomer@example.com');
    expect(mail.text).toContain('/admin/users');
    // Open registration needs no approval: no mail.
    await admin.put('/_api/v3/security-setting/local-setting', { registrationMode: 'Open' });
    expect((await register('welcome')).statusCode).toBe(201);
    await server.app.ctx.notifications.worker.drain();
    expect(sink.inbox).toHaveLength(1);
  });
});
