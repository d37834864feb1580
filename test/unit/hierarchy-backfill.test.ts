// backfillHierarchy (pages/hierarchy-backfill.ts): pages without parents (an old database, an
// archive import) get their parents, placeholders for missing ancestors and descendant counts,
// as the tree would have them had every page been created through the service.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../src/server/db/client';
import {
  backfillHierarchy,
  needsHierarchyBackfill,
  rebuildHierarchy,
} from '../../src/server/modules/pages/hierarchy-backfill';
import type { TreeRow } from '../../src/server/modules/pages/tree-store';

type Row = Pick<TreeRow, 'id' | 'path' | 'parentId' | 'isEmpty' | 'descendantCount' | 'status'>;

describe('backfillHierarchy', () => {
  let dir: string;
  let db: Db;
  const sqlite = () => db.$client;
  const rows = () =>
    sqlite()
      .prepare(
        `SELECT id, path, parent_id AS parentId, is_empty AS isEmpty, descendant_count AS descendantCount, status
         FROM pages ORDER BY path`,
      )
      .all() as Row[];
  let next = 0;
  const insert = (pagePath: string, extra: { isEmpty?: boolean; status?: string } = {}) => {
    const id = String(++next).padStart(24, '0');
    sqlite()
      .prepare(
        `INSERT INTO pages (id, path, "grant", is_empty, status, created_at, updated_at) VALUES (?, ?, 1, ?, ?, 1, 1)`,
      )
      .run(id, pagePath, extra.isEmpty ? 1 : 0, extra.status ?? 'published');
    return id;
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-backfill-'));
    db = openDatabase(path.join(dir, 'quire.db'));
  });
  afterEach(() => {
    closeDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates the missing ancestors as empty pages and links every page to its parent', () => {
    insert('/');
    insert('/a/b/c');
    insert('/a/x');
    insert('/z');
    expect(needsHierarchyBackfill(sqlite())).toBe(true);
    backfillHierarchy(sqlite());
    const byPath = new Map(rows().map((r) => [r.path, r]));
    expect([...byPath.keys()]).toEqual(['/', '/a', '/a/b', '/a/b/c', '/a/x', '/z']);
    expect(byPath.get('/a')).toMatchObject({ isEmpty: 1, status: 'published' });
    expect(byPath.get('/a/b')).toMatchObject({ isEmpty: 1 });
    expect(byPath.get('/a/b')?.id).toMatch(/^[0-9a-f]{24}$/);
    for (const [pagePath, parent] of [
      ['/', null],
      ['/a', '/'],
      ['/a/b', '/a'],
      ['/a/b/c', '/a/b'],
      ['/a/x', '/a'],
      ['/z', '/'],
    ] as const)
      expect(byPath.get(pagePath)?.parentId, pagePath).toBe(parent === null ? null : byPath.get(parent)?.id);
    expect(needsHierarchyBackfill(sqlite())).toBe(false);
  });

  it('counts the pages with content below each page, not placeholders, trash or itself', () => {
    insert('/');
    insert('/docs/a');
    insert('/docs/b/c');
    insert('/docs/b/d', { isEmpty: true });
    insert('/docs/e');
    insert('/trash/docs/gone', { status: 'deleted' });
    backfillHierarchy(sqlite());
    const count = new Map(rows().map((r) => [r.path, r.descendantCount]));
    expect(Object.fromEntries(count)).toEqual({
      '/': 3, // /docs/a, /docs/b/c and /docs/e: /docs and /docs/b are placeholders
      '/docs': 3,
      '/docs/a': 0,
      '/docs/b': 1,
      '/docs/b/c': 0,
      '/docs/b/d': 0,
      '/docs/e': 0,
      '/trash/docs/gone': 0,
    });
    const trashed = rows().find((r) => r.path === '/trash/docs/gone');
    expect(trashed?.parentId).toBeNull();
    expect(rows().some((r) => r.path === '/trash')).toBe(false);
  });

  it('gives a wiki without a root page a placeholder root', () => {
    insert('/only/child');
    backfillHierarchy(sqlite());
    const byPath = new Map(rows().map((r) => [r.path, r]));
    expect(byPath.get('/')).toMatchObject({ isEmpty: 1, parentId: null, descendantCount: 1 });
    expect(byPath.get('/only')?.parentId).toBe(byPath.get('/')?.id);
  });

  it('recounts every page when run again after the parents were cleared', () => {
    insert('/');
    insert('/a/b');
    backfillHierarchy(sqlite());
    insert('/a/c');
    sqlite().exec(`UPDATE pages SET parent_id = NULL, descendant_count = 0`);
    backfillHierarchy(sqlite());
    const byPath = new Map(rows().map((r) => [r.path, r]));
    expect(rows().filter((r) => r.path === '/a')).toHaveLength(1);
    expect(byPath.get('/')?.descendantCount).toBe(2);
    expect(byPath.get('/a/c')?.parentId).toBe(byPath.get('/a')?.id);
  });

  it('rebuilds parents and counts that went stale, as an import that moved a page leaves them', () => {
    insert('/');
    const moved = insert('/old/page');
    insert('/new/sibling');
    backfillHierarchy(sqlite());
    // An archive's upsert gives the page its new path; its parent and the counts are the old ones.
    sqlite().prepare('UPDATE pages SET path = ? WHERE id = ?').run('/new/page', moved);
    expect(needsHierarchyBackfill(sqlite())).toBe(false);
    rebuildHierarchy(sqlite());
    const byPath = new Map(rows().map((r) => [r.path, r]));
    expect(byPath.get('/new/page')?.parentId).toBe(byPath.get('/new')?.id);
    expect(byPath.get('/new')?.descendantCount).toBe(2);
    expect(byPath.get('/old')?.descendantCount).toBe(0);
    expect(byPath.get('/')?.descendantCount).toBe(2);
  });
});
