// A database created before the page tree (migration 0000 only, pages without parents) migrates
// at start: new columns, placeholders for missing ancestors, parents and descendant counts.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client';
import { Agent, makeDataDir, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.cleanup();
});

function createPreTreeDatabase(dataDir: string): void {
  const folder = migrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const first = journal.entries[0];
  if (!first) throw new Error('no migrations');
  const sqlite = new Database(path.join(dataDir, 'quire.db'));
  for (const statement of fs
    .readFileSync(path.join(folder, `${first.tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')) {
    sqlite.exec(statement);
  }
  sqlite.exec(
    'CREATE TABLE __drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)',
  );
  sqlite.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('0000', first.when);
  const insertPage = sqlite.prepare(
    `INSERT INTO pages (id, path, "grant", revision_id, created_at, updated_at) VALUES (?, ?, 1, ?, 1, 1)`,
  );
  const insertRevision = sqlite.prepare(
    `INSERT INTO revisions (id, page_id, body, created_at) VALUES (?, ?, 'old body', 1)`,
  );
  ['/', '/docs/a', '/docs/b/c'].forEach((pagePath, i) => {
    const id = String(i + 1).padStart(24, '0');
    const revisionId = String(i + 11).padStart(24, '0');
    insertPage.run(id, pagePath, revisionId);
    insertRevision.run(revisionId, id);
  });
  sqlite.close();
}

describe('migrating a database from before the page tree', () => {
  it('adds the tree columns and fills parents, placeholders and counts', async () => {
    const dataDir = makeDataDir();
    createPreTreeDatabase(dataDir);
    server = await startTestServer({ dataDir });
    const guest = new Agent(server.app);
    const root = (await guest.get('/_api/v3/page-listing/root')).json().rootPage;
    expect(root).toMatchObject({ path: '/', descendantCount: 2, isEmpty: false });
    const docs = (await guest.get('/_api/v3/page-listing/children?path=/')).json().children;
    expect(docs).toEqual([expect.objectContaining({ path: '/docs', isEmpty: true, descendantCount: 2 })]);
    const below = (await guest.get('/_api/v3/page-listing/children?path=/docs')).json().children;
    expect(below.map((node: { path: string; isEmpty: boolean }) => [node.path, node.isEmpty])).toEqual([
      ['/docs/a', false],
      ['/docs/b', true],
    ]);
    expect((await guest.get('/_api/v3/page?path=/docs/b/c')).json().page).toMatchObject({
      status: 'published',
      revision: { body: 'old body' },
    });
  });
});
