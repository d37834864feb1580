// `GET /_api/lsx`: the pages below a path for `$lsx`, every option, and the permission function:
// owner-only, group and link-only pages are never listed to anyone who may not list them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Agent,
  createGroup,
  createUser,
  install,
  signIn,
  startTestServer,
  type TestServer,
} from '../helpers/server';
import { GRANT } from '../../src/shared/api-types';
import type { LsxResponse } from '../../src/shared/macros/lsx-types';

let server: TestServer;
let admin: Agent;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
});
afterEach(async () => {
  await server.cleanup();
});

async function create(agent: Agent, path: string, extra: Record<string, unknown> = {}) {
  const res = await agent.post('/_api/v3/page', { path, body: `# ${path}`, ...extra });
  expect(res.statusCode, res.body).toBe(201);
}

async function lsx(agent: Agent, query: string): Promise<LsxResponse> {
  const res = await agent.get(`/_api/lsx?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LsxResponse>();
}
const paths = (answer: LsxResponse) => answer.pages.map((page) => page.path);

describe('$lsx listing', () => {
  beforeEach(async () => {
    for (const path of ['/t/b', '/t/a', '/t/a/x', '/t/a/x/deep', '/t/c/y', '/t/notes-2024', '/other'])
      await create(admin, path);
  });

  it('lists the pages below a path in path order, without the path itself or placeholders', async () => {
    await create(admin, '/t');
    const answer = await lsx(admin, 'pagePath=/t');
    expect(paths(answer)).toEqual(['/t/a', '/t/a/x', '/t/a/x/deep', '/t/b', '/t/c/y', '/t/notes-2024']);
    expect(answer).toMatchObject({ total: 6, cursor: 6 });
    expect(paths(await lsx(admin, 'pagePath=/t/'))).toHaveLength(6);
    expect(paths(await lsx(admin, 'pagePath=/')).length).toBe(8); // all but the top page itself
  });

  it('limits depth with N, N:M and N+M, relative to the listed path', async () => {
    expect(paths(await lsx(admin, 'pagePath=/t&depth=1'))).toEqual(['/t/a', '/t/b', '/t/notes-2024']);
    expect(paths(await lsx(admin, 'pagePath=/t&options[depth]=2:2'))).toEqual(['/t/a/x', '/t/c/y']);
    expect(paths(await lsx(admin, 'pagePath=/t&depth=2:'))).toEqual(['/t/a/x', '/t/a/x/deep', '/t/c/y']);
    expect(paths(await lsx(admin, 'pagePath=/t&depth=2%2B1'))).toEqual(['/t/a/x', '/t/a/x/deep', '/t/c/y']);
  });

  it('windows with offset and limit, counting the total before the window', async () => {
    const first = await lsx(admin, 'pagePath=/t&limit=2');
    expect(paths(first)).toEqual(['/t/a', '/t/a/x']);
    expect(first).toMatchObject({ cursor: 2, total: 6 });
    const next = await lsx(admin, `pagePath=/t&offset=${first.cursor}&limit=2`);
    expect(paths(next)).toEqual(['/t/a/x/deep', '/t/b']);
    expect((await lsx(admin, 'pagePath=/t&offset=10')).pages).toEqual([]);
  });

  it('sorts by path, createdAt or updatedAt, and reverses', async () => {
    expect(paths(await lsx(admin, 'pagePath=/t&depth=1&reverse=true'))).toEqual([
      '/t/notes-2024',
      '/t/b',
      '/t/a',
    ]);
    // Created in the order b, a, notes-2024.
    expect(paths(await lsx(admin, 'pagePath=/t&depth=1&sort=createdAt'))).toEqual([
      '/t/b',
      '/t/a',
      '/t/notes-2024',
    ]);
    expect(paths(await lsx(admin, 'pagePath=/t&depth=1&sort=updatedAt&reverse=true'))).toEqual([
      '/t/notes-2024',
      '/t/a',
      '/t/b',
    ]);
  });

  it('filters and excepts with plain text, anchored below the path by a leading ^', async () => {
    expect(paths(await lsx(admin, 'pagePath=/t&filter=x'))).toEqual(['/t/a/x', '/t/a/x/deep']);
    expect(paths(await lsx(admin, 'pagePath=/t&filter=%5Ea'))).toEqual(['/t/a', '/t/a/x', '/t/a/x/deep']);
    expect(paths(await lsx(admin, 'pagePath=/t&except=%5Ea&depth=1'))).toEqual(['/t/b', '/t/notes-2024']);
    // Regular-expression syntax is text: nothing is ever run as a pattern.
    expect(paths(await lsx(admin, 'pagePath=/t&filter=.*'))).toEqual([]);
    expect(paths(await lsx(admin, `pagePath=/t&filter=${encodeURIComponent('(a+)+$')}`))).toEqual([]);
    expect(paths(await lsx(admin, 'pagePath=/t&filter=-2024'))).toEqual(['/t/notes-2024']);
  });

  it('refuses bad options with translated messages and lists nothing', async () => {
    const cases: [string, string][] = [
      ['depth=0', 'range_start'],
      ['depth=3:1', 'range_end'],
      ['depth=deep', 'invalid_range'],
      ['sort=title', 'invalid_sort'],
      ['filter=', 'filter_required'],
      [`except=${'e'.repeat(201)}`, 'filter_too_long'],
    ];
    for (const [query, code] of cases) {
      const res = await admin.get(`/_api/lsx?pagePath=/t&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].code).toBe(code);
    }
    const ja = await new Agent(server.app).get('/_api/lsx?pagePath=/t&sort=title', {
      'accept-language': 'ja',
    });
    expect(ja.json().errors[0].message).toContain('並び順');
    for (const query of [
      '',
      'pagePath=t',
      'pagePath=/a//b',
      'pagePath=/t&limit=501',
      'pagePath=/t&offset=-1',
    ])
      expect((await admin.get(`/_api/lsx?${query}`)).statusCode, query).toBe(400);
  });
});

describe('$lsx and permissions', () => {
  it('never lists owner-only, group or link-only pages to those who may not list them', async () => {
    for (const name of ['member', 'outsider']) await createUser(server.app, name);
    const groupId = await createGroup(admin, 'Team', ['member']);
    const member = await signIn(server.app, 'member');
    await create(admin, '/p/open');
    await create(admin, '/p/mine', { grant: GRANT.owner });
    await create(admin, '/p/link', { grant: GRANT.restricted });
    await create(member, '/p/team', {
      grant: GRANT.userGroup,
      grantUserGroupIds: [{ type: 'UserGroup', item: groupId }],
    });
    const outsider = await signIn(server.app, 'outsider');
    const guest = new Agent(server.app);
    expect(paths(await lsx(admin, 'pagePath=/p'))).toEqual(['/p/mine', '/p/open']);
    expect(paths(await lsx(member, 'pagePath=/p'))).toEqual(['/p/open', '/p/team']);
    for (const agent of [outsider, guest]) {
      const answer = await lsx(agent, 'pagePath=/p');
      expect(paths(answer)).toEqual(['/p/open']);
      expect(answer.total).toBe(1);
    }
  });

  it('answers 401 to guests when guest access is denied', async () => {
    await create(admin, '/p/open');
    const res = await admin.put('/_api/v3/security-setting/general-setting', { restrictGuestMode: 'Deny' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await new Agent(server.app).get('/_api/lsx?pagePath=/p')).statusCode).toBe(401);
  });
});
