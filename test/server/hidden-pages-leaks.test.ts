// Issue 27, items 1 and 6: pages a reader may not list never reach them through a Markdown export
// (a guest's zip, a member's bulk export job), and no count — the tree, the page read, the lists,
// an export's totals — tells them how many such pages lie below a path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroup, signInTeam, startTestServer, type Agent, type TestServer } from '../helpers/server';
import { GRANT, type Page } from '../../src/shared/api-types';
import type { TreeNode } from '../../src/shared/page-tree-types';
import type { MarkdownExportJob } from '../../src/shared/markdown-io-types';

let server: TestServer;
let admin: Agent;
let bob: Agent;
let carol: Agent;
let root: Page;

beforeEach(async () => {
  server = await startTestServer();
  ({ admin, bob, carol } = await signInTeam(server.app, ['bob', 'carol']));
  const team = await createGroup(admin, 'team', ['bob']);
  root = (await carol.get('/_api/v3/page?path=%2F')).json<{ page: Page }>().page;
  await create(bob, '/Docs', 'open');
  await create(bob, '/Docs/Public', 'everyone');
  await create(bob, '/Docs/Link only', 'LINK-ONLY BODY', { grant: GRANT.restricted });
  await create(bob, '/Docs/Link only/Child', 'LINK-ONLY CHILD', { grant: GRANT.restricted });
  await create(bob, '/Docs/Mine', 'bob only', { grant: GRANT.owner });
  await create(bob, '/Docs/Team', 'team only', {
    grant: GRANT.userGroup,
    grantUserGroupIds: [{ type: 'UserGroup', item: team }],
  });
});
afterEach(async () => {
  await server.cleanup();
});

async function create(agent: Agent, pagePath: string, body: string, extra: object = {}): Promise<Page> {
  const res = await agent.post('/_api/v3/page', { path: pagePath, body, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ page: Page }>().page;
}

const guestGet = (url: string) => server.app.inject({ method: 'GET', url });

async function zipNames(bytes: Buffer): Promise<string[]> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quire-leak-')), 'x.zip');
  fs.writeFileSync(file, bytes);
  try {
    return await new Promise<string[]>((resolve, reject) => {
      yauzl.open(file, { lazyEntries: false }, (err, zip) => {
        if (err || !zip) return reject(err);
        const names: string[] = [];
        zip.on('entry', (entry: yauzl.Entry) => names.push(entry.fileName));
        zip.on('end', () => resolve(names.sort()));
      });
    });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

describe('a Markdown export of a subtree', () => {
  it('gives a guest only the pages a guest may list below the page asked for', async () => {
    const res = await guestGet(`/_api/v3/page/export/${root._id}?format=zip`);
    expect(res.statusCode, res.body).toBe(200);
    const names = await zipNames(res.rawPayload);
    expect(names.filter((n) => n.startsWith('Docs'))).toEqual(['Docs.md', 'Docs/Public.md']);
  });

  it('still exports a link-only page when it is the page asked for, but not those below it', async () => {
    const linkOnly = (await guestGet('/_api/v3/page?path=%2FDocs%2FLink%20only')).json<{ page: Page }>().page;
    const res = await guestGet(`/_api/v3/page/export/${linkOnly._id}?format=zip`);
    expect(await zipNames(res.rawPayload)).toEqual(['Docs/Link only.md']);
  });

  it("gives a member's bulk export job neither the link-only pages nor their count", async () => {
    const docs = (await carol.get('/_api/v3/page?path=%2FDocs')).json<{ page: Page }>().page;
    const started = await carol.post('/_api/v3/page-bulk-export', { pageId: docs._id, format: 'md' });
    expect(started.statusCode, started.body).toBe(202);
    let { job } = started.json<{ job: MarkdownExportJob }>();
    // Docs and Public: not the link-only pages, Bob's own or the team's.
    expect(job.total).toBe(2);
    while (job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 5));
      job = (await carol.get(`/_api/v3/page-bulk-export/${job.id}`)).json<{ job: MarkdownExportJob }>().job;
    }
    expect(job).toMatchObject({ status: 'done', total: 2, pages: 2 });
    const download = await carol.get(`/_api/v3/page-bulk-export/${job.id}/download`);
    const names = await zipNames(download.rawPayload);
    expect(names).toEqual(['Docs.md', 'Docs/Public.md']);
    expect(download.rawPayload.includes('LINK-ONLY')).toBe(false);
    // Bob lists his own and his team's pages, never the link-only one.
    const asBob = await bob.post('/_api/v3/page-bulk-export', { pageId: docs._id, format: 'md' });
    expect(asBob.json<{ job: MarkdownExportJob }>().job.total).toBe(4);
  });
});

describe('counts of pages below a path', () => {
  const docsNode = async (agent: Agent | null) => {
    const url = '/_api/v3/page-listing/children?path=%2F';
    const res = agent ? await agent.get(url) : await guestGet(url);
    return res.json<{ children: TreeNode[] }>().children.find((n) => n.path === '/Docs');
  };

  it('are what each reader may list, in the tree', async () => {
    // Stored: Public, Link only, its Child, Mine, Team = 5.
    expect((await docsNode(bob))?.descendantCount).toBe(3);
    expect((await docsNode(carol))?.descendantCount).toBe(1);
    expect((await docsNode(null))?.descendantCount).toBe(1);
    const rootNode = (await guestGet('/_api/v3/page-listing/root')).json<{ rootPage: TreeNode }>().rootPage;
    const all = (await bob.get('/_api/v3/page-listing/root')).json<{ rootPage: TreeNode }>().rootPage;
    expect(all.descendantCount - rootNode.descendantCount).toBe(2);
    // The stored count is never what a reader gets when pages are hidden from them.
    const stored = server.app.ctx.db.$client
      .prepare("SELECT descendant_count AS n FROM pages WHERE path = '/Docs'")
      .get() as { n: number };
    expect(stored.n).toBe(5);
  });

  it('are what each reader may list, in the page read (from the cache too) and the lists', async () => {
    for (let round = 0; round < 2; round++) {
      const asCarol = (await carol.get('/_api/v3/page?path=%2FDocs')).json<{ page: Page }>().page;
      const asBob = (await bob.get('/_api/v3/page?path=%2FDocs')).json<{ page: Page }>().page;
      const asGuest = (await guestGet('/_api/v3/page?path=%2FDocs')).json<{ page: Page }>().page;
      expect([asCarol.descendantCount, asBob.descendantCount, asGuest.descendantCount]).toEqual([1, 3, 1]);
    }
    const recent = (await carol.get('/_api/v3/pages/recent')).json<{ pages: Page[] }>().pages;
    expect(recent.find((p) => p.path === '/Docs')?.descendantCount).toBe(1);
    const below = (await carol.get('/_api/v3/pages/list?path=%2F')).json<{ pages: Page[] }>().pages;
    expect(below.find((p) => p.path === '/Docs')?.descendantCount).toBe(1);
  });
});
