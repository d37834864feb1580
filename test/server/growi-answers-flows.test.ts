// Issue 28: the GROWI operations growi-answers.test.ts cannot call with one admin on one server —
// those that start or end a session (sign-in, sign-out, the installer, an accepted invitation),
// send mail (to a real SMTP server here), reach a directory (slapd), take uploads, or run archive
// jobs — called as GROWI's clients call them, each answer checked against GROWI's own schema.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAll, IN_SCOPE, type Call } from '../helpers/growi-answers';
import { exportZip, uploadZip } from '../helpers/archive-flow';
import { multipartBody, PNG_1PX, uploadAs } from '../helpers/multipart';
import { ADMIN, Agent, signIn, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import { LDAP_MANAGER, startSlapd, type Slapd } from '../helpers/slapd';
import { smtpSettings, startSink, type Sink } from '../helpers/smtp-sink';
import { folderEntries, zipOf } from '../helpers/zip';
import { HIGHLIGHT_STYLES } from '../../src/shared/customize-types';

interface Fixtures {
  pageId: string;
  pluginZipUrl: string;
  pluginId: string;
  exportFileName: string;
  archive: Buffer;
  uploadedArchive: string;
  notificationId: string;
  resetToken: string;
  resetUserId: string;
  newPassword: string;
  invitedId: string;
  invited: Agent;
  leaving: Agent;
  freshServer: TestServer;
  externalAccountId: string;
}

const v3 = (url: string) => `/_api/v3${url}`;
const PAGE = '/Flows';

const CALLS: Record<string, Call<Fixtures>> = {
  'v3 POST /plugins': (f) => ({
    url: v3('/plugins'),
    body: { pluginInstallerForm: { url: f.pluginZipUrl } },
  }),
  'v3 PUT /plugins/{id}/activate': (f) => ({ url: v3(`/plugins/${f.pluginId}/activate`) }),
  'v3 DELETE /plugins/{id}/remove': (f) => ({ url: v3(`/plugins/${f.pluginId}/remove`) }),
  'v3 POST /app-settings/smtp-test': () => ({ url: v3('/app-settings/smtp-test') }),
  'v3 POST /attachment': async (f) => ({
    sent: await uploadAs(admin, f.pageId, { name: 'c.png', type: 'image/png', bytes: PNG_1PX }),
  }),
  'v3 PUT /customize-setting/function': () => ({
    url: v3('/customize-setting/function'),
    body: {
      isEnabledTimeline: true,
      isEnabledAttachTitleHeader: false,
      pageLimitationS: 20,
      pageLimitationM: 10,
      pageLimitationL: 50,
      pageLimitationXL: 20,
      isEnabledStaleNotification: false,
      isAllReplyShown: false,
      isSearchScopeChildrenAsDefault: false,
      showPageSideAuthors: true,
    },
  }),
  'v3 PUT /customize-setting/highlight': () => ({
    url: v3('/customize-setting/highlight'),
    body: { highlightJsStyle: HIGHLIGHT_STYLES[0], highlightJsStyleBorder: false },
  }),
  'v3 PUT /customize-setting/customizeTitle': () => ({
    url: v3('/customize-setting/customize-title'),
    body: { customizeTitle: '{{pagename}} - {{sitename}}' },
  }),
  'v3 PUT /customize-setting/customize-css': () => ({
    url: v3('/customize-setting/customize-css'),
    body: { customizeCss: '.wiki { color: #333; }' },
  }),
  'v3 PUT /customize-setting/customize-script': () => ({
    url: v3('/customize-setting/customize-script'),
    body: { customizeScript: '' },
  }),
  'v3 POST /export': () => ({ url: v3('/export'), body: { collections: ['pages'] } }),
  'v3 DELETE /export/{fileName}': (f) => ({ url: v3(`/export/${encodeURIComponent(f.exportFileName)}`) }),
  'v3 POST /forgot-password': () => ({
    url: v3('/forgot-password'),
    body: { email: 'cleo@example.com' },
    as: new Agent(server.app),
  }),
  'v3 PUT /forgot-password': (f) => ({
    url: v3('/forgot-password'),
    body: { token: f.resetToken, newPassword: 'brand-new-1', newPasswordConfirm: 'brand-new-1' },
    as: new Agent(server.app),
  }),
  'v3 POST /import': (f) => ({
    url: v3('/import'),
    body: {
      fileName: f.uploadedArchive,
      collections: ['pages', 'revisions'],
      options: [
        { collectionName: 'pages', mode: 'upsert' },
        { collectionName: 'revisions', mode: 'upsert' },
      ],
    },
  }),
  'v3 POST /import/upload': async (f) => {
    // The import started just before must end before another archive is taken.
    await server.app.ctx.archiveImport.whenIdle();
    return { sent: await uploadZip(admin, f.archive, 'again.growi.zip') };
  },
  'v3 DELETE /import/all': () => ({ url: v3('/import/all') }),
  'v3 POST /in-app-notification/open': (f) => ({
    url: v3('/in-app-notification/open'),
    body: { id: f.notificationId },
  }),
  'v3 POST /installer': (f) => ({
    url: v3('/installer'),
    body: {
      registerForm: {
        name: 'First',
        username: 'first',
        email: 'first@example.com',
        password: 'first-pass-1',
        'app:globalLang': 'en_US',
      },
    },
    as: new Agent(f.freshServer.app),
  }),
  'v3 POST /invited': (f) => ({
    url: v3('/invited'),
    body: { invitedForm: { username: 'joiner', name: 'Joiner', password: 'joiner-pass' } },
    as: f.invited,
  }),
  'v3 POST /logout': (f) => ({ url: v3('/logout'), as: f.leaving }),
  'v3 PUT /personal-setting/associate-ldap': () => ({
    url: v3('/personal-setting/associate-ldap'),
    body: { username: 'bob', password: 'bob-pass' },
  }),
  'v3 PUT /personal-setting/disassociate-ldap': () => ({
    url: v3('/personal-setting/disassociate-ldap'),
    body: { providerType: 'ldap', accountId: 'bob' },
  }),
  'v3 DELETE /users/external-accounts/{id}/remove': (f) => ({
    url: v3(`/users/external-accounts/${f.externalAccountId}/remove`),
  }),
  'v3 PUT /users/reset-password-email': (f) => ({
    url: v3('/users/reset-password-email'),
    body: { id: f.resetUserId, newPassword: f.newPassword },
  }),
  'v3 PUT /users/send-invitation-email': (f) => ({
    url: v3('/users/send-invitation-email'),
    body: { id: f.invitedId },
  }),
  'v3 POST /login': () => ({
    url: v3('/login'),
    body: { loginForm: { username: 'cleo', password: 'secret1' } },
    as: new Agent(server.app),
  }),
  'v1 POST /attachments.uploadProfileImage': async () => {
    const { body, contentType } = await multipartBody(
      {},
      { name: 'me.png', type: 'image/png', bytes: PNG_1PX },
    );
    return {
      sent: await admin.post('/_api/attachments.uploadProfileImage', body, { 'content-type': contentType }),
    };
  },
};

let server: TestServer;
let admin: Agent;
let slapd: Slapd;
let sink: Sink;
let pluginServer: http.Server;
let fixtures: Fixtures;
const problems = new Map<string, string[]>();

/** Two example plugins as GitHub would zip them, served on this machine; their addresses. */
async function servePlugins(): Promise<[string, string]> {
  const examples = path.resolve(import.meta.dirname, '../../examples/plugins');
  const names = ['sepia-theme', 'meeting-notes-template'];
  const zips = await Promise.all(
    names.map((name) => zipOf(folderEntries(path.join(examples, name), `${name}-main/`))),
  );
  pluginServer = http.createServer((req, res) => res.end(zips[req.url === '/0.zip' ? 0 : 1]));
  await new Promise<void>((resolve) => pluginServer.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(pluginServer.address() as AddressInfo).port}`;
  return [`${base}/0.zip`, `${base}/1.zip`];
}

beforeAll(async () => {
  [slapd, sink] = await Promise.all([startSlapd(), startSink()]);
  server = await startTestServer();
  // Not the directory's names (alice, bob, carol): bob's directory account is the admin's to link.
  const team = await signInTeam(server.app, ['ben', 'cleo', 'dora']);
  admin = team.admin;
  const { ctx } = server.app;
  await admin.put(v3('/app-settings/smtp-setting'), smtpSettings(sink.port));
  await admin.put(v3('/security-setting/ldap'), {
    serverUrl: slapd.serverUrl,
    ldapBindDN: LDAP_MANAGER.dn,
    ldapBindDNPassword: LDAP_MANAGER.password,
  });
  await admin.put(v3('/security-setting/authentication/enabled'), { isEnabled: true, authId: 'ldap' });

  const page = (await admin.post(v3('/page'), { path: PAGE, body: 'flows' })).json().page;
  // A notification for the admin: ben comments on a page the admin follows.
  await admin.put(v3('/page/subscribe'), { pageId: page._id, status: 'SUBSCRIBE' });
  await team.ben.post('/_api/comments.add', {
    commentForm: { page_id: page._id, revision_id: page.revision._id, comment: 'hello' },
  });
  await ctx.notifications.worker.drain();
  const notificationId = (await admin.get(v3('/in-app-notification/list?limit=1'))).json().docs[0]._id;

  // One plugin installed to activate and remove; the table installs the other.
  const [pluginZipUrl, installedUrl] = await servePlugins();
  const plugin = await admin.post(v3('/plugins'), { pluginInstallerForm: { url: installedUrl } });
  const pluginId = plugin.json().plugin._id;

  const archive = await exportZip(server, admin, ['pages', 'revisions']);
  const exportFileName = (await admin.get(v3('/export/status'))).json().status.zipFileStats[0].fileName;
  const uploadedArchive = (await uploadZip(admin, archive)).json().fileName;

  // A password reset link mailed to dora; an admin's reset of ben's password, to mail.
  await new Agent(server.app).post(v3('/forgot-password'), { email: 'dora@example.com' });
  await ctx.passwordReset.whenIdle();
  await ctx.notifications.worker.drain();
  const resetMail = sink.inbox.find((mail) => mail.to && JSON.stringify(mail.to).includes('dora@'));
  const resetToken = /\/forgot-password\/([A-Za-z0-9_-]+)/.exec(resetMail?.text ?? '')?.[1] ?? '';
  const resetUserId = ctx.users.findByUsername('ben')!.id;
  const { newPassword } = (await admin.put(v3('/users/reset-password'), { id: resetUserId })).json();

  // Two invitations: one accepted in the table, one whose mail is sent again.
  const invite = async (email: string) =>
    (await admin.post(v3('/users/invite'), { shapedEmailList: [email] })).json().createdUserList[0];
  const joiner = await invite('joiner@example.com');
  const invited = new Agent(server.app);
  await invited.post(v3('/login'), { loginForm: { username: joiner.email, password: joiner.password } });
  const late = await invite('late@example.com');

  // alice signs in through the directory: her external account is the one the admin removes.
  await new Agent(server.app).post(v3('/login'), {
    loginForm: { username: 'alice', password: 'alice-pass' },
  });
  const externalAccountId = (await admin.get(v3('/users/external-accounts'))).json().paginateResult.docs[0]
    ._id;

  fixtures = {
    pageId: page._id,
    pluginZipUrl,
    pluginId,
    exportFileName,
    archive,
    uploadedArchive,
    notificationId,
    resetToken,
    resetUserId,
    newPassword,
    invitedId: late.user._id,
    invited,
    leaving: await signIn(server.app, 'cleo'),
    freshServer: await startTestServer(),
    externalAccountId,
  };
  for (const [id, found] of await callAll(CALLS, fixtures, admin)) problems.set(id, found);
  await Promise.all([ctx.archiveExport.whenIdle(), ctx.archiveImport.whenIdle()]);
}, 120_000);

afterAll(async () => {
  await fixtures?.freshServer.cleanup();
  await server?.cleanup();
  await Promise.all([slapd?.stop(), sink?.close()]);
  await new Promise((resolve) => pluginServer?.close(resolve));
});

describe("GROWI's operations around sessions, mail, the directory, uploads and archive jobs", () => {
  it('are in-scope operations, the 28 the other table does not call', () => {
    expect(Object.keys(CALLS).filter((id) => !IN_SCOPE.has(id))).toEqual([]);
    expect(Object.keys(CALLS)).toHaveLength(28);
  });

  it('each answers 2xx in GROWI’s shape', () => {
    expect(Object.fromEntries(problems)).toEqual({});
  });

  it('did what they say: the mails went, the session ended, the newcomer is in', async () => {
    await server.app.ctx.notifications.worker.drain();
    const to = sink.inbox.map((mail) => JSON.stringify(mail.to));
    expect(to.some((line) => line.includes(ADMIN.email))).toBe(true); // the SMTP test
    expect(to.some((line) => line.includes('late@example.com'))).toBe(true);
    expect((await fixtures.leaving.get(v3('/personal-setting'))).statusCode).toBe(401);
    expect(server.app.ctx.users.findByUsername('joiner')?.status).toBe(2);
    expect(fixtures.freshServer.app.ctx.users.findByUsername('first')?.admin).toBe(true);
  });
});
