// Issue 28: GROWI's changes index and batch diffs — a client syncing what its user wrote lists the
// user's runs of edits (consecutive revisions of a page, not interrupted by someone else) page by
// page with a cursor, then asks for unified diffs of them; pages the user may no longer read say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signInTeam, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let bob: Agent;
let carol: Agent;

type Saved = { _id: string; revision: { _id: string } };
const create = async (agent: Agent, path: string, body: string, extra: Record<string, unknown> = {}) => {
  const res = await agent.post('/_api/v3/page', { path, body, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().page as Saved;
};
// Runs are ordered by time to the millisecond: steps a few milliseconds apart keep the order plain.
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));
const save = async (agent: Agent, page: Saved, body: string) => {
  await tick();
  const res = await agent.put('/_api/v3/page', { pageId: page._id, revisionId: page.revision._id, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().page as Saved;
};

interface Run {
  pageId: string;
  path: string | null;
  fromRevisionId: string | null;
  toRevisionId: string;
  accessible: boolean;
  deleted: boolean;
}
const changes = async (agent: Agent, query = '') => {
  const res = await agent.get(`/_api/v3/revisions/changes${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { changes: Run[]; next: string | null };
};

let notes: Saved[] = [];
let plan: Saved[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ({ bob, carol } = await signInTeam(server.app, ['bob', 'carol']));
  // Notes: bob creates and saves twice (one run), carol saves, bob saves again (a second run).
  notes = [await create(bob, '/Notes', 'one')];
  notes.push(await save(bob, notes[0]!, 'two'));
  notes.push(await save(bob, notes[1]!, 'three'));
  notes.push(await save(carol, notes[2]!, 'carol was here'));
  notes.push(await save(bob, notes[3]!, 'four'));
  // Plan: carol writes it, bob edits it, then carol makes it hers alone.
  await tick();
  plan = [await create(carol, '/Plan', 'carol plan')];
  plan.push(await save(bob, plan[0]!, 'bob plan'));
  const regrant = await carol.put('/_api/v3/page', {
    pageId: plan[1]!._id,
    revisionId: plan[1]!.revision._id,
    body: 'mine now',
    grant: 4,
  });
  expect(regrant.statusCode, regrant.body).toBe(200);
});
afterAll(async () => {
  await server.cleanup();
});

describe('GET /revisions/changes', () => {
  it("lists the user's runs in time order, with where each starts from", async () => {
    const { changes: runs, next } = await changes(bob);
    expect(next).toBeNull();
    expect(runs.map((r) => [r.path, r.fromRevisionId, r.toRevisionId])).toEqual([
      ['/Notes', null, notes[2]!.revision._id],
      ['/Notes', notes[3]!.revision._id, notes[4]!.revision._id],
      [null, plan[0]!.revision._id, plan[1]!.revision._id],
    ]);
    expect(runs[2]).toMatchObject({ accessible: false, deleted: false });
    expect(runs[0]).toMatchObject({ accessible: true, deleted: false });
  });

  it('pages through runs with a cursor, and refuses a cursor it did not make', async () => {
    const first = await changes(bob, '?limit=2');
    expect(first.changes).toHaveLength(2);
    expect(first.next).toEqual(expect.any(String));
    const second = await changes(bob, `?limit=2&cursor=${first.next}`);
    expect(second.changes.map((r) => r.toRevisionId)).toEqual([plan[1]!.revision._id]);
    expect(second.next).toBeNull();
    expect((await bob.get('/_api/v3/revisions/changes?cursor=nonsense')).statusCode).toBe(400);
  });

  it('keeps to a time window, and refuses one that ends before it starts', async () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await changes(bob, `?since=${future}`)).changes).toEqual([]);
    const res = await bob.get(`/_api/v3/revisions/changes?fromDate=${future}&toDate=2020-01-01T00:00:00Z`);
    expect(res.statusCode).toBe(400);
    expect((await bob.get('/_api/v3/revisions/changes?since=yesterday')).statusCode).toBe(400);
  });

  it('is for signed-in users only', async () => {
    expect((await new Agent(server.app).get('/_api/v3/revisions/changes')).statusCode).toBe(401);
  });
});

describe('POST /revisions/diff', () => {
  it('answers a unified diff per pair, in order, forbidden where the page is hidden', async () => {
    const res = await bob.post('/_api/v3/revisions/diff', {
      pairs: [
        {
          pageId: notes[0]!._id,
          toRevisionId: notes[4]!.revision._id,
          fromRevisionId: notes[3]!.revision._id,
        },
        { pageId: notes[0]!._id, toRevisionId: notes[0]!.revision._id, fromRevisionId: null },
        { pageId: plan[0]!._id, toRevisionId: plan[1]!.revision._id },
        { pageId: notes[0]!._id, toRevisionId: plan[1]!.revision._id },
      ],
      contextLines: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as { status: string; diff?: string }[];
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'forbidden', 'invalid']);
    expect(results[0]!.diff).toMatch(/^-carol was here$/m);
    expect(results[0]!.diff).toMatch(/^\+four$/m);
    expect(results[0]!.diff).toContain('--- /Notes');
    expect(results[1]!.diff).toContain('+one');
  });

  it('refuses more than 20 pairs, bad ids and guests', async () => {
    const pair = { pageId: notes[0]!._id, toRevisionId: notes[0]!.revision._id };
    expect(
      (await bob.post('/_api/v3/revisions/diff', { pairs: Array.from({ length: 21 }, () => pair) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await bob.post('/_api/v3/revisions/diff', { pairs: [{ pageId: 'x', toRevisionId: 'y' }] })).statusCode,
    ).toBe(400);
    expect((await new Agent(server.app).post('/_api/v3/revisions/diff', { pairs: [pair] })).statusCode).toBe(
      401,
    );
  });
});
