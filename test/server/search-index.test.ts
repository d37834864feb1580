// The index's life across restarts: saved, loaded, caught up, detected broken and rebuilt.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Agent,
  createUser,
  install,
  makeDataDir,
  signIn,
  startTestServer,
  type TestServer,
} from '../helpers/server';
import type { SearchIndicesStatus, SearchResponse } from '../../src/shared/search-types';
import { buildIndex } from '../../src/server/modules/search/index-build';
import { IndexStore } from '../../src/server/modules/search/index-store';
import { PageSource } from '../../src/server/modules/pages/index-source';

let dataDir: string;
let servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers) await s.close();
  servers = [];
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(searchWorkerMinPages?: number): Promise<TestServer> {
  const server = await startTestServer({
    dataDir,
    ...(searchWorkerMinPages === undefined ? {} : { searchWorkerMinPages }),
  });
  servers.push(server);
  await server.app.ctx.search.whenIdle();
  return server;
}

async function createUserAndSignIn(server: TestServer, username: string): Promise<Agent> {
  await createUser(server.app, username);
  return signIn(server.app, username);
}

const found = async (agent: Agent, q: string) =>
  (await agent.get(`/_api/v3/search?q=${encodeURIComponent(q)}`))
    .json<SearchResponse>()
    .data.map((h) => h.data.path);
const status = async (agent: Agent) =>
  (await agent.get('/_api/v3/search/indices')).json<SearchIndicesStatus>();

/** A wiki with two pages, closed (which saves the index); returns the first index's save time. */
async function seededDataDir(): Promise<string | null> {
  dataDir = makeDataDir();
  const first = await start();
  const admin = await install(first.app);
  await admin.post('/_api/v3/page', { path: '/Alpha', body: 'aardvark' });
  await admin.post('/_api/v3/page', { path: '/Beta', body: 'badger' });
  await first.close();
  const manifest = JSON.parse(fs.readFileSync(path.join(dataDir, 'search-index', 'manifest.json'), 'utf8'));
  return new Date(manifest.savedAt as number).toISOString();
}

describe('the saved index', () => {
  it('is loaded at start-up instead of rebuilt, and catches up with changes made while it was down', async () => {
    const savedAt = await seededDataDir();
    // A change the index never heard of (as if the server had crashed before saving).
    const db = (await import('better-sqlite3')).default(path.join(dataDir, 'quire.db'));
    db.prepare(
      `UPDATE revisions SET body = 'beaver' WHERE id = (SELECT revision_id FROM pages WHERE path = '/Beta')`,
    ).run();
    db.prepare(`UPDATE pages SET updated_at = updated_at + 1 WHERE path = '/Beta'`).run();
    // A change of tags alone leaves the page row as it was.
    db.prepare(`INSERT INTO tags (id, name, name_key) VALUES ('t1', 'Zoo', 'zoo')`).run();
    db.prepare(
      `INSERT INTO page_tags (page_id, tag_id) SELECT id, 't1' FROM pages WHERE path = '/Alpha'`,
    ).run();
    db.close();

    // What a save killed half-way leaves behind is cleaned up at start.
    fs.mkdirSync(path.join(dataDir, 'search-index.tmp-1-2'));
    const second = await start();
    expect(fs.existsSync(path.join(dataDir, 'search-index.tmp-1-2'))).toBe(false);
    const admin = await signIn(second.app, 'admin', 'correct horse');
    expect(await status(admin)).toMatchObject({
      connection: 'connected',
      indexStatus: 'normalized',
      documentCount: 3,
      savedAt,
    });
    expect(await found(admin, 'aardvark')).toEqual(['/Alpha']);
    expect(await found(admin, 'beaver')).toEqual(['/Beta']);
    expect(await found(admin, 'badger')).toEqual([]);
    expect(await found(admin, 'tag:zoo')).toEqual(['/Alpha']);
  });

  it.each([
    ['a chunk that does not match its hash', (dir: string) => corruptChunk(dir)],
    ['an unreadable manifest', (dir: string) => fs.writeFileSync(path.join(dir, 'manifest.json'), '{nope')],
    ['a missing chunk file', (dir: string) => fs.rmSync(path.join(dir, 'facts.json'))],
  ])('is rebuilt automatically when it has %s', async (_name, damage) => {
    const savedAt = await seededDataDir();
    damage(path.join(dataDir, 'search-index'));
    const second = await start();
    const admin = await signIn(second.app, 'admin', 'correct horse');
    const after = await status(admin);
    expect(after).toMatchObject({ connection: 'connected', indexStatus: 'normalized', documentCount: 3 });
    expect(after.savedAt).not.toBe(savedAt);
    expect(await found(admin, 'badger')).toEqual(['/Beta']);
  });
});

function corruptChunk(dir: string): void {
  const chunk = fs.readdirSync(dir).find((f) => f.startsWith('postings.body') && f.endsWith('.bin'));
  if (!chunk) throw new Error('no chunk');
  fs.appendFileSync(path.join(dir, chunk), 'garbage');
}

describe('the management API', () => {
  it('rebuilds on request, showing progress, and answers SPEC §8 errors until the service works again', async () => {
    dataDir = makeDataDir();
    const server = await start();
    const admin = await install(server.app);
    await admin.post('/_api/v3/page', { path: '/Gamma', body: 'gazelle' });
    const started = await admin.put('/_api/v3/search/indices', { operation: 'rebuild' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      message: 'Operation is successfully requested.',
      indexStatus: 'rebuilding',
      progress: { done: 0, total: 2 },
    });
    await server.app.ctx.search.whenIdle();
    expect(await status(admin)).toMatchObject({
      indexStatus: 'normalized',
      progress: null,
      documentCount: 2,
    });

    server.app.ctx.search.lifecycle.connection = 'error';
    const failed = await admin.get('/_api/v3/search?q=gazelle');
    expect(failed.statusCode).toBe(503);
    expect(failed.json().errors[0]).toEqual({
      code: 'search_service_error',
      message: 'Error occured on Search Service',
    });
    // In every UI language (a guest's comes from the browser).
    const translated: [string, string][] = [
      ['ja', '検索サービスでエラーが発生しました'],
      ['zh-CN', '搜索服务出错'],
    ];
    for (const [lang, message] of translated) {
      const res = await new Agent(server.app).get('/_api/v3/search?q=gazelle', { 'accept-language': lang });
      expect(res.json().errors[0].message).toBe(message);
    }
    expect((await admin.get('/_api/v3/app-config')).json().isSearchServiceReachable).toBe(false);
    expect((await admin.get('/_api/v3/healthcheck')).statusCode).toBe(503);
    await admin.put('/_api/v3/search/indices', { operation: 'rebuild' });
    await server.app.ctx.search.whenIdle();
    expect(await found(admin, 'gazelle')).toEqual(['/Gamma']);
    expect((await admin.get('/_api/v3/app-config')).json()).toMatchObject({
      isSearchServiceConfigured: true,
      isSearchServiceReachable: true,
    });
  });

  it('is built in a worker thread for a large wiki, while the old index keeps answering', async () => {
    dataDir = makeDataDir();
    const server = await start(3); // "large" from three pages on
    const admin = await install(server.app);
    for (const name of ['Ant', 'Bee', 'Cat'])
      await admin.post('/_api/v3/page', { path: `/${name}`, body: 'insect' });
    await server.app.ctx.search.whenIdle();

    const before = fs.statSync(path.join(dataDir, 'search-index', 'manifest.json')).mtimeMs;
    const { documentCount } = await status(admin); // the three and the pages the installer wrote
    const logged = vi.spyOn(server.app.log, 'info');
    const started = await admin.put('/_api/v3/search/indices', { operation: 'rebuild' });
    expect(started.json()).toMatchObject({ indexStatus: 'rebuilding' });
    expect(await found(admin, 'insect')).toHaveLength(3); // the old index, while the worker builds
    await admin.post('/_api/v3/page', { path: '/Dog', body: 'insect' }); // during the build

    await server.app.ctx.search.whenIdle();
    expect(await status(admin)).toMatchObject({
      indexStatus: 'normalized',
      progress: null,
      documentCount: documentCount + 1,
    });
    expect((await found(admin, 'insect')).sort()).toEqual(['/Ant', '/Bee', '/Cat', '/Dog']);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ inWorker: true }), 'search index built');
    // The worker saved its index; the page added meanwhile was saved on top of it.
    expect(fs.statSync(path.join(dataDir, 'search-index', 'manifest.json')).mtimeMs).toBeGreaterThan(before);
    await server.close();
    servers = [];
    const again = await start(3);
    expect(await status(await signIn(again.app, 'admin', 'correct horse'))).toMatchObject({
      indexStatus: 'normalized',
      documentCount: documentCount + 1,
    });
  });

  it('is built in the server thread when the worker fails', async () => {
    dataDir = makeDataDir();
    const server = await start();
    await install(server.app);
    const warned = vi.fn();
    const plan = {
      source: new PageSource(server.app.ctx.db.$client),
      store: new IndexStore(dataDir),
      dataDir,
      dbFile: path.join(dataDir, 'no-such.db'), // the worker cannot open it
      workerMinPages: 0,
      servePartial: false,
    };
    const hooks = { progress: () => {}, cancelled: () => false, serve: () => {}, worker: () => {} };
    const built = await buildIndex(plan, hooks, warned);
    expect(warned).toHaveBeenCalledOnce();
    expect(built).toMatchObject({ inWorker: false, savedAt: null });
    expect(built?.index.size).toBeGreaterThan(0);
  });

  it("reconnects on GROWI's POST /search/connection: a service that failed loads its index again", async () => {
    dataDir = makeDataDir();
    const server = await start();
    const admin = await install(server.app);
    await admin.post('/_api/v3/page', { path: '/Gamma', body: 'gazelle' });
    await server.app.ctx.search.whenIdle();
    server.app.ctx.search.lifecycle.connection = 'error';
    expect((await admin.get('/_api/v3/search?q=gazelle')).statusCode).toBe(503);
    const bob = await createUserAndSignIn(server, 'bob');
    expect((await bob.post('/_api/v3/search/connection')).statusCode).toBe(403);
    expect((await new Agent(server.app).post('/_api/v3/search/connection')).statusCode).toBe(401);
    const res = await admin.post('/_api/v3/search/connection');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ connection: 'connected' });
    await server.app.ctx.search.whenIdle();
    expect(await found(admin, 'gazelle')).toEqual(['/Gamma']);
  });

  it("normalizes on GROWI's PUT /search/indices { operation: 'normalize' }, answering once the index is whole", async () => {
    dataDir = makeDataDir();
    const server = await start();
    const admin = await install(server.app);
    await admin.post('/_api/v3/page', { path: '/Delta', body: 'dromedary' });
    await server.app.ctx.search.whenIdle();
    server.app.ctx.search.lifecycle.connection = 'error';
    const bob = await createUserAndSignIn(server, 'bob');
    expect((await bob.put('/_api/v3/search/indices', { operation: 'normalize' })).statusCode).toBe(403);
    const res = await admin.put('/_api/v3/search/indices', { operation: 'normalize' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Operation is successfully processed.',
      connection: 'connected',
    });
    await server.app.ctx.search.whenIdle();
    expect(await found(admin, 'dromedary')).toEqual(['/Delta']);
  });

  it('refuses an unknown operation', async () => {
    dataDir = makeDataDir();
    const server = await start();
    const admin = await install(server.app);
    const res = await admin.put('/_api/v3/search/indices', { operation: 'drop' });
    expect(res.statusCode).toBe(400);
  });
});
