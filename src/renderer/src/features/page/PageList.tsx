// The pages under this one as a list or a timeline, paginated with a window of 5 page numbers
// (SPEC §9).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageListResponse } from '../../../../shared/page-tree-types';
import { pathToUrl } from '../../../../shared/page-path';
import { listDescendants } from '../../api/page-tree';
import { formatRelative } from '../../i18n/format';
import { useUi } from '../../stores/ui';
import { Pagination } from '../search/Pagination';
import { Timeline } from './Timeline';

const PER_PAGE = 10;

export function PageList({ path }: { path: string }) {
  const { t } = useTranslation();
  const version = useUi((s) => s.pagesVersion);
  const [pageNo, setPageNo] = useState(1);
  const [view, setView] = useState<'list' | 'timeline'>('list');
  const [result, setResult] = useState<PageListResponse | null>(null);

  useEffect(() => {
    let cancelled = false;
    listDescendants(path, pageNo, PER_PAGE).then(
      (list) => !cancelled && setResult(list),
      () => !cancelled && setResult({ pages: [], totalCount: 0 }),
    );
    return () => {
      cancelled = true;
    };
  }, [path, pageNo, version]);

  if (!result || result.totalCount === 0) return null;
  return (
    <section className="page-list-section" aria-labelledby="page-list-title">
      <h2 id="page-list-title" className="side-title">
        {t('page_list.title', { count: result.totalCount })}
      </h2>
      <div className="diff-modes" role="group" aria-label={t('page_list.view')}>
        {(['list', 'timeline'] as const).map((name) => (
          <button
            key={name}
            type="button"
            className={`btn btn-sm ${view === name ? 'btn-primary' : 'btn-secondary'}`}
            aria-pressed={view === name}
            onClick={() => setView(name)}
          >
            {t(`page_list.${name}`)}
          </button>
        ))}
      </div>
      {view === 'timeline' ? (
        <Timeline pages={result.pages} />
      ) : (
        <ul className="page-list">
          {result.pages.map((page) => (
            <li key={page._id}>
              <Link to={pathToUrl(page.path)}>{page.path}</Link>
              <span className="muted">{formatRelative(page.updatedAt)}</span>
            </li>
          ))}
        </ul>
      )}
      <Pagination active={pageNo} count={Math.ceil(result.totalCount / PER_PAGE)} onChange={setPageNo} />
    </section>
  );
}
