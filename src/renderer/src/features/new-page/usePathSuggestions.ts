// Autocompletion of page paths for "Create under a path": the existing pages beside what is typed,
// read from the tree (one level, 20 at most), a moment after typing stops.
import { useEffect, useState } from 'react';
import { getChildren } from '../../api/page-tree';

/** The page whose children complete `typed`: `/a/b` and `/a/` both complete under `/a`. */
export function completionParent(typed: string): string {
  const trimmed = typed.trim();
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? '/' : trimmed.slice(0, cut);
}

export function usePathSuggestions(typed: string): string[] {
  const [result, setResult] = useState<{ parent: string; paths: string[] } | null>(null);
  const parent = completionParent(typed);
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      getChildren({ path: parent }, undefined, 20).then(
        ({ children }) => !cancelled && setResult({ parent, paths: children.map((child) => child.path) }),
        () => !cancelled && setResult({ parent, paths: [] }), // no such parent: nothing to suggest
      );
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [parent]);
  return result?.parent === parent ? result.paths : [];
}
