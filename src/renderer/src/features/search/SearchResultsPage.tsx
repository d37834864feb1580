// /_search?q= : every result of a query, with sort, order and pages kept in the URL.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { pathToUrl } from '../../../../shared/page-path';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatDateTime, formatRelative } from '../../i18n/format';
import type { SearchOrder, SearchSort } from './api';
import { Highlighted } from './Highlighted';
import { Pagination } from './Pagination';
import { SearchStatus } from './SearchStatus';
import { useSearch } from './useSearch';
import { useListSize } from '../../stores/customize';

export function SearchResultsPage() {
  const PAGE_SIZE = useListSize('L');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const sort: SearchSort = params.get('sort') === 'updatedAt' ? 'updatedAt' : 'relevance';
  const order: SearchOrder = params.get('order') === 'asc' ? 'asc' : 'desc';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState(q);
  // A new query from the navbar replaces what was typed here.
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setDraft(q);
  }
  const state = useSearch({ q, sort, order, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  useDocumentTitle(q ? `${q} - ${t('search.results_title')}` : t('search.results_title'));

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) update({ q: draft.trim() });
  };

  return (
    <main className="content search-results">
      <h1 className="page-title">{t('search.results_title')}</h1>
      <form className="search-results-form" role="search" onSubmit={submit}>
        <input
          className="input"
          type="search"
          aria-label={t('search.label')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <label>
          {t('search.sort')}{' '}
          <select className="input" value={sort} onChange={(e) => update({ sort: e.target.value })}>
            <option value="relevance">{t('search.sort_relevance')}</option>
            <option value="updatedAt">{t('search.sort_updated')}</option>
          </select>
        </label>
        <label>
          {t('search.order')}{' '}
          <select className="input" value={order} onChange={(e) => update({ order: e.target.value })}>
            <option value="desc">{t('search.order_desc')}</option>
            <option value="asc">{t('search.order_asc')}</option>
          </select>
        </label>
      </form>
      {state.kind === 'idle' && <p className="muted">{t('search.enter_query')}</p>}
      <SearchStatus state={state} />
      {state.kind === 'results' && (
        <>
          <p className="muted search-count">
            {t('search.results_count', { count: state.response.meta.total })}
          </p>
          <ol className="search-hits">
            {state.response.data.map(({ data, meta }) => (
              <li key={data._id} className="search-hit">
                <Link to={pathToUrl(data.path)}>
                  <Highlighted className="search-hit-path" html={meta.highlightedPath} />
                </Link>
                <Highlighted className="search-hit-snippet" html={meta.snippet} />
                <span className="search-hit-meta muted" title={formatDateTime(data.updatedAt)}>
                  {data.tags.map((tag) => (
                    <span key={tag} className="search-hit-tag">
                      {tag}
                    </span>
                  ))}
                  {formatRelative(data.updatedAt)}
                </span>
              </li>
            ))}
          </ol>
          <Pagination
            active={page}
            count={Math.ceil(state.response.meta.total / PAGE_SIZE)}
            onChange={(n) => update({ page: String(n) })}
          />
        </>
      )}
    </main>
  );
}
