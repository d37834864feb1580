// Issue 28: GROWI's own MCP server (growilabs/growi-mcp-server, built from its sources with GROWI's
// SDK) against a fresh Quire over stdio with an API token: every tool but GROWI AI's succeeds and
// answers with Quire's data. A tool that fails shows the error the MCP server reported.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGrowiMcpServer } from '../helpers/growi-mcp';
import { install, startTestServer, type TestServer } from '../helpers/server';

// The tools answer whatever JSON GROWI's API gave them; the test reads it as loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = Record<string, any>;

let server: TestServer;
let client: Client;
let adminId: string;
const called = new Set<string>();

/** A page in a tool's answer, wherever that tool puts it. */
const pageOf = (answer: Answer) => answer.data?.page ?? answer.page ?? answer;

/** Calls a tool; its text answer parsed as JSON (the tools answer JSON.stringify of GROWI's data). */
async function call(name: string, args: Record<string, unknown> = {}): Promise<Answer> {
  called.add(name);
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');
  expect(result.isError, `${name}: ${text}`).toBeFalsy();
  return JSON.parse(text) as Answer;
}

beforeAll(async () => {
  const entry = await buildGrowiMcpServer();
  server = await startTestServer();
  const admin = await install(server.app);
  adminId = server.app.ctx.users.findByUsername('admin')!.id;
  const token = (await admin.put('/_api/v3/personal-setting/api-token')).json().userData.apiToken as string;
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as { port: number };
  client = new Client({ name: 'quire-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [entry],
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        GROWI_APP_NAME_1: 'quire',
        GROWI_BASE_URL_1: `http://127.0.0.1:${port}`,
        GROWI_API_TOKEN_1: token,
        GROWI_DEFAULT_APP_NAME: 'quire',
      },
      stderr: 'pipe',
    }),
  );
}, 60_000);

afterAll(async () => {
  await client?.close();
  await server?.cleanup();
});

describe("GROWI's MCP server", () => {
  it('offers its tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['createPage', 'searchPages', 'publishPage']),
    );
  });

  it('writes, reads, tags, searches and lists pages', async () => {
    const created = await call('createPage', {
      path: '/MCP/Start',
      body: 'hello from mcp',
      pageTags: ['mcp'],
    });
    const page = pageOf(created);
    expect(page.path).toBe('/MCP/Start');
    const pageId = page._id as string;

    const read = await call('getPage', { pageId });
    expect(JSON.stringify(read)).toContain('hello from mcp');
    expect(JSON.stringify(await call('getPageInfo', { pageId }))).toContain('"isLiked"');

    const updated = await call('updatePage', { pageId, body: 'hello again', revisionId: page.revision._id });
    const revisionId = pageOf(updated).revision._id as string;
    expect(JSON.stringify(await call('getPageTag', { pageId }))).toContain('mcp');
    await call('updateTag', { pageId, revisionId, tags: ['mcp', 'quire'] });
    expect(JSON.stringify(await call('getTagList', {}))).toContain('quire');
    expect(JSON.stringify(await call('searchTags', { q: 'qu' }))).toContain('quire');

    await server.app.ctx.search.whenIdle();
    expect(JSON.stringify(await call('searchPages', { q: 'again' }))).toContain('/MCP/Start');
    expect(JSON.stringify(await call('getRecentPages', {}))).toContain('/MCP/Start');
    expect(JSON.stringify(await call('getPageListingRoot', {}))).toContain('"path":"/"');
    expect(JSON.stringify(await call('getPageListingChildren', { path: '/MCP' }))).toContain('/MCP/Start');
    expect(JSON.stringify(await call('pageListingInfo', { pageIds: [pageId] }))).toContain(pageId);
    expect(JSON.stringify(await call('getUserRecentPages', { id: adminId }))).toContain('/MCP/Start');

    const revisions = await call('listRevisions', { pageId });
    expect(JSON.stringify(revisions)).toContain(revisionId);
    expect(JSON.stringify(await call('getRevision', { id: revisionId, pageId }))).toContain('hello again');
    expect(JSON.stringify(await call('listRevisionChanges', {}))).toContain(revisionId);
    const diffs = await call('getRevisionDiffs', { pairs: [{ pageId, toRevisionId: revisionId }] });
    expect(JSON.stringify(diffs)).toContain('+hello again');

    await call('unpublishPage', { pageId });
    expect(server.app.ctx.pages.facts(pageId)?.wip).toBe(true);
    await call('publishPage', { pageId });
    expect(server.app.ctx.pages.facts(pageId)?.wip).toBe(false);
  });

  it('comments, shares, duplicates, renames and deletes', async () => {
    const created = await call('createPage', { path: '/MCP/Social', body: 'to be shared' });
    const page = pageOf(created);
    const pageId = page._id as string;

    const comment = await call('addComment', { pageId, comment: 'nice page' });
    expect(JSON.stringify(comment)).toContain('nice page');
    const comments = await call('getComments', { pageId });
    const commentId = comments.comments[0]._id as string;
    await call('removeComment', { commentId });

    const link = await call('createShareLink', { relatedPage: pageId, description: 'for a visitor' });
    const linkId = link._id as string;
    expect(JSON.stringify(await call('getShareLinks', { relatedPage: pageId }))).toContain('for a visitor');
    await call('deleteShareLinkById', { id: linkId });
    await call('createShareLink', { relatedPage: pageId });
    await call('deleteShareLinks', { relatedPage: pageId });

    const copy = await call('duplicatePage', { pageId, pageNameInput: '/MCP/Copy' });
    const copyId = pageOf(copy)._id as string;
    const moved = await call('renamePage', { pageId: copyId, path: '/MCP/Copy', newPagePath: '/MCP/Moved' });
    expect(JSON.stringify(moved)).toContain('/MCP/Moved');
    const latest = await call('getPage', { pageId: copyId });
    const revisionId = pageOf(latest).revision._id as string;
    await call('deletePages', { pageIdToRevisionIdMap: { [copyId]: revisionId } });
    expect(server.app.ctx.pages.facts(copyId)?.status).toBe('deleted');
  });

  it('has had every tool but GROWI AI called above', async () => {
    const { tools } = await client.listTools();
    const all = tools.map((t) => t.name).filter((name) => name !== 'suggestPath');
    expect([...called].sort()).toEqual(all.sort());
  });
});
