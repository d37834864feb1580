// The web app's issue-3 logic: tree flattening and windows, diff rows, memo and template paths,
// the stale notice.
import { describe, expect, it } from 'vitest';
import { flattenTree, pathChain, visibleRange } from '../../src/renderer/src/features/tree/tree-rows';
import { sideBySideRows, unifiedRows } from '../../src/renderer/src/features/history/diff-rows';
import { templatePath, todayMemoPath } from '../../src/renderer/src/features/new-page/memo-path';
import { completionParent } from '../../src/renderer/src/features/new-page/usePathSuggestions';
import { isStale } from '../../src/renderer/src/features/page/PageNotices';
import type { DiffChange, TreeNode } from '../../src/shared/page-tree-types';

const node = (id: string, path: string, descendantCount = 0): TreeNode => ({
  _id: id,
  path,
  parentId: null,
  isEmpty: false,
  descendantCount,
  grant: 1,
  updatedAt: '2024-01-01T00:00:00.000Z',
});

describe('the tree rows', () => {
  it('shows children of expanded nodes only, with a "more" row while siblings remain', () => {
    const root = node('r', '/', 3);
    const a = node('a', '/a', 1);
    const loaded = new Map([
      ['r', { children: [a, node('b', '/b')], hasNext: true }],
      ['a', { children: [node('c', '/a/c')], hasNext: false }],
    ]);
    const closed = flattenTree(root, loaded, new Set(['r']));
    expect(closed.map((row) => (row.kind === 'node' ? row.node.path : 'more'))).toEqual([
      '/',
      '/a',
      '/b',
      'more',
    ]);
    const open = flattenTree(root, loaded, new Set(['r', 'a']));
    expect(open.map((row) => (row.kind === 'node' ? `${row.depth}:${row.node.path}` : 'more'))).toEqual([
      '0:/',
      '1:/a',
      '2:/a/c',
      '1:/b',
      'more',
    ]);
  });

  it('draws only the rows in view plus a few either side', () => {
    expect(visibleRange(0, 280, 28, 10_000)).toEqual({ start: 0, end: 18 });
    expect(visibleRange(28_000, 280, 28, 10_000)).toEqual({ start: 992, end: 1018 });
    expect(pathChain('/a/b/c')).toEqual(['/a', '/a/b', '/a/b/c']);
  });
});

describe('diff rows', () => {
  const changes: DiffChange[] = [
    { value: 'same\n', added: false, removed: false, count: 1 },
    { value: 'old 1\nold 2\n', added: false, removed: true, count: 2 },
    { value: 'new\n', added: true, removed: false, count: 1 },
  ];
  it('numbers old and new lines in the unified view', () => {
    expect(unifiedRows(changes)).toEqual([
      { kind: 'same', text: 'same', oldNo: 1, newNo: 1 },
      { kind: 'removed', text: 'old 1', oldNo: 2, newNo: null },
      { kind: 'removed', text: 'old 2', oldNo: 3, newNo: null },
      { kind: 'added', text: 'new', oldNo: null, newNo: 2 },
    ]);
  });
  it('pairs removed lines with the added lines that replaced them side by side', () => {
    const rows = sideBySideRows(changes);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual({
      left: { no: 2, text: 'old 1', kind: 'removed' },
      right: { no: 2, text: 'new', kind: 'added' },
    });
    expect(rows[2]).toEqual({ left: { no: 3, text: 'old 2', kind: 'removed' }, right: null });
  });
});

describe('New Page dialog paths', () => {
  const day = new Date(2024, 4, 7);
  it("builds today's memo under the user's page root, 'Memo' when the name is empty", () => {
    expect(todayMemoPath('ada', 'Memo', '', day)).toBe('/user/ada/Memo/2024/05/07');
    expect(todayMemoPath('ada', '  ', 'standup', day)).toBe('/user/ada/Memo/2024/05/07/standup');
    expect(todayMemoPath('ada', 'Diary', '', day)).toBe('/user/ada/Diary/2024/05/07');
  });
  it('puts templates under the current path, or the root when it is not creatable', () => {
    expect(templatePath('/team', 'children')).toBe('/team/_template');
    expect(templatePath('/team', 'descendants')).toBe('/team/__template');
    expect(templatePath('/trash/x', 'children')).toBe('/_template');
    expect(templatePath(null, 'descendants')).toBe('/__template');
  });
});

describe('the stale notice', () => {
  it('shows after more than a year without an update', () => {
    const now = Date.parse('2025-06-01T00:00:00Z');
    expect(isStale('2024-05-31T00:00:00Z', now)).toBe(true);
    expect(isStale('2024-06-02T00:00:00Z', now)).toBe(false);
  });
});

describe('path autocompletion', () => {
  it('completes under the page before the last slash', () => {
    expect(completionParent('/team/')).toBe('/team');
    expect(completionParent('/team/me')).toBe('/team');
    expect(completionParent('/')).toBe('/');
    expect(completionParent('/te')).toBe('/');
  });
});
