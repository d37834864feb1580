// Saves that arrive together share one transaction (db/group-commit.ts): each is answered only
// once that transaction committed, each fails alone, and conflicts stay exact per save.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/server/db/group-commit';
import { install, startTestServer, type Agent, type TestServer } from '../helpers/server';
import type { Page } from '../../src/shared/api-types';

describe('group commit', () => {
  let dir: string;
  let sqlite: Database.Database;
  let other: Database.Database;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-group-commit-'));
    sqlite = new Database(path.join(dir, 'db'));
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('CREATE TABLE parents (id INTEGER PRIMARY KEY); INSERT INTO parents VALUES (1)');
    sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parents(id), v TEXT)');
    sqlite.pragma('foreign_keys = ON');
    other = new Database(path.join(dir, 'db'), { readonly: true });
  });
  afterEach(() => {
    other.close();
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const insert =
    (id: number, parent = 1) =>
    () =>
      sqlite.prepare('INSERT INTO t (id, parent, v) VALUES (?, ?, ?)').run(id, parent, `v${id}`).changes;
  const seenByAnotherConnection = (id: number) =>
    other.prepare('SELECT 1 FROM t WHERE id = ?').get(id) !== undefined;

  it('puts saves that arrive together in one transaction, each answered after the commit', async () => {
    const group = new GroupCommit(sqlite);
    const answered = Array.from({ length: 10 }, (_, i) =>
      group.run(insert(i)).then((changes) => {
        expect(sqlite.inTransaction).toBe(false);
        // Committed (on disk for any other reader) before the caller hears of it.
        expect(seenByAnotherConnection(i)).toBe(true);
        return changes;
      }),
    );
    expect(await Promise.all(answered)).toEqual(Array(10).fill(1));
    expect(group.stats).toEqual({ groups: 1, saves: 10 });
  });

  it('rolls back a failing save alone: the others of its group commit', async () => {
    const group = new GroupCommit(sqlite);
    const results = await Promise.allSettled([
      group.run(insert(1)),
      group.run(insert(1)),
      group.run(insert(2)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(other.prepare('SELECT id FROM t ORDER BY id').all()).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('fails every save of a group whose commit fails: none of them happened', async () => {
    const group = new GroupCommit(sqlite);
    sqlite.pragma('defer_foreign_keys = ON'); // the broken reference is found at COMMIT
    const results = await Promise.allSettled([group.run(insert(1)), group.run(insert(2, 99))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(other.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 0 });
  });

  it('keeps a burst in bounded groups', async () => {
    const group = new GroupCommit(sqlite);
    await Promise.all(Array.from({ length: 200 }, (_, i) => group.run(insert(i))));
    expect(group.stats.saves).toBe(200);
    expect(group.stats.groups).toBeGreaterThanOrEqual(4);
  });
});

describe('saves through the API in a group', () => {
  let server: TestServer;
  let admin: Agent;
  beforeEach(async () => {
    server = await startTestServer();
    admin = await install(server.app);
  });
  afterEach(async () => {
    await server.cleanup();
  });

  it('answers exactly one of many saves from the same revision, and 409 to the rest', async () => {
    const page = (await admin.post('/_api/v3/page', { path: '/race', body: 'v0' })).json<{ page: Page }>()
      .page;
    await admin.csrfToken();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        admin.put('/_api/v3/page', { pageId: page._id, revisionId: page.revision._id, body: `v${i + 1}` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json<{ page: Page }>().page;
    const conflict = answers.find((a) => a.statusCode === 409)!.json();
    expect(conflict.errors[0]).toMatchObject({
      code: 'conflict',
      args: { latestRevisionId: winner.revision._id },
    });
    const stored = (await admin.get('/_api/v3/page?path=/race')).json<{ page: Page }>().page;
    expect(stored.revision.body).toBe(winner.revision.body);
    expect(server.app.ctx.saves.stats.groups).toBeLessThan(server.app.ctx.saves.stats.saves);
  });
});
