// The sidebar page tree: children load lazily a window at a time, the current page's ancestors
// open on their own, and only the rows in view are drawn, so 10k siblings scroll smoothly.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TreeNode } from '../../../../shared/page-tree-types';
import { pathToUrl } from '../../../../shared/page-path';
import { getChildren, getRootNode } from '../../api/page-tree';
import { useUi } from '../../stores/ui';
import { flattenTree, pathChain, visibleRange, type LoadedChildren } from './tree-rows';

const ROW_HEIGHT = 28;
/** 100 windows of 100: a page among 10k siblings is still revealed. */
const MAX_WINDOWS_TO_REVEAL = 100;
const VIEW_HEIGHT = 480;

const nameOf = (path: string) => (path === '/' ? '/' : path.slice(path.lastIndexOf('/') + 1));

export function PageTree() {
  const { t } = useTranslation();
  const currentPath = useUi((s) => s.currentPath);
  const version = useUi((s) => s.pagesVersion);
  const [root, setRoot] = useState<TreeNode | null>(null);
  const [loaded, setLoaded] = useState<Map<string, LoadedChildren>>(new Map());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [scrollTop, setScrollTop] = useState(0);
  const loading = useRef(new Set<string>());
  const container = useRef<HTMLDivElement>(null);
  const revealed = useRef<string | null>(null);
  const rows = root ? flattenTree(root, loaded, expanded) : [];
  const currentIndex = rows.findIndex((row) => row.kind === 'node' && row.node.path === currentPath);

  // Scroll the page on screen into the middle of the tree once, when its row first appears.
  useEffect(() => {
    const element = container.current;
    if (!element || currentIndex < 0 || revealed.current === currentPath) return;
    revealed.current = currentPath;
    element.scrollTop = Math.max(0, currentIndex * ROW_HEIGHT - VIEW_HEIGHT / 2);
  }, [currentIndex, currentPath]);

  const load = useCallback(async (parent: TreeNode, after?: string) => {
    const key = `${parent._id}|${after ?? ''}`;
    if (loading.current.has(key)) return undefined;
    loading.current.add(key);
    try {
      const page = await getChildren({ id: parent._id }, after);
      setLoaded((prev) => {
        const next = new Map(prev);
        const before = after === undefined ? [] : (prev.get(parent._id)?.children ?? []);
        next.set(parent._id, { children: [...before, ...page.children], hasNext: page.hasNext });
        return next;
      });
      return page;
    } finally {
      loading.current.delete(key);
    }
  }, []);

  // The root, its first level, and the chain down to the page on screen.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const top = await getRootNode();
      if (cancelled || !top) return;
      setRoot(top);
      setLoaded(new Map());
      const open = new Set([top._id]);
      let parent = top;
      let window = await load(top);
      for (const path of currentPath ? pathChain(currentPath) : []) {
        // Among many siblings the page may lie beyond the first window: read on until it shows.
        let node = window?.children.find((child) => child.path === path);
        for (let more = 0; !node && window?.hasNext && more < MAX_WINDOWS_TO_REVEAL; more++) {
          window = await load(parent, window.children.at(-1)?.path);
          node = window?.children.find((child) => child.path === path);
        }
        if (!node || cancelled || path === currentPath) break;
        open.add(node._id);
        parent = node;
        window = await load(node);
      }
      if (!cancelled) setExpanded(open);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [currentPath, version, load]);

  if (!root) return null;
  const { start, end } = visibleRange(scrollTop, VIEW_HEIGHT, ROW_HEIGHT, rows.length);

  const toggle = (node: TreeNode) => {
    const open = !expanded.has(node._id);
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open) next.add(node._id);
      else next.delete(node._id);
      return next;
    });
    if (open && !loaded.has(node._id)) void load(node);
  };

  return (
    <div
      ref={container}
      className="page-tree"
      role="tree"
      aria-label={t('tree.title')}
      style={{ maxHeight: VIEW_HEIGHT }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div style={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>
        {rows.slice(start, end).map((row, i) => {
          const top = (start + i) * ROW_HEIGHT;
          const indent = { paddingLeft: row.depth * 14, top, height: ROW_HEIGHT };
          if (row.kind === 'more') {
            return (
              <MoreRow
                key={`more-${row.parentId}`}
                style={indent}
                onVisible={() => {
                  const kids = loaded.get(row.parentId);
                  const parent = kids && findNode(root, loaded, row.parentId);
                  if (parent) void load(parent, kids.children.at(-1)?.path);
                }}
              />
            );
          }
          const { node } = row;
          const current = node.path === currentPath;
          // A path nobody wrote yet opens like any page: its not-found page lists what is below it
          // and offers to create it (issue 30: it used to open the editor).
          const href = pathToUrl(node.path);
          return (
            <div
              key={node._id}
              className={`tree-row${current ? ' current' : ''}`}
              role="treeitem"
              aria-expanded={node.descendantCount > 0 ? row.expanded : undefined}
              aria-selected={current}
              style={indent}
            >
              {node.descendantCount > 0 || node.isEmpty ? (
                <button
                  type="button"
                  className="tree-toggle"
                  aria-label={row.expanded ? t('tree.collapse') : t('tree.expand')}
                  onClick={() => toggle(node)}
                >
                  {row.expanded ? '▾' : '▸'}
                </button>
              ) : (
                <span className="tree-toggle" />
              )}
              <Link to={href} className={node.isEmpty ? 'tree-link empty' : 'tree-link'} title={node.path}>
                {nameOf(node.path)}
              </Link>
              {node.descendantCount > 0 && <span className="tree-count">{node.descendantCount}</span>}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function findNode(root: TreeNode, loaded: ReadonlyMap<string, LoadedChildren>, id: string): TreeNode | null {
  if (root._id === id) return root;
  for (const { children } of loaded.values()) {
    const found = children.find((child) => child._id === id);
    if (found) return found;
  }
  return null;
}

/** A "loading more" row that asks for the next window of siblings once it is drawn. */
function MoreRow({ style, onVisible }: { style: React.CSSProperties; onVisible: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    onVisible();
    // Drawn means scrolled into view: ask once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="tree-row muted" style={style}>
      {t('tree.loading_more')}
    </div>
  );
}
