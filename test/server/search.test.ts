import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, createUser, install, signIn, startTestServer, type TestServer } from '../helpers/server';
import { GRANT } from '../../src/shared/api-types';
import type { SearchResponse } from '../../src/shared/search-types';

let server: TestServer;
let admin: Agent;
beforeEach(async () => {
  server = await startTestServer();
  admin = await install(server.app);
  await server.app.ctx.search.whenIdle();
});
afterEach(async () => {
  await server.cleanup();
});

async function createPage(path: string, body: string, agent = admin): Promise<string> {
  const res = await agent.post('/_api/v3/page', { path, body });
  expect(res.statusCode).toBe(201);
  return res.json().page._id as string;
}

async function search(q: string, agent: Agent = admin, extra = ''): Promise<SearchResponse> {
  const res = await agent.get(`/_api/v3/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
}

const paths = (res: SearchResponse) => res.data.map((hit) => hit.data.path).sort();

const setGrant = (pageId: string, grant: number) =>
  server.app.ctx.db.$client.prepare('UPDATE pages SET "grant" = ? WHERE id = ?').run(grant, pageId);

describe('query syntax', () => {
  beforeEach(async () => {
    await createPage(
      '/Team/Handbook',
      'Welcome aboard. The release notes live here. Coffee machine on floor 2.',
    );
    await createPage('/Team/Release', 'Notes about the release: notes and more release chatter.');
    await createPage('/Team/Old/Archive', 'Old release notes, archived.');
    await createPage('/Other/Coffee', 'Coffee beans and a machine.');
  });

  it('ANDs words given with spaces, in body or path', async () => {
    expect(paths(await search('coffee machine'))).toEqual(['/Other/Coffee', '/Team/Handbook']);
    expect(paths(await search('handbook coffee'))).toEqual(['/Team/Handbook']);
  });

  it('excludes -words', async () => {
    expect(paths(await search('coffee -beans'))).toEqual(['/Team/Handbook']);
  });

  it('matches "phrases" in order only, and excludes -"phrases"', async () => {
    // Punctuation between the words does not break a phrase ("release: notes"), order does.
    expect(paths(await search('"release notes"'))).toEqual([
      '/Team/Handbook',
      '/Team/Old/Archive',
      '/Team/Release',
    ]);
    expect(paths(await search('"notes release"'))).toEqual([]);
    expect(paths(await search('release -"release notes"'))).toEqual([]);
    expect(paths(await search('release -"notes live"'))).toEqual(['/Team/Old/Archive', '/Team/Release']);
  });

  it('filters with prefix: and -prefix:', async () => {
    expect(paths(await search('release prefix:/Team'))).toEqual([
      '/Team/Handbook',
      '/Team/Old/Archive',
      '/Team/Release',
    ]);
    expect(paths(await search('release prefix:/Team -prefix:/Team/Old'))).toEqual([
      '/Team/Handbook',
      '/Team/Release',
    ]);
    expect(paths(await search('prefix:/Other'))).toEqual(['/Other/Coffee']);
  });

  it('parses tag: and -tag: but no page has tags yet, so tag:x matches nothing', async () => {
    expect((await search('release tag:howto')).meta.total).toBe(0);
    expect((await search('coffee -tag:howto')).meta.total).toBe(2);
  });

  it('ranks a title match first and sorts by last update when asked', async () => {
    expect((await search('coffee')).data[0]?.data.path).toBe('/Other/Coffee');
    const byDate = await search('release', admin, '&sort=updatedAt&order=asc');
    expect(byDate.data.map((h) => h.data.path)).toEqual([
      '/Team/Handbook',
      '/Team/Release',
      '/Team/Old/Archive',
    ]);
  });

  it('paginates with offset and limit, total counting every hit', async () => {
    const first = await search('release', admin, '&limit=2');
    const second = await search('release', admin, '&limit=2&offset=2');
    expect(first.meta).toMatchObject({ total: 3, hitsCount: 2 });
    expect(second.meta).toMatchObject({ total: 3, hitsCount: 1 });
    expect(new Set([...paths(first), ...paths(second)]).size).toBe(3);
  });
});

describe('as you type', () => {
  beforeEach(async () => {
    await createPage(
      '/Ops/Deployment',
      'The *deployment* plan: deploy on Fridays, then onboarding for the handbook.',
    );
    await createPage('/Ops/Deploy', 'How to deploy by hand.');
    await createPage(
      '/Ops/Links',
      'A [deployment](/Ops/Deployment) plan and [[Ops/Deploy|the deploy page]].',
    );
  });

  it('matches the words a half-typed word begins', async () => {
    expect(paths(await search('deplo'))).toEqual(['/Ops/Deploy', '/Ops/Deployment', '/Ops/Links']);
    expect(paths(await search('onboard'))).toEqual(['/Ops/Deployment']);
    expect(paths(await search('hand'))).toEqual(['/Ops/Deploy', '/Ops/Deployment']);
    expect(paths(await search('fridays deplo'))).toEqual(['/Ops/Deployment']);
  });

  it('finds longer forms of every word, ranking the word itself first', async () => {
    expect(paths(await search('deploy plan'))).toEqual(['/Ops/Deployment', '/Ops/Links']);
    const ranked = await search('deploy');
    expect(ranked.data[0]?.data.path).toBe('/Ops/Deploy');
  });

  it('keeps single letters, exclusions and phrases to whole words', async () => {
    expect(paths(await search('deploy -hand'))).toEqual(['/Ops/Deployment', '/Ops/Links']);
    expect(paths(await search('deploy -handbook'))).toEqual(['/Ops/Deploy', '/Ops/Links']);
    expect(paths(await search('o'))).toEqual([]);
    expect(paths(await search('"deploy plan"'))).toEqual([]);
  });

  it('finds a quoted single word where the page has it once', async () => {
    expect(paths(await search('"fridays"'))).toEqual(['/Ops/Deployment']);
    expect(paths(await search('"hand"'))).toEqual(['/Ops/Deploy']);
  });

  it('matches phrases across Markdown emphasis and link syntax', async () => {
    expect(paths(await search('"deployment plan"'))).toEqual(['/Ops/Deployment', '/Ops/Links']);
    expect(paths(await search('"plan deploy"'))).toEqual(['/Ops/Deployment']);
  });

  it("reads the hits shown to drop a phrase filter's false positives, and counts them out", async () => {
    const index = server.app.ctx.search.lifecycle.current();
    index.phrases.tester = () => () => true; // as if every page's filter let every phrase through
    const res = await search('"plan deploy"');
    expect(paths(res)).toEqual(['/Ops/Deployment']);
    expect(res.meta.total).toBe(1);
  });

  it('shows plain text snippets with the whole longer word highlighted', async () => {
    const [hit] = (await search('deplo prefix:/Ops/Links')).data;
    expect(hit?.meta.snippet).toBe('A <em>deployment</em> plan and the <em>deploy</em> page.');
  });

  it('finds a word added after the first search', async () => {
    expect(paths(await search('quarterl'))).toEqual([]);
    await createPage('/Ops/Review', 'Quarterly review of deployments.');
    await server.app.ctx.search.whenIdle();
    expect(paths(await search('quarterl'))).toEqual(['/Ops/Review']);
  });
});

describe('results', () => {
  it('shows the snippet of the page as it is now when the same search comes again after a save', async () => {
    const id = await createPage('/Docs/Changing', 'The first draft of the roadmap.');
    await server.app.ctx.search.whenIdle();
    const snippet = async () => (await search('roadmap')).data[0]?.meta.snippet;
    expect(await snippet()).toBe('The first draft of the <em>roadmap</em>.');
    expect(await snippet()).toBe('The first draft of the <em>roadmap</em>.'); // kept, the same
    const page = (await admin.get(`/_api/v3/page?pageId=${id}`)).json().page;
    await admin.put('/_api/v3/page', {
      pageId: id,
      revisionId: page.revision._id,
      body: 'The final roadmap.',
    });
    await server.app.ctx.search.whenIdle();
    expect(await snippet()).toBe('The final <em>roadmap</em>.');
  });

  it('shows the snippets of the pages as they are now after the index was rebuilt (its document ids start again)', async () => {
    // More pages than the install made: the rebuilt index numbers every page from 1 again, so some
    // of these get ids that meant other versions of them (or other pages) when their snippets were kept.
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await createPage(`/Docs/Rebuilt-${n}`, `Draft ${n} of the roadmap.`));
    await server.app.ctx.search.whenIdle();
    const snippets = async () =>
      Object.fromEntries((await search('roadmap')).data.map((hit) => [hit.data.path, hit.meta.snippet]));
    expect(await snippets()).toEqual({
      '/Docs/Rebuilt-1': 'Draft 1 of the <em>roadmap</em>.',
      '/Docs/Rebuilt-2': 'Draft 2 of the <em>roadmap</em>.',
      '/Docs/Rebuilt-3': 'Draft 3 of the <em>roadmap</em>.',
    });
    for (const [i, id] of ids.entries()) {
      const page = (await admin.get(`/_api/v3/page?pageId=${id}`)).json().page;
      const body = `Final ${i + 1} roadmap.`;
      await admin.put('/_api/v3/page', { pageId: id, revisionId: page.revision._id, body });
    }
    expect((await admin.put('/_api/v3/search/indices', { operation: 'rebuild' })).statusCode).toBe(200);
    await server.app.ctx.search.whenIdle();
    expect(await snippets()).toEqual({
      '/Docs/Rebuilt-1': 'Final 1 <em>roadmap</em>.',
      '/Docs/Rebuilt-2': 'Final 2 <em>roadmap</em>.',
      '/Docs/Rebuilt-3': 'Final 3 <em>roadmap</em>.',
    });
  });

  it('escape page text in snippets and paths, adding only <em>, with HTML tags dropped', async () => {
    await createPage('/Docs/Tricky', 'Say <script>alert("x")</script> & keyword a < b\'s here <b>bold</b>');
    const [hit] = (await search('keyword')).data;
    expect(hit?.meta.snippet).toBe(
      'Say alert(&quot;x&quot;) &amp; <em>keyword</em> a &lt; b&#39;s here bold',
    );
    expect(hit?.data).toMatchObject({ path: '/Docs/Tricky', title: 'Tricky', tags: [] });
    expect((await search('tricky')).data[0]?.meta.highlightedPath).toBe('/Docs/<em>Tricky</em>');
  });

  it('refuse an empty query and bad paging with translated messages', async () => {
    const blank = await admin.get('/_api/v3/search?q=%20%20');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].message).toBe('Enter words or filters to search for.');
    // A guest's language comes from the browser (the admin's own setting is English).
    const bad = await new Agent(server.app).get('/_api/v3/search?q=a&limit=0', { 'accept-language': 'ja' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('入力値に誤りがあります');
    expect((await admin.get('/_api/v3/search?q=a&sort=size')).statusCode).toBe(400);
  });
});

describe('CJK text without spaces', () => {
  beforeEach(async () => {
    await createPage('/ja/会議', '来週の定例会議は東京都庁で行います。議事録は後で共有します。');
    await createPage('/zh/会议', '我们在北京召开项目会议，讨论搜索功能。');
    await createPage('/en/Meeting', 'The weekly meeting is in Tokyo.');
  });

  it('finds Japanese words inside sentences, by any 1+ character substring', async () => {
    expect(paths(await search('東京都庁'))).toEqual(['/ja/会議']);
    expect(paths(await search('議事録'))).toEqual(['/ja/会議']);
    expect(paths(await search('京都'))).toEqual(['/ja/会議']);
    expect(paths(await search('大阪'))).toEqual([]);
  });

  it('finds Chinese words and highlights them in the snippet', async () => {
    const res = await search('搜索功能');
    expect(paths(res)).toEqual(['/zh/会议']);
    expect(res.data[0]?.meta.snippet).toContain('<em>搜索功能</em>');
  });

  it('combines CJK and English words, and full-width letters match half-width', async () => {
    expect(paths(await search('weekly ｔｏｋｙｏ'))).toEqual(['/en/Meeting']);
    expect(paths(await search('会议 -北京'))).toEqual([]);
    expect(paths(await search('会'))).toEqual(['/ja/会議', '/zh/会议']);
  });
});

describe('index updates from page events', () => {
  it('indexes created pages and re-indexes edits', async () => {
    const res = await admin.post('/_api/v3/page', { path: '/Notes', body: 'first draft' });
    const page = res.json().page;
    expect(paths(await search('draft'))).toEqual(['/Notes']);
    await admin.put('/_api/v3/page', { pageId: page._id, revisionId: page.revision._id, body: 'final' });
    expect(paths(await search('draft'))).toEqual([]);
    expect(paths(await search('final'))).toEqual(['/Notes']);
  });

  it('follows moves (also into the trash, excluded unless asked) and complete deletions', async () => {
    const id = await createPage('/Plans/Q3', 'budget figures');
    const { ctx } = server.app;
    const move = (path: string, oldPath: string) => {
      ctx.db.$client.prepare('UPDATE pages SET path = ? WHERE id = ?').run(path, id);
      ctx.events.emit('page:moved', { pageId: id, path, oldPath, userId: null });
    };
    move('/Archive/Q3', '/Plans/Q3');
    expect(paths(await search('budget'))).toEqual(['/Archive/Q3']);
    expect(paths(await search('plans'))).toEqual([]);
    move('/trash/Archive/Q3', '/Archive/Q3');
    expect(paths(await search('budget'))).toEqual([]);
    expect(paths(await search('budget prefix:/trash'))).toEqual(['/trash/Archive/Q3']);
    move('/Archive/Q3', '/trash/Archive/Q3');
    expect(paths(await search('budget'))).toEqual(['/Archive/Q3']);
    // The sorted paths behind prefix: follow the move too.
    expect(paths(await search('budget prefix:/trash'))).toEqual([]);
    expect(paths(await search('budget prefix:/Archive -prefix:/Plans'))).toEqual(['/Archive/Q3']);
    ctx.db.$client.prepare('UPDATE pages SET revision_id = NULL WHERE id = ?').run(id);
    ctx.db.$client.prepare('DELETE FROM revisions WHERE page_id = ?').run(id);
    ctx.db.$client.prepare('DELETE FROM pages WHERE id = ?').run(id);
    ctx.events.emit('page:deleted', { pageId: id, path: '/Archive/Q3', userId: null });
    expect(paths(await search('budget'))).toEqual([]);
  });

  it('applies a burst of events (a 1,000-page subtree move) in batches', async () => {
    const { ctx } = server.app;
    const id = await createPage('/Big/Root', 'needle');
    for (let i = 0; i < 1000; i++)
      ctx.events.emit('page:moved', { pageId: id, path: '/x', oldPath: '/y', userId: null });
    await ctx.search.whenIdle();
    expect(ctx.search.status().documentCount).toBe(ctx.search.status().pageCount);
    expect(paths(await search('needle'))).toEqual(['/Big/Root']);
  });
});

describe('permissions', () => {
  let alice: Agent;
  let bob: Agent;
  const guest = () => new Agent(server.app);
  beforeEach(async () => {
    await createUser(server.app, 'alice');
    await createUser(server.app, 'bob');
    alice = await signIn(server.app, 'alice');
    bob = await signIn(server.app, 'bob');
    await createPage('/Public/Secretless', 'zebra public');
    setGrant(await createPage('/Alice/Only', 'zebra private diary', alice), GRANT.owner);
    setGrant(await createPage('/Alice/Link', 'zebra link only', alice), GRANT.restricted);
    setGrant(await createPage('/Alice/Group', 'zebra group', alice), GRANT.userGroup);
    await server.app.ctx.search.whenIdle();
  });

  it('shows each user only the pages they may read; link-only pages never appear', async () => {
    expect(paths(await search('zebra', alice))).toEqual([
      '/Alice/Group',
      '/Alice/Only',
      '/Public/Secretless',
    ]);
    expect(paths(await search('zebra', bob))).toEqual(['/Public/Secretless']);
    expect(paths(await search('zebra', admin))).toEqual(['/Public/Secretless']);
    expect(paths(await search('link'))).toEqual([]);
  });

  it('leaks nothing through totals, snippets or filters', async () => {
    const res = await search('diary', bob);
    expect(res.meta.total).toBe(0);
    expect((await search('prefix:/Alice', bob)).meta.total).toBe(0);
    expect((await search('zebra -public', bob)).meta.total).toBe(0);
    expect(JSON.stringify(await search('zebra', bob))).not.toContain('private');
  });

  it('lets guests search public pages in read-only mode and refuses them in Deny mode', async () => {
    expect(paths(await search('zebra', guest()))).toEqual(['/Public/Secretless']);
    server.app.ctx.settings.set('security:restrictGuestMode', 'Deny');
    const denied = await guest().get('/_api/v3/search?q=zebra');
    expect(denied.statusCode).toBe(401);
    const legacy = await guest().get('/_api/search?q=zebra');
    expect(legacy.statusCode).toBe(401);
    expect(legacy.json()).toMatchObject({ ok: false, code: 'login_required' });
  });

  it('keeps the index admin routes to admins (guest 401, user 403)', async () => {
    expect((await guest().get('/_api/v3/search/indices')).statusCode).toBe(401);
    expect((await bob.get('/_api/v3/search/indices')).statusCode).toBe(403);
    expect((await bob.put('/_api/v3/search/indices', { operation: 'rebuild' })).statusCode).toBe(403);
    expect((await guest().put('/_api/v3/search/indices', { operation: 'rebuild' })).statusCode).toBe(401);
    expect((await admin.get('/_api/v3/search/indices')).json()).toMatchObject({
      connection: 'connected',
      indexStatus: 'normalized',
      documentCount: 5,
      pageCount: 5,
    });
  });
});

describe('GET /_api/search (older API)', () => {
  it("answers GROWI's shape and { ok: false } on bad input", async () => {
    const id = await createPage('/Legacy', 'old school api');
    const res = await admin.get('/_api/search?q=school');
    expect(res.json()).toMatchObject({
      ok: true,
      meta: { total: 1, hitsCount: 1 },
      data: [{ data: { _id: id, path: '/Legacy' }, meta: { snippet: 'old <em>school</em> api' } }],
    });
    const bad = await admin.get('/_api/search');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ ok: false, code: 'required' });
  });
});
