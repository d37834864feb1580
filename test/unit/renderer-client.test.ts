// The web app's API client: CSRF token on unsafe calls, a fresh token after the session changes,
// one retry on invalid_csrf, and v3 errors as ApiError.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, NETWORK_ERROR, resetCsrfToken } from '../../src/renderer/src/api/client';

interface Call {
  method: string;
  url: string;
  token: string | null;
}

let calls: Call[];
let replies: ((call: Call) => Response)[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let tokenCounter = 0;
const tokenReply = () => json(200, { token: `t${++tokenCounter}` });

beforeEach(() => {
  calls = [];
  replies = [];
  tokenCounter = 0;
  resetCsrfToken();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call = { method: init.method ?? 'GET', url, token: headers['x-csrf-token'] ?? null };
    calls.push(call);
    if (url === '/_api/v3/csrf-token') return tokenReply();
    const reply = replies.shift();
    if (!reply) throw new Error(`unexpected ${call.method} ${url}`);
    return reply(call);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends no token on GET and one cached token on unsafe calls', async () => {
    replies.push(
      () => json(200, { ok: 1 }),
      () => json(200, {}),
      () => json(200, {}),
    );
    await api.get('/_api/v3/page?path=/');
    await api.post('/_api/v3/page', { path: '/a', body: '' });
    await api.put('/_api/v3/page', {});
    expect(calls.map((c) => [c.method, c.url, c.token])).toEqual([
      ['GET', '/_api/v3/page?path=/', null],
      ['GET', '/_api/v3/csrf-token', null],
      ['POST', '/_api/v3/page', 't1'],
      ['PUT', '/_api/v3/page', 't1'],
    ]);
  });

  it('fetches a new token after the session changed', async () => {
    replies.push(
      () => json(200, {}),
      () => json(200, {}),
    );
    await api.post('/_api/v3/login', {});
    resetCsrfToken();
    await api.post('/_api/v3/page', {});
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.token)).toEqual(['t1', 't2']);
  });

  it('retries exactly once with a fresh token on invalid_csrf', async () => {
    const invalid = () => json(403, { errors: [{ code: 'invalid_csrf', message: 'bad token' }] });
    replies.push(invalid, () => json(201, { page: 1 }));
    await expect(api.post('/_api/v3/page', {})).resolves.toEqual({ page: 1 });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.token)).toEqual(['t1', 't2']);

    replies.push(invalid, invalid);
    await expect(api.post('/_api/v3/page', {})).rejects.toMatchObject({ status: 403, code: 'invalid_csrf' });
  });

  it('turns v3 errors into ApiError with every message', async () => {
    replies.push(() =>
      json(409, {
        errors: [{ code: 'conflict', message: "Couldn't save", args: { latestRevisionId: 'r2' } }],
      }),
    );
    const err = await api.put('/_api/v3/page', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'conflict', message: "Couldn't save" });
    expect((err as ApiError).errors[0]?.args).toEqual({ latestRevisionId: 'r2' });
  });

  it('reports unreachable servers and non-JSON replies as network errors', async () => {
    replies.push(() => new Response('<html>', { status: 502 }));
    await expect(api.get('/_api/v3/app-config')).rejects.toMatchObject({ status: 502, code: NETWORK_ERROR });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/_api/v3/app-config')).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
  });
});
