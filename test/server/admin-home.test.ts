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
