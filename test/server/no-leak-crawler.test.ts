// A non-member crawls every read route — tree, lists, recent, timeline (pages below a path),
// revisions, diffs, trash, search, templates — following every page it finds, and also probes the
// restricted pages' ids and paths directly. No response may carry a restricted page's path, title,
// id or body text. Restricted pages are marked "Classified" (path) and "zebracode" (body).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../helpers/server';
import {
  createGroup,
  createUser,
  install,
  signIn,
  startTestServer,
  type TestServer,
} from '../helpers/server';

let server: TestServer;
let outsider: Agent;
const restricted: { _id: string; path: string }[] = [];
const MARKERS = ['Classified', 'zebracode'];

beforeAll(async () => {
  server = await startTestServer();
  const { app } = server;
  const admin = await install(app);
  await createUser(app, 'author');
  await createUser(app, 'outsider');
  const groupId = await createGroup(admin, 'Secret keepers', ['author']);
  const author = await signIn(app, 'author');
  const group = { grant: 5, grantUserGroupIds: [{ type: 'UserGroup', item: groupId }] };
  const create = async (path: string, body: string, grant: object = {}) => {
    const res = await author.post('/_api/v3/page', { path, body, ...grant });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().page as { _id: string; path: string; revision: { _id: string } };
  };
  const secret = async (path: string, grant: object) => {
    const page = await create(path, `zebracode ${path} body`, { ...grant, confirmWiderGrant: true });
    restricted.push(page);
    return page;
  };

  await create('/Open', 'An open page with the word plain.');
  await create('/Open/Child', 'Plain child page.');
  await secret('/Open/ClassifiedGroup', group);
  await secret('/Open/ClassifiedGroup/Deeper', group);
  await secret('/Open/ClassifiedMine', { grant: 4 });
  await secret('/Open/ClassifiedLink', { grant: 2 });
  // Restricted pages whose parents nobody wrote: the placeholders must not show their names.
  await secret('/ClassifiedArea/Inside', group);
  await secret('/Open/_template', group);
  // A restricted page with history, renamed (its old path redirects) and one deleted to the trash.
  const moved = await secret('/Open/ClassifiedOld', group);
  const saved = await author.put('/_api/v3/page', {
    pageId: moved._id,
    revisionId: moved.revision._id,
    body: 'zebracode second revision',
  });
  const renamed = await author.put('/_api/v3/pages/rename', {
    pageId: moved._id,
    revisionId: saved.json().page.revision._id,
    newPagePath: '/Open/ClassifiedNew',
  });
  expect(renamed.statusCode, renamed.body).toBe(200);
  restricted.push({ _id: moved._id, path: '/Open/ClassifiedNew' });
  const trashed = await secret('/Open/ClassifiedTrash', group);
  const deleted = await author.post('/_api/v3/pages/delete', {
    pageIdToRevisionIdMap: { [trashed._id]: trashed.revision._id },
  });
  expect(deleted.statusCode, deleted.body).toBe(200);

  outsider = await signIn(app, 'outsider');
  await app.ctx.search.whenIdle();
});
afterAll(async () => {
  await server.cleanup();
});

/** Every response must be free of restricted paths, titles, ids and body text. */
function assertClean(url: string, body: string) {
  for (const marker of [...MARKERS, ...restricted.map((p) => p._id)]) {
    expect(body.includes(marker), `${url} leaks ${marker}: ${body.slice(0, 300)}`).toBe(false);
  }
}

interface Found {
  _id?: string;
  path?: string;
  revisionId?: string;
}

/** Page ids and paths mentioned anywhere in a JSON body. */
function pagesIn(json: unknown, into: Found[]): void {
  if (Array.isArray(json)) for (const item of json) pagesIn(item, into);
  else if (json && typeof json === 'object') {
    const record = json as Record<string, unknown>;
    if (typeof record._id === 'string' && typeof record.path === 'string') {
      into.push({ _id: record._id, path: record.path });
    }
    for (const value of Object.values(record)) pagesIn(value, into);
  }
}

describe('a non-member crawling the wiki', () => {
  it('finds no restricted path, title, id or body text anywhere', async () => {
    const q = encodeURIComponent;
    const queue: string[] = [
      '/_api/v3/page-listing/root',
      '/_api/v3/page-listing/children?path=/&limit=1000',
      '/_api/v3/pages/recent?limit=100',
      '/_api/v3/pages/list?path=/&limit=100',
      '/_api/v3/pages/trash?limit=100',
      ...['zebracode', 'Classified', 'plain', 'prefix:/Open', 'prefix:/trash zebracode', 'body'].map(
        (word) => `/_api/v3/search?q=${q(word)}&limit=100`,
      ),
      `/_api/search?q=zebracode`,
      ...['/Open/New', '/Open/ClassifiedGroup/New', '/New'].map(
        (p) => `/_api/v3/pages/template?path=${q(p)}`,
      ),
    ];
    const seen = new Set<string>();
    let visited = 0;
    while (queue.length > 0) {
      const url = queue.shift() ?? '';
      if (seen.has(url)) continue;
      seen.add(url);
      const res = await outsider.get(url);
      visited += 1;
      assertClean(url, res.body);
      if (res.statusCode !== 200) continue;
      const found: Found[] = [];
      pagesIn(res.json(), found);
      for (const page of found) {
        if (!page._id || !page.path) continue;
        const id = page._id;
        queue.push(
          `/_api/v3/page?pageId=${id}`,
          `/_api/v3/page?path=${q(page.path)}`,
          `/_api/v3/page-listing/children?id=${id}&limit=1000`,
          `/_api/v3/pages/list?path=${q(page.path)}&limit=100`,
          `/_api/v3/revisions/list?pageId=${id}`,
        );
      }
      // Revisions found in a history list lead to each revision and its diff.
      const revisions = (res.json() as { revisions?: { _id: string; pageId: string }[] }).revisions ?? [];
      for (const revision of revisions) {
        queue.push(
          `/_api/v3/revisions/${revision._id}?pageId=${revision.pageId}`,
          `/_api/v3/revisions/diff?pageId=${revision.pageId}&to=${revision._id}`,
        );
      }
    }
    // The crawl reached the open pages and their histories, not just the seeds.
    expect(visited).toBeGreaterThan(30);
    expect([...seen].some((url) => url.includes('/revisions/diff'))).toBe(true);
  });

  it('gets only notfound_or_forbidden when probing restricted ids and paths directly', async () => {
    const q = encodeURIComponent;
    // A link-only page is readable by whoever has its URL (SPEC §3); every other one is not.
    const hidden = restricted.filter((page) => !page.path.includes('Link'));
    for (const page of hidden) {
      const notFound = [
        `/_api/v3/page?pageId=${page._id}`,
        `/_api/v3/page?path=${q(page.path)}`,
        `/_api/v3/page-listing/children?id=${page._id}`,
        `/_api/v3/revisions/list?pageId=${page._id}`,
      ];
      for (const url of notFound) {
        const res = await outsider.get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().errors[0].code).toBe('notfound_or_forbidden');
        assertClean(url, res.body);
      }
      const below = await outsider.get(`/_api/v3/pages/list?path=${q(page.path)}`);
      expect(below.json()).toMatchObject({ pages: [], totalCount: 0 });
    }
    // The old path of the renamed restricted page redirects nobody who may not read it.
    const old = await outsider.get(`/_api/v3/page?path=${q('/Open/ClassifiedOld')}`);
    expect(old.statusCode).toBe(404);
    assertClean('old path', old.body);
  });
});
