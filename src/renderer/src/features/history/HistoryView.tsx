// Page history (#history): revisions with author, date and size; pick two to compare; view an
// old version; restore one as a new revision.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Page } from '../../../../shared/api-types';
import type { DiffChange, RevisionSummary } from '../../../../shared/page-tree-types';
import { pathToUrl } from '../../../../shared/page-path';
import { getDiff, listRevisions, restoreRevision } from '../../api/page-tree';
import { formatDateTime } from '../../i18n/format';
import { useSession } from '../../stores/session';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { useUi } from '../../stores/ui';
import { Pagination } from '../search/Pagination';
import { DiffView } from './DiffView';
import { DataTable } from '../../components/DataTable';
import { useListSize } from '../../stores/customize';

export function HistoryView({ page }: { page: Page }) {
  const PER_PAGE = useListSize('S');
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [pageNo, setPageNo] = useState(1);
  const [list, setList] = useState<{ revisions: RevisionSummary[]; totalCount: number } | null>(null);
  const [compare, setCompare] = useState<{ from: string | null; to: string | null }>({
    from: null,
    to: null,
  });
  const [changes, setChanges] = useState<DiffChange[] | null>(null);

  useEffect(() => {
    let cancelled = false;
    listRevisions(page._id, pageNo, PER_PAGE).then(
      (result) => !cancelled && setList(result),
      (err: unknown) => toastError(errorMessages(err)),
    );
    return () => {
      cancelled = true;
    };
  }, [page._id, pageNo, PER_PAGE]);

  useEffect(() => {
    if (!compare.to) return;
    let cancelled = false;
    getDiff(page._id, compare.to, compare.from ?? undefined).then(
      (diff) => !cancelled && setChanges(diff.changes),
      (err: unknown) => toastError(errorMessages(err)),
    );
    return () => {
      cancelled = true;
    };
  }, [page._id, compare]);

  const restore = async (revisionId: string) => {
    try {
      const saved = await restoreRevision(page, revisionId);
      useUi.getState().pagesChanged();
      toastSuccess(t('history.restored'));
      navigate(pathToUrl(saved.path));
    } catch (err) {
      toastError(errorMessages(err));
    }
  };

  if (!list) return <div className="loading" aria-busy="true" />;
  return (
    <section className="history" aria-labelledby="history-title">
      {/* Which page's history (issue 30), and the way back to it. */}
      <h2 id="history-title">{t('history.title_of', { path: page.path })}</h2>
      <p>
        <Link to={pathToUrl(page.path)}>{t('history.back_to_page')}</Link>
      </p>
      <p className="muted">{t('history.compare_hint')}</p>
      <DataTable
        className="history-table"
        ns="history"
        columns={['from', 'to', 'author', 'date', 'size', '']}
      >
        {list.revisions.map((revision) => (
          <tr key={revision._id} data-revision={revision._id}>
            <td>
              <input
                type="radio"
                name="from"
                aria-label={t('history.from')}
                checked={compare.from === revision._id}
                onChange={() => setCompare((c) => ({ ...c, from: revision._id }))}
              />
            </td>
            <td>
              <input
                type="radio"
                name="to"
                aria-label={t('history.to')}
                checked={compare.to === revision._id}
                onChange={() => setCompare((c) => ({ ...c, to: revision._id }))}
              />
            </td>
            <td>
              {revision.author?.name ?? t('page.unknown_user')}
              {revision.coeditors.length > 0 && (
                <span className="muted">
                  {' '}
                  {t('coediting.with_coeditors', {
                    names: revision.coeditors.map((u) => u.name).join(', '),
                  })}
                </span>
              )}
            </td>
            <td>{formatDateTime(revision.createdAt)}</td>
            <td>{revision.size.toLocaleString()}</td>
            <td className="history-row-actions">
              <Link to={`${pathToUrl(page.path)}?revisionId=${revision._id}`}>{t('history.view')}</Link>
              {user && revision._id !== page.revision._id && (
                <button
                  type="button"
                  className="btn btn-sm btn-secondary"
                  onClick={() => restore(revision._id)}
                >
                  {t('history.restore')}
                </button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination active={pageNo} count={Math.ceil(list.totalCount / PER_PAGE)} onChange={setPageNo} />
      {compare.to && changes && <DiffView changes={changes} />}
    </section>
  );
}
