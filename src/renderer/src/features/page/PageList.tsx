// A paginated list of pages (window of 5 page numbers, SPEC §9), as a list or a timeline: the pages
// under this one, or a user's pages on their home page.
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageListResponse } from '../../../../shared/page-tree-types';
import { pathToUrl } from '../../../../shared/page-path';
import { listDescendants } from '../../api/page-tree';
import { formatRelative } from '../../i18n/format';
import { useUi } from '../../stores/ui';
import { Pagination } from '../search/Pagination';
import { Timeline } from './Timeline';
import { useCustomizeFunction, useListSize } from '../../stores/customize';
import type { ListSize } from '../../../../shared/customize-types';

type LoadPages = (pageNo: number, perPage: number) => Promise<PageListResponse>;

/** The pages under `path`, below the page itself. */
/** `size`: which of SPEC §9's list contexts it is (S inside a page, XL the not-found screen). */
export function PageList({ path, size = 'S' }: { path: string; size?: ListSize }) {
  const { t } = useTranslation();
  const load = useCallback<LoadPages>((pageNo, perPage) => listDescendants(path, pageNo, perPage), [path]);
  return <PagedPageList load={load} size={size} title={(count) => t('page_list.title', { count })} />;
}

/** Pages from `load` (stable per list: a new function starts again at page 1), with a title by count. */
export function PagedPageList({
  load,
  title,
  size = 'S',
}: {
  load: LoadPages;
  title: (count: number) => string;
  size?: ListSize;
}) {
  const PER_PAGE = useListSize(size);
  const timelineOn = useCustomizeFunction('isEnabledTimeline');
  const { t } = useTranslation();
  const titleId = useId();
  const version = useUi((s) => s.pagesVersion);
  const [pageNo, setPageNo] = useState(1);
  const [view, setView] = useState<'list' | 'timeline'>('list');
  const [result, setResult] = useState<PageListResponse | null>(null);

  const [loadedBy, setLoadedBy] = useState(() => load);
  if (loadedBy !== load) {
    setLoadedBy(() => load);
    setPageNo(1);
  }

  useEffect(() => {
    let cancelled = false;
    load(pageNo, PER_PAGE).then(
      (list) => !cancelled && setResult(list),
      () => !cancelled && setResult({ pages: [], totalCount: 0 }),
    );
    return () => {
      cancelled = true;
    };
  }, [load, pageNo, version, PER_PAGE]);

  if (!result || result.totalCount === 0) return null;
  return (
    <section className="page-list-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="side-title">
        {title(result.totalCount)}
      </h2>
      {/* The admin may turn the timeline off (customize functions): then the list is all there is. */}
      {timelineOn && (
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
      )}
      {view === 'timeline' && timelineOn ? (
        <Timeline pages={result.pages} />
      ) : (
        <ul className="page-list">
          {result.pages.map((page) => (
            <li key={page._id}>
              <Link to={pathToUrl(page.path)}>{page.path}</Link>
              {page.wip && (
                <span className="badge badge-warning" title={t('page.wip_hint')}>
                  {t('page.wip')}
                </span>
              )}
              <span className="muted">{formatRelative(page.updatedAt)}</span>
            </li>
          ))}
        </ul>
      )}
      <Pagination active={pageNo} count={Math.ceil(result.totalCount / PER_PAGE)} onChange={setPageNo} />
    </section>
  );
}
