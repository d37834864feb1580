// Fuzzed inputs (issue 17): every route of the server, driven by fast-check with random path
// parameters, query strings, bodies (JSON, text, broken multipart), headers and callers (a guest,
// a user, an administrator). Every answer is 2xx/3xx/4xx, a 4xx is JSON, nothing crashes, and what
// only an administrator may change (settings, other accounts, groups, plugins) is unchanged by the
// guest's and the user's requests. The seed is fixed so CI is repeatable; FUZZ_SEED and FUZZ_RUNS
// explore further.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, signInTeam, startTestServer, type Agent, type TestServer } from '../helpers/server';
import { routeTable, type RouteEntry } from '../helpers/route-table';
import type { Page } from '../../src/shared/api-types';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);

/** Routes whose effect would end the run rather than test it: a restart, or signing the caller out. */
const SKIPPED = new Set(['POST /_api/v3/backups/:name/restore', 'POST /_api/v3/backups/restore-upload']);
const SIGNS_OUT = /\/logout$/;

let server: TestServer;
let agents: Record<'admin' | 'bob', Agent>;
let routes: RouteEntry[];
let known: { pageId: string; groupId: string };

beforeAll(async () => {
  // A stand-in for the built web app, so unknown addresses get its page as in production.
  const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-fuzz-web-'));
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Quire</title>');
  server = await startTestServer({ rendererDir });
  const team = await signInTeam(server.app, ['bob', 'carol']);
  agents = { admin: team.admin, bob: team.bob };
  const page = (await team.bob.post('/_api/v3/page', { path: '/Fuzz/Home', body: 'hello' })).json<{
    page: Page;
  }>().page;
  known = { pageId: page._id, groupId: await createGroup(team.admin, 'fuzzers', ['bob']) };
  routes = routeTable(server.app).filter(
    (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !SKIPPED.has(`${r.method} ${r.url}`),
  );
}, 60_000);
afterAll(async () => {
  await server.cleanup();
});

/** What only an administrator may change, as one fingerprint. */
function adminState(): string {
  const db = server.app.ctx.db.$client;
  const rows = [
    db.prepare('SELECT * FROM settings ORDER BY key').all(),
    db
      .prepare(
        `SELECT id, username, email, name, admin, status, read_only, password_hash, api_token_hash FROM users
          WHERE username <> 'bob' ORDER BY id`,
      )
      .all(),
    db.prepare("SELECT admin, status, read_only FROM users WHERE username = 'bob'").all(),
    db.prepare('SELECT * FROM user_groups ORDER BY id').all(),
    db.prepare('SELECT * FROM user_group_relations ORDER BY 1, 2').all(),
    db.prepare('SELECT * FROM plugins ORDER BY id').all(),
  ];
  return crypto.createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

const hostile = fc.constantFrom(
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%E0%A4%A',
  'a'.repeat(3000),
  '%F0%9F%99%82',
  '__proto__',
  'constructor',
  '-1',
  '1e999',
  'null',
  '%20',
);
const hexId = fc.stringMatching(/^[0-9a-f]{24}$/);
const paramValue = fc.oneof(
  fc.constant('KNOWN_PAGE'),
  fc.constant('KNOWN_GROUP'),
  hexId,
  hostile,
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
);
const queryString = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('path', 'pageId', 'q', 'limit', 'offset', 'id', 'options[depth]'),
      ),
      fc.oneof(fc.string({ maxLength: 60 }), hostile, fc.integer().map(String)),
      { maxKeys: 4 },
    )
    .map((d) => `?${new URLSearchParams(d).toString()}`),
  hostile.map((h) => `?${h}=${h}&${h}`),
);

type Body = { payload?: string | Buffer; contentType?: string };
const multipart = fc
  .record({
    fields: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 40 }), { maxKeys: 3 }),
    file: fc.option(
      fc.record({ name: fc.string({ maxLength: 30 }), bytes: fc.uint8Array({ maxLength: 300 }) }),
    ),
    broken: fc.boolean(),
  })
  .map(({ fields, file, broken }): Body => {
    const boundary = 'fuzzboundary';
    const parts = Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
    let text = parts.join('');
    if (file)
      text += `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: application/zip\r\n\r\n${Buffer.from(file.bytes).toString('latin1')}\r\n`;
    if (!broken) text += `--${boundary}--\r\n`;
    return { payload: Buffer.from(text, 'latin1'), contentType: `multipart/form-data; boundary=${boundary}` };
  });
const body = fc.oneof(
  fc.constant<Body>({}),
  fc.jsonValue().map((v): Body => ({ payload: JSON.stringify(v), contentType: 'application/json' })),
  fc
    .dictionary(
      fc.constantFrom('path', 'body', 'pageId', 'revisionId', 'name', 'username', 'tags', 'grant', 'shared'),
      fc.jsonValue(),
      {
        maxKeys: 5,
      },
    )
    .map((v): Body => ({ payload: JSON.stringify(v), contentType: 'application/json' })),
  fc.string({ maxLength: 200 }).map((s): Body => ({ payload: s, contentType: 'application/json' })),
  fc.string({ maxLength: 200 }).map((s): Body => ({ payload: s, contentType: 'text/plain' })),
  fc
    .string({ maxLength: 200 })
    .map((s): Body => ({ payload: s, contentType: 'application/x-www-form-urlencoded' })),
  multipart,
);
const caller = fc.constantFrom('guest', 'bob', 'admin') as fc.Arbitrary<'guest' | 'bob' | 'admin'>;

async function send(
  route: RouteEntry,
  params: string[],
  query: string,
  b: Body,
  who: 'guest' | 'bob' | 'admin',
) {
  let index = 0;
  const url = route.url
    .replace(/:[A-Za-z_]+(\([^)]*\))?/g, () => {
      const value = params[index++ % Math.max(params.length, 1)] ?? 'x';
      return value === 'KNOWN_PAGE' ? known.pageId : value === 'KNOWN_GROUP' ? known.groupId : value;
    })
    .replace('*', params[0] ?? 'x');
  const headers: Record<string, string> = { 'accept-language': 'ja,en;q=0.5' };
  if (b.contentType) headers['content-type'] = b.contentType;
  if (who !== 'guest') {
    const agent = agents[who];
    headers.cookie = agent.cookie;
    if (route.method !== 'GET') headers['x-csrf-token'] = await agent.csrfToken();
  }
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: url + query,
    headers,
  };
  if (b.payload !== undefined && route.method !== 'GET' && route.method !== 'DELETE')
    options.payload = b.payload;
  return { url: url + query, res: await server.app.inject(options) };
}

describe('fuzzed requests to every route', () => {
  it('finds the routes to drive', () => {
    expect(routes.length).toBeGreaterThan(150);
    expect(routes).toContainEqual({ method: 'POST', url: '/_api/v3/page' });
  });

  it('never answer 5xx, answer errors in JSON, and leave what only admins may change alone', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 100_000 }),
        fc.array(paramValue, { minLength: 1, maxLength: 3 }),
        queryString,
        body,
        caller,
        async (pick, params, query, b, who) => {
          const route = routes[pick % routes.length]!;
          if (who === 'admin' && SIGNS_OUT.test(route.url)) return;
          const before = who === 'admin' ? '' : adminState();
          const { url, res } = await send(route, params, query, b, who);
          const where = `${route.method} ${url} as ${who}: ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeGreaterThanOrEqual(200);
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(String(res.headers['content-type']), where).toContain('json');
            expect(() => JSON.parse(res.body), where).not.toThrow();
          }
          if (who !== 'admin') expect(adminState(), where).toBe(before);
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 300_000);
});
