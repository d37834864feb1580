// The admin home's system information (SPEC §2): versions, data folder, sizes, counts, search index
// state and Quire's environment variables with secrets masked — for administrators only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';
import { describeEnv } from '../../src/server/modules/admin-home/service';
import pkg from '../../package.json';

let server: TestServer;
let admin: Agent;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
});
afterEach(async () => {
  await server.cleanup();
});

describe('GET /_api/v3/admin-home/', () => {
  it('tells an administrator about this installation', async () => {
    await admin.post('/_api/v3/page', { path: '/Docs/A', body: 'a' });
    await createUser(server.app, 'bob');
    const res = await admin.get('/_api/v3/admin-home/');
    expect(res.statusCode, res.body).toBe(200);
    const params = res.json().adminHomeParams;
    expect(params).toMatchObject({
      quireVersion: pkg.version,
      nodeVersion: process.versions.node,
      electronVersion: null,
      sqliteVersion: expect.stringMatching(/^3\.\d+\.\d+$/),
      dataDir: server.app.ctx.config.dataDir,
      attachmentsSize: 0,
      userCount: 2,
      searchIndex: { connection: expect.any(String), indexStatus: expect.any(String) },
    });
    // The installer's top page and /Docs/A; the placeholder /Docs is not a page.
    expect(params.pageCount).toBe(2);
    expect(params.databaseSize).toBeGreaterThan(0);
  });

  it('is refused to guests and to users who are not administrators', async () => {
    expect((await new Agent(server.app).get('/_api/v3/admin-home/')).statusCode).toBe(401);
    await createUser(server.app, 'bob');
    const bob = await signIn(server.app, 'bob');
    const res = await bob.get('/_api/v3/admin-home/');
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('admin_only');
  });
});

describe('environment variables on the admin home', () => {
  it("list Quire's variables that are set and mask secrets", () => {
    expect(
      describeEnv({
        QUIRE_PORT: '3000',
        QUIRE_SMTP_PASSWORD: 'hunter2',
        QUIRE_SESSION_SECRET: 's3cret',
        QUIRE_S3_ACCESS_KEY_ID: 'AKIA',
        HOME: '/root',
        PATH: '/usr/bin',
      }),
    ).toEqual({
      QUIRE_PORT: '3000',
      QUIRE_S3_ACCESS_KEY_ID: '***',
      QUIRE_SESSION_SECRET: '***',
      QUIRE_SMTP_PASSWORD: '***',
    });
  });
});

describe('the disk on the admin home (issue 26)', () => {
  it("shows the data folder's size, the free space and the thresholds, which admins change", async () => {
    const params = (await admin.get('/_api/v3/admin-home/')).json().adminHomeParams;
    expect(params.dataFolderSize).toBeGreaterThan(params.databaseSize - 1);
    expect(params.disk).toMatchObject({ condition: expect.stringMatching(/^(ok|low|full)$/) });
    expect(params.disk.freeBytes).toBeGreaterThan(0);
    expect(params.diskSettings).toEqual({ diskWarnMb: 500, diskWarnPercent: 5, diskFloorMb: 100 });
    const saved = await admin.put('/_api/v3/admin-home/disk-settings', {
      diskWarnMb: 2000,
      diskWarnPercent: 0,
      diskFloorMb: 50,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().adminHomeParams.diskSettings).toEqual({
      diskWarnMb: 2000,
      diskWarnPercent: 0,
      diskFloorMb: 50,
    });
    const bad = await admin.put('/_api/v3/admin-home/disk-settings', {
      diskWarnMb: -1,
      diskWarnPercent: 5,
      diskFloorMb: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(server.app.ctx.settings.get('app:diskWarnMb')).toBe(2000);
    await createUser(server.app, 'bob');
    const bob = await signIn(server.app, 'bob');
    const refused = await bob.put('/_api/v3/admin-home/disk-settings', {
      diskWarnMb: 1,
      diskWarnPercent: 1,
      diskFloorMb: 1,
    });
    expect(refused.statusCode).toBe(403);
    const guest = await new Agent(server.app).put('/_api/v3/admin-home/disk-settings', {
      diskWarnMb: 1,
      diskWarnPercent: 1,
      diskFloorMb: 1,
    });
    expect(guest.statusCode).toBe(401);
    // Administrators get the disk in the app configuration (the banner); others do not.
    expect((await admin.get('/_api/v3/app-config')).json().disk).toBeDefined();
    expect((await bob.get('/_api/v3/app-config')).json().disk).toBeUndefined();
  });
});

describe("GROWI's GET /_api/v3/app-settings", () => {
  it('gives administrators every part of the app settings at once, secrets masked', async () => {
    await admin.put('/_api/v3/app-settings/smtp-setting', {
      fromAddress: 'wiki@example.test',
      smtpHost: '127.0.0.1',
      smtpPort: '2525',
      smtpUser: 'mailer',
      smtpPassword: 'hunter2-secret',
    });
    const res = await admin.get('/_api/v3/app-settings');
    expect(res.statusCode, res.body).toBe(200);
    const params = res.json().appSettingsParams;
    expect(params).toMatchObject({
      title: expect.any(String),
      globalLang: 'en_US',
      isEmailPublishedForNewUser: true,
      siteUrl: expect.any(String),
      fromAddress: 'wiki@example.test',
      smtpHost: '127.0.0.1',
      fileUploadType: expect.any(String),
    });
    expect(res.body).not.toContain('hunter2-secret');
  });

  it('is refused to guests and to users who are not administrators', async () => {
    await createUser(server.app, 'bob');
    expect((await (await signIn(server.app, 'bob')).get('/_api/v3/app-settings')).statusCode).toBe(403);
    expect((await new Agent(server.app).get('/_api/v3/app-settings')).statusCode).toBe(401);
  });
});
