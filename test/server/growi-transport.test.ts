// Issue 28: GROWI's SDK (and the MCP server built on it) sends its token in X-GROWI-ACCESS-TOKEN
// and its writes without a body as an empty `application/x-www-form-urlencoded` one; both work
// as JSON and Bearer do. A form body still needs the CSRF token when a browser session sends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInTeam, startTestServer, type Agent, type TestServer } from '../helpers/server';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe("GROWI's SDK transport", () => {
  let server: TestServer;
  let bob: Agent;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    ({ bob } = await signInTeam(server.app, ['bob']));
    token = (await bob.put('/_api/v3/personal-setting/api-token')).json().userData.apiToken as string;
  });
  afterAll(async () => {
    await server.cleanup();
  });

  it('takes a bodiless write sent as an empty form, with the token in X-GROWI-ACCESS-TOKEN', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: '/_api/v3/in-app-notification/all-statuses-open',
      headers: { ...FORM, 'x-growi-access-token': token },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('reads a form body as fields', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/_api/v3/page',
      headers: { ...FORM, 'x-growi-access-token': token },
      payload: new URLSearchParams({ path: '/From a form', body: 'typed' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().page.path).toBe('/From a form');
  });

  it('refuses a number too large to be one (Infinity) instead of failing on it', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/_api/tags.list?offset=1e999',
      headers: { ...FORM, 'x-growi-access-token': token },
      payload: '0',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe('The syntax of offset is invalid.');
  });

  it('refuses a wrong token in X-GROWI-ACCESS-TOKEN with 401', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/_api/v3/personal-setting',
      headers: { 'x-growi-access-token': 'not-a-token' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('still wants the CSRF token for a form a browser session sends', async () => {
    const cookie = bob.cookie;
    const res = await server.app.inject({
      method: 'PUT',
      url: '/_api/v3/in-app-notification/all-statuses-open',
      headers: { ...FORM, cookie },
      payload: '',
    });
    expect(res.statusCode).toBe(403);
  });
});
