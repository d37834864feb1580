// Flattens the loaded, expanded part of the page tree into rows for a virtualized list.
import type { TreeNode } from '../../../../shared/page-tree-types';

export interface LoadedChildren {
  children: TreeNode[];
  hasNext: boolean;
}

export type TreeRow =
  | { kind: 'node'; node: TreeNode; depth: number; expanded: boolean }
  | { kind: 'more'; parentId: string; depth: number };

export function flattenTree(
  root: TreeNode,
  loaded: ReadonlyMap<string, LoadedChildren>,
  expanded: ReadonlySet<string>,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (node: TreeNode, depth: number) => {
    const isOpen = expanded.has(node._id);
    rows.push({ kind: 'node', node, depth, expanded: isOpen });
    const kids = isOpen ? loaded.get(node._id) : undefined;
    if (!kids) return;
    for (const child of kids.children) walk(child, depth + 1);
    if (kids.hasNext) rows.push({ kind: 'more', parentId: node._id, depth: depth + 1 });
  };
  walk(root, 0);
  return rows;
}

/** The rows to draw for a scroll position: the visible ones and a few either side. */
export function visibleRange(scrollTop: number, height: number, rowHeight: number, total: number) {
  const overscan = 8;
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(total, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  return { start, end };
}

/** `/a/b/c` → [`/a`, `/a/b`, `/a/b/c`]: the nodes to open to reveal a page. */
export function pathChain(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  return parts.map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
}
