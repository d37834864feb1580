// `$lsx(...)`: the pages below a path as a tree, fetched from GET /_api/lsx through the permission
// function; the first screen, then "load more" a window at a time within the `num` range.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageSummary } from '../../../../shared/api-types';
import { LSX_PAGE_SIZE, buildLsxTree, type LsxMacro, type LsxNode } from '../../../../shared/macros/lsx';
import { fetchLsx } from './api';

interface State {
  pages: PageSummary[];
  total: number;
  /** Offset of the next window. */
  cursor: number;
  loading: boolean;
  error: string | null;
}

function Tree({ nodes }: { nodes: LsxNode[] }) {
  return (
    <ul className="lsx-tree">
      {nodes.map((node) => (
        <li key={node.path}>
          {node.pageId ? (
            <Link to={node.path}>{node.path.slice(node.path.lastIndexOf('/') + 1)}</Link>
          ) : (
            <span className="lsx-bare">{node.path.slice(node.path.lastIndexOf('/') + 1)}</span>
          )}
          {node.children.length > 0 && <Tree nodes={node.children} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * One `$lsx` list. The parent keys it by the macro, so a changed macro mounts a fresh list: the
 * effect only fetches the first window, and "load more" fetches the next from its click.
 */
export function LsxList({ macro }: { macro: LsxMacro }) {
  const { t } = useTranslation();
  const start = macro.num?.offset ?? 0;
  // Where the `num` window ends (exclusive), or no end.
  const end = macro.num?.limit === undefined ? Infinity : start + macro.num.limit;
  const [state, setState] = useState<State>({
    pages: [],
    total: 0,
    cursor: start,
    loading: true,
    error: null,
  });
  const { prefix } = macro;
  // A string, so a re-render with an equal macro keeps the same callback and fetches nothing.
  const queryJson = JSON.stringify(macro.query);

  const fetchFrom = useCallback(
    (offset: number, append: boolean) => {
      const limit = Math.max(0, Math.min(LSX_PAGE_SIZE, end - offset));
      const options = JSON.parse(queryJson) as Record<string, string>;
      return fetchLsx(prefix, options, offset, limit).then(
        (answer) =>
          setState((current) => ({
            pages: append ? [...current.pages, ...answer.pages] : answer.pages,
            total: answer.total,
            cursor: answer.cursor,
            loading: false,
            error: null,
          })),
        (error: unknown) =>
          setState((current) => ({
            ...current,
            loading: false,
            error: error instanceof Error ? error.message : String(error),
          })),
      );
    },
    [prefix, queryJson, end],
  );

  useEffect(() => {
    void fetchFrom(start, false);
  }, [fetchFrom, start]);

  const loadMore = () => {
    setState((current) => ({ ...current, loading: true }));
    void fetchFrom(state.cursor, true);
  };

  if (state.error)
    return (
      <div className="lsx lsx-error" role="alert">
        {`$lsx: ${state.error}`}
      </div>
    );
  const more = state.cursor < Math.min(state.total, end);
  return (
    <div className="lsx" aria-busy={state.loading}>
      {!state.loading && state.pages.length === 0 ? (
        <p className="muted lsx-empty">{t('macros.lsx.empty', { path: macro.prefix })}</p>
      ) : (
        <Tree nodes={buildLsxTree(macro.prefix, state.pages, macro.options.depth)} />
      )}
      {more && (
        <button
          type="button"
          className="btn btn-sm lsx-load-more"
          disabled={state.loading}
          onClick={loadMore}
        >
          {t('macros.lsx.load_more', {
            shown: state.pages.length,
            total: Math.min(state.total, end) - start,
          })}
        </button>
      )}
    </div>
  );
}
