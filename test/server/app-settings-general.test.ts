// The general app settings (issue 15): site name and confidential label reach every browser at
// once, the default language is used when neither account nor browser names one, new users follow
// the e-mail disclosure default; admins only; bad values change nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, signInTeam, startTestServer, type TestServer } from '../helpers/server';
import type { AppConfigResponse } from '../../src/shared/api-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;

beforeEach(async () => {
  server = await startTestServer();
  ({ admin, bob } = await signInTeam(server.app, ['bob']));
});
afterEach(async () => {
  await server.cleanup();
});

const settings = (extra: object = {}) => ({
  title: 'Team Wiki',
  confidential: 'Internal use only',
  globalLang: 'ja_JP',
  isEmailPublishedForNewUser: false,
  ...extra,
});

describe('general app settings', () => {
  it('apply at once: titles, banner, default language, e-mail disclosure', async () => {
    const res = await admin.put('/_api/v3/app-settings/app-setting', settings());
    expect(res.statusCode, res.body).toBe(200);
    const guest = new Agent(server.app);
    const config = (await guest.get('/_api/v3/app-config')).json<AppConfigResponse>();
    expect(config).toMatchObject({
      title: 'Team Wiki',
      confidential: 'Internal use only',
      globalLang: 'ja_JP',
    });
    // No browser language Quire has: the default language answers.
    const refused = await server.app.inject({
      method: 'GET',
      url: '/_api/v3/admin-home/',
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(refused.json().errors[0].message).toBe('続けるにはログインまたは新規登録してください。');
    const carol = await createUser(server.app, 'carol');
    expect(carol.isEmailPublished).toBe(false);

    expect((await bob.get('/_api/v3/app-settings/app-setting')).statusCode).toBe(403);
    expect((await bob.put('/_api/v3/app-settings/app-setting', settings())).statusCode).toBe(403);
    expect((await guest.put('/_api/v3/app-settings/app-setting', settings())).statusCode).toBe(401);
  });

  it('refuses an empty name or an unknown language, and changes nothing', async () => {
    for (const bad of [
      { title: '' },
      { title: '   ' },
      { globalLang: 'fr_FR' },
      { confidential: 'x'.repeat(101) },
    ]) {
      expect(
        (await admin.put('/_api/v3/app-settings/app-setting', settings(bad))).statusCode,
        JSON.stringify(bad),
      ).toBe(400);
    }
    expect(server.app.ctx.settings.get('app:title')).toBe('Quire');
    expect(server.app.ctx.settings.get('app:globalLang')).toBe('en_US');
  });
});
