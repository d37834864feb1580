// The access matrix of issue 4: every page route × every kind of caller × every grant → the status
// (or, for lists, whether the page shows). The tables below ARE the specification; the loops only
// walk them. Callers: guests in both guest modes, a read-only user (group member), the page's
// author, a direct group member, a member of a child group, a signed-in non-member, an admin who is
// not a member, and a script with the group member's API token (no cookie, no CSRF token).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Agent,
  createGroup,
  createUser,
  install,
  signIn,
  startTestServer,
  tokenRequest,
  type TestServer,
} from '../helpers/server';

const ROLES = [
  'guestDeny',
  'guestReadonly',
  'readOnlyUser',
  'author',
  'groupMember',
  'childGroupMember',
  'nonMember',
  'admin',
  'apiToken',
] as const;
type Role = (typeof ROLES)[number];
const GRANTS = { public: 1, link: 2, onlyMe: 4, group: 5 } as const;
type GrantName = keyof typeof GRANTS;

// Reading one page: permalink, by path, its history, one revision, a diff, its children.
//                                 gDeny gRO   r-o   auth  memb  child non   admin token
const READ: Record<GrantName, number[]> = {
  public: /*                   */ [401, 200, 200, 200, 200, 200, 200, 200, 200],
  link: /*                     */ [401, 200, 200, 200, 200, 200, 200, 200, 200],
  onlyMe: /*                   */ [401, 404, 404, 200, 404, 404, 404, 404, 404],
  group: /*                    */ [401, 404, 200, 200, 200, 200, 404, 404, 200],
};
// Changing one page: save, rename, duplicate (201 on success), delete to trash, restore a revision.
const WRITE: Record<GrantName, number[]> = {
  public: /*                   */ [401, 401, 403, 200, 200, 200, 200, 200, 200],
  link: /*                     */ [401, 401, 403, 200, 200, 200, 200, 200, 200],
  onlyMe: /*                   */ [401, 401, 403, 200, 404, 404, 404, 404, 404],
  group: /*                    */ [401, 401, 403, 200, 200, 200, 404, 404, 200],
};
// Shown in recent, the list below a path, the tree and search (guests in Deny mode get 401 there).
const LISTED: Record<GrantName, boolean[]> = {
  public: /*                   */ [false, true, true, true, true, true, true, true, true],
  link: /*                     */ [false, false, false, false, false, false, false, false, false],
  onlyMe: /*                   */ [false, false, false, true, false, false, false, false, false],
  group: /*                    */ [false, false, true, true, true, true, false, false, true],
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Call = (method: Method, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

let server: TestServer;
let author: Agent;
let groupId: string;
const callers = {} as Record<Role, Call>;

beforeAll(async () => {
  server = await startTestServer();
  const { app } = server;
  const admin = await install(app);
  for (const name of ['author', 'member', 'child', 'outsider', 'reader']) await createUser(app, name);
  const reader = app.ctx.users.findByUsername('reader');
  expect((await admin.put(`/_api/v3/users/${reader?.id}/grant-read-only`)).statusCode).toBe(200);
  groupId = await createGroup(admin, 'Engineering', ['author', 'member', 'reader']);
  await createGroup(admin, 'Backend', ['child'], groupId);

  const member = await signIn(app, 'member');
  const token = (await member.put('/_api/v3/personal-setting/api-token')).json().userData.apiToken as string;
  author = await signIn(app, 'author');
  expect((await author.post('/_api/v3/page', { path: '/matrix', body: 'matrix root' })).statusCode).toBe(201);

  const agentCall =
    (agent: Agent): Call =>
    (method, url, payload) =>
      agent.request(method, url, payload);
  const guest = agentCall(new Agent(app));
  callers.guestDeny = async (method, url, payload) => {
    app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    try {
      return await guest(method, url, payload);
    } finally {
      app.ctx.settings.set('security:restrictGuestMode', 'Readonly');
    }
  };
  callers.guestReadonly = guest;
  callers.readOnlyUser = agentCall(await signIn(app, 'reader'));
  callers.author = agentCall(author);
  callers.groupMember = agentCall(member);
  callers.childGroupMember = agentCall(await signIn(app, 'child'));
  callers.nonMember = agentCall(await signIn(app, 'outsider'));
  callers.admin = agentCall(admin);
  callers.apiToken = (method, url, payload) => tokenRequest(app, token, method, url, payload);
  await app.ctx.search.whenIdle();
});
afterAll(async () => {
  await server.cleanup();
});

let serial = 0;
/** A page by the author under the public /matrix page, with the given grant. */
async function makePage(grant: GrantName, word: string, parent = '/matrix') {
  serial += 1;
  const res = await author.post('/_api/v3/page', {
    path: `${parent}/${grant}-${serial}`,
    body: `${word} of a ${grant} page`,
    grant: GRANTS[grant],
    grantUserGroupIds: grant === 'group' ? [{ type: 'UserGroup', item: groupId }] : [],
  });
  expect(res.statusCode, res.body).toBe(201);
  const page = res.json().page as { _id: string; path: string; grant: number; revision: { _id: string } };
  expect(page.grant).toBe(GRANTS[grant]);
  return page;
}

type Page = Awaited<ReturnType<typeof makePage>>;
const READ_ROUTES: Record<string, (p: Page) => string> = {
  permalink: (p) => `/_api/v3/page?pageId=${p._id}`,
  'page by path': (p) => `/_api/v3/page?path=${encodeURIComponent(p.path)}`,
  'revision list': (p) => `/_api/v3/revisions/list?pageId=${p._id}`,
  revision: (p) => `/_api/v3/revisions/${p.revision._id}?pageId=${p._id}`,
  diff: (p) => `/_api/v3/revisions/diff?pageId=${p._id}&to=${p.revision._id}`,
  'tree children': (p) => `/_api/v3/page-listing/children?id=${p._id}`,
};
const WRITE_ROUTES: Record<string, (p: Page) => [Method, string, unknown, number]> = {
  save: (p) => ['PUT', '/_api/v3/page', { pageId: p._id, revisionId: p.revision._id, body: 'changed' }, 200],
  rename: (p) => [
    'PUT',
    '/_api/v3/pages/rename',
    { pageId: p._id, revisionId: p.revision._id, newPagePath: `${p.path}-renamed` },
    200,
  ],
  duplicate: (p) => [
    'POST',
    '/_api/v3/pages/duplicate',
    { pageId: p._id, pageNameInput: `${p.path}-copy` },
    201,
  ],
  'delete to trash': (p) => [
    'POST',
    '/_api/v3/pages/delete',
    { pageIdToRevisionIdMap: { [p._id]: p.revision._id } },
    200,
  ],
  'restore revision': (p) => [
    'PUT',
    '/_api/v3/revisions/restore',
    { pageId: p._id, revisionId: p.revision._id, targetRevisionId: p.revision._id },
    200,
  ],
};
const LIST_ROUTES: Record<string, (word: string, parent: string) => string> = {
  recent: () => '/_api/v3/pages/recent?limit=100',
  'list below the parent': (_word, parent) => `/_api/v3/pages/list?path=${parent}&limit=100`,
  'tree under the parent': (_word, parent) => `/_api/v3/page-listing/children?path=${parent}&limit=1000`,
  search: (word) => `/_api/v3/search?q=${word}&limit=100`,
  'older search API': (word) => `/_api/search?q=${word}&limit=100`,
  trash: () => '/_api/v3/pages/trash?limit=100',
};

const grantNames = Object.keys(GRANTS) as GrantName[];

describe.each(ROLES.map((role, column) => ({ role, column })))('$role', ({ role, column }) => {
  it.each(grantNames)('reads a %s page as the READ table says', async (grant) => {
    const page = await makePage(grant, 'readable');
    for (const [name, url] of Object.entries(READ_ROUTES)) {
      const res = await callers[role]('GET', url(page));
      expect(res.statusCode, `${name} ${res.body}`).toBe(READ[grant][column]);
      if (res.statusCode !== 200) expect(res.body).not.toContain(page.path);
    }
  });

  it.each(grantNames)('changes a %s page as the WRITE table says', async (grant) => {
    for (const [name, route] of Object.entries(WRITE_ROUTES)) {
      const page = await makePage(grant, 'writable');
      const [method, url, payload, success] = route(page);
      const res = await callers[role](method, url, payload);
      const planned = WRITE[grant][column] ?? 0;
      const expected = planned === 200 ? success : planned;
      expect(res.statusCode, `${name} ${res.body}`).toBe(expected);
      const after = await author.get(`/_api/v3/page?pageId=${page._id}`);
      // Refused calls change nothing: the page is where it was, at the same revision.
      if (expected >= 400) {
        expect(after.json().page).toMatchObject({ path: page.path, revision: { _id: page.revision._id } });
      }
    }
  });

  it.each(grantNames)('sees a %s page in lists as the LISTED table says', async (grant) => {
    const word = `listed${grant}${column}`;
    const parent = `/matrix/lists-${role}-${grant}`;
    const page = await makePage(grant, word, parent);
    // A page of the same grant in the trash follows the same table in the trash list.
    const trashed = await makePage(grant, `trashed${grant}${column}`);
    const deleted = await author.post('/_api/v3/pages/delete', {
      pageIdToRevisionIdMap: { [trashed._id]: trashed.revision._id },
    });
    expect(deleted.statusCode).toBe(200);
    for (const [name, url] of Object.entries(LIST_ROUTES)) {
      const res = await callers[role]('GET', url(word, parent));
      if (role === 'guestDeny') {
        expect(res.statusCode, name).toBe(401);
        continue;
      }
      expect(res.statusCode, `${name} ${res.body}`).toBe(200);
      const shown = name === 'trash' ? `/trash${trashed.path}` : page.path;
      expect(res.body.includes(`"${shown}"`), name).toBe(LISTED[grant][column]);
    }
  });
});

describe('admin routes', () => {
  const ADMIN_ROUTES: [Method, string][] = [
    ['GET', '/_api/v3/users'],
    ['POST', '/_api/v3/users/invite'],
    ['PUT', '/_api/v3/users/reset-password'],
    ['GET', '/_api/v3/user-groups'],
    ['POST', '/_api/v3/user-groups'],
    ['GET', '/_api/v3/security-setting'],
    ['PUT', '/_api/v3/security-setting/general-setting'],
    ['PUT', '/_api/v3/security-setting/local-setting'],
  ];
  //                                  gDeny gRO  r-o  auth memb child non  admin token
  const EXPECTED_FOR_NON_ADMIN = [401, 401, 403, 403, 403, 403, 403, null, 403];

  it.each(ADMIN_ROUTES)('%s %s refuses everyone but admins', async (method, url) => {
    for (const [column, role] of ROLES.entries()) {
      const expected = EXPECTED_FOR_NON_ADMIN[column];
      if (expected === null) continue;
      // A valid body, so that only the permission can refuse.
      const res = await callers[role](method, url, method === 'GET' ? undefined : validBody(url));
      expect(res.statusCode, `${role} ${res.body}`).toBe(expected);
    }
  });

  function validBody(url: string): unknown {
    if (url.endsWith('invite')) return { shapedEmailList: ['new@example.com'] };
    if (url.endsWith('reset-password')) return { id: '0123456789abcdef01234567' };
    if (url.endsWith('user-groups')) return { name: 'Should not exist' };
    if (url.endsWith('general-setting')) return { restrictGuestMode: 'Deny' };
    return { registrationMode: 'Open' };
  }
});
