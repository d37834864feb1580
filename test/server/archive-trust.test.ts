// Issue 27, items 4 and 5: an archive is data, not a remote control. Settings that belong to this
// machine (Share on LAN, its address, HTTPS, discovery name, storage) and switches the admin turns
// on here are never imported, and the report says which and why; the importing admin's own account
// is never changed; and before users are imported the admin can see what they would do.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importZip, uploadZip } from '../helpers/archive-flow';
import { growiZip } from '../helpers/archive';
import {
  signInTeam,
  startTestServer,
  USER_PASSWORD,
  signIn,
  type Agent,
  type TestServer,
} from '../helpers/server';
import type { PeoplePreview, ZipFileStat } from '../../src/shared/archive-types';

const SEED = 'seed';
const T = '2024-01-02T03:04:05.000Z';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const META = { version: '7.1.0', url: 'https://old.example', passwordSeed: SEED, exportedAt: T, envVars: {} };

let server: TestServer;
let admin: Agent;

beforeEach(async () => {
  server = await startTestServer();
  ({ admin } = await signInTeam(server.app, ['bob']));
});
afterEach(async () => {
  await server.cleanup();
});

const config = (id: number, key: string, value: unknown) => ({
  _id: `65a0000000000000000000${String(id).padStart(2, '0')}`,
  key,
  value: JSON.stringify(value),
});

function userDoc(id: string, username: string, password: string, isAdmin: boolean) {
  return {
    _id: id,
    username,
    name: username.toUpperCase(),
    email: `${username}@archive.example`,
    password: sha(SEED + password),
    admin: isAdmin,
    status: 2,
    lang: 'en_US',
    createdAt: T,
    updatedAt: T,
  };
}

describe('settings from an archive', () => {
  it('never turns on Share on LAN or replaces what belongs to this machine, and says so', async () => {
    const zip = await growiZip(META, {
      configs: [
        config(1, 'app:title', 'Imported wiki'),
        config(2, 'app:shareOnLan', true),
        config(3, 'app:mdnsHostname', 'evil-wiki'),
        config(4, 'app:lanHttps', 'self-signed'),
        config(5, 'app:siteUrl', 'http://attacker.example'),
        config(6, 'app:fileUploadType', 'aws'),
        config(7, 'customize:isScriptEnabled', true),
        config(8, 'customize:script', 'console.log(1)'),
      ],
    });
    const outcome = await importZip(server, admin, zip, ['configs']);
    expect(outcome.ok, outcome.message ?? '').toBe(true);
    const settings = server.app.ctx.settings;
    expect(settings.get('app:title')).toBe('Imported wiki');
    expect(settings.get('customize:script')).toBe('console.log(1)');
    expect(settings.get('app:shareOnLan')).toBe(false);
    expect(settings.get('app:mdnsHostname')).toBe('');
    expect(settings.get('app:lanHttps')).toBe('off');
    expect(settings.get('app:siteUrl')).toBe('');
    expect(settings.get('app:fileUploadType')).toBe('local');
    expect(settings.get('customize:isScriptEnabled')).toBe(false);
    const sharing = (await admin.get('/_api/v3/sharing')).json<{ sharing: { shared: boolean } }>();
    expect(sharing.sharing.shared).toBe(false);

    const report = outcome.results.find((r) => r.collectionName === 'configs');
    expect(report).toMatchObject({ insertedCount: 2, failedCount: 6 });
    expect(report?.errors).toEqual(
      expect.arrayContaining([
        { id: 'app:shareOnLan', code: 'machine_setting', message: 'belongs to this machine: not imported' },
        expect.objectContaining({ id: 'app:mdnsHostname', code: 'machine_setting' }),
        expect.objectContaining({ id: 'app:lanHttps', code: 'machine_setting' }),
        expect.objectContaining({ id: 'app:siteUrl', code: 'machine_setting' }),
        expect.objectContaining({ id: 'app:fileUploadType', code: 'machine_setting' }),
        expect.objectContaining({ id: 'customize:isScriptEnabled', code: 'confirmed_setting' }),
      ]),
    );
  });
});

describe('people from an archive', () => {
  const adminId = () => server.app.ctx.users.findByUsername('admin')?.id ?? '';
  const bobId = () => server.app.ctx.users.findByUsername('bob')?.id ?? '';

  async function peopleZip() {
    return growiZip(META, {
      users: [
        // The importing admin's own account, with another password and without admin rights.
        { ...userDoc(adminId(), 'admin', 'taken-over', false), email: 'admin-new@archive.example' },
        // Bob's account (same id), made an administrator with a password the archive knows.
        { ...userDoc(bobId(), 'bob', 'archive-pass', true), email: 'bob@example.com' },
        userDoc('65a000000000000000000101', 'newadmin', 'x-pass', true),
        userDoc('65a000000000000000000102', 'newuser', 'y-pass', false),
      ],
      externalaccounts: [
        {
          _id: '65a000000000000000000201',
          providerType: 'ldap',
          accountId: 'mallory',
          user: adminId(),
          createdAt: T,
        },
      ],
    });
  }

  it('shows what users would do before anything is written, for admins only', async () => {
    const uploaded = await uploadZip(admin, await peopleZip());
    const { fileName } = uploaded.json<ZipFileStat>();
    const ask = (agent: Agent, mode: string) =>
      agent.get(`/_api/v3/import/people-preview?fileName=${encodeURIComponent(fileName)}&mode=${mode}`);
    const upsert = await ask(admin, 'upsert');
    expect(upsert.statusCode, upsert.body).toBe(200);
    expect(upsert.json<{ preview: PeoplePreview }>().preview).toEqual({
      created: 2,
      changed: 1,
      becomeAdmins: 2,
      linked: 0,
      skipped: 0,
      ownAccount: 1,
    });
    const insert = (await ask(admin, 'insert')).json<{ preview: PeoplePreview }>().preview;
    expect(insert).toMatchObject({ created: 2, changed: 0, becomeAdmins: 1, skipped: 1 });
    // Nothing was written by asking.
    expect(server.app.ctx.users.findByUsername('newadmin')).toBeUndefined();
    expect(server.app.ctx.users.findById(bobId())?.admin).toBe(false);
    expect((await ask(admin, 'flushAndInsert')).statusCode).toBe(400);
    const missing = await admin.get('/_api/v3/import/people-preview?fileName=nope.zip&mode=upsert');
    expect(missing.statusCode).toBe(404);
    const bob = await signIn(server.app, 'bob');
    expect((await ask(bob, 'upsert')).statusCode).toBe(403);
  });

  it("never changes the importing admin's own account, nor adds a way into it", async () => {
    const outcome = await importZip(
      server,
      admin,
      await peopleZip(),
      ['users', 'externalaccounts'],
      [
        { collectionName: 'users', mode: 'upsert' },
        { collectionName: 'externalaccounts', mode: 'flushAndInsert' },
      ],
    );
    expect(outcome.ok, outcome.message ?? '').toBe(true);
    const me = server.app.ctx.users.findById(adminId());
    expect(me).toMatchObject({ admin: true, email: 'ada@example.com' });
    // The admin still signs in with their own password, not the archive's.
    expect(await server.app.ctx.users.authenticate('admin', 'taken-over')).toBeNull();
    const users = outcome.results.find((r) => r.collectionName === 'users');
    expect(users?.errors).toContainEqual(expect.objectContaining({ id: adminId(), code: 'own_account' }));
    expect(server.app.ctx.db.$client.prepare('SELECT count(*) AS n FROM external_accounts').get()).toEqual({
      n: 0,
    });
    const accounts = outcome.results.find((r) => r.collectionName === 'externalaccounts');
    expect(accounts?.errors).toContainEqual(expect.objectContaining({ code: 'own_account' }));
    // What an upsert is for: Bob's account as the archive has it (the admin confirmed that).
    expect(server.app.ctx.users.findById(bobId())?.admin).toBe(true);
    expect(await server.app.ctx.users.authenticate('bob', USER_PASSWORD)).toBeNull();
  });
});
