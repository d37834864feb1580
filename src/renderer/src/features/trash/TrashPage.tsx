// /trash: deleted pages, newest deletion first, with "empty trash" for those allowed.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageListResponse } from '../../../../shared/page-tree-types';
import { pathToUrl } from '../../../../shared/page-path';
import { emptyTrash, listTrash } from '../../api/page-tree';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatDateTime } from '../../i18n/format';
import { useSession } from '../../stores/session';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { Pagination } from '../search/Pagination';
import { useListSize } from '../../stores/customize';

export function TrashPage() {
  const PER_PAGE = useListSize('XL');
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [pageNo, setPageNo] = useState(1);
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<PageListResponse | null>(null);
  useDocumentTitle(t('trash.title'));

  useEffect(() => {
    let cancelled = false;
    listTrash(pageNo, PER_PAGE).then(
      (list) => !cancelled && setResult(list),
      (err: unknown) => toastError(errorMessages(err)),
    );
    return () => {
      cancelled = true;
    };
  }, [pageNo, version, PER_PAGE]);

  const empty = async () => {
    if (!window.confirm(t('trash.empty_confirm'))) return;
    try {
      const { deletedCount } = await emptyTrash();
      toastSuccess(t('trash.emptied', { count: deletedCount }));
      setVersion((v) => v + 1);
    } catch (err) {
      toastError(errorMessages(err));
    }
  };

  return (
    <main className="content admin-content trash-page">
      <div className="page-title-row">
        <h1 className="page-title">{t('trash.title')}</h1>
        {user && result && result.totalCount > 0 && (
          <button type="button" className="btn btn-danger" onClick={empty}>
            {t('trash.empty')}
          </button>
        )}
      </div>
      {result === null ? (
        <div className="loading" aria-busy="true" />
      ) : result.pages.length === 0 ? (
        <p className="muted">{t('trash.nothing')}</p>
      ) : (
        <ul className="page-list">
          {result.pages.map((page) => (
            <li key={page._id}>
              <Link to={pathToUrl(page.path)}>{page.path}</Link>
              <span className="muted">{page.deletedAt ? formatDateTime(page.deletedAt) : ''}</span>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        active={pageNo}
        count={Math.ceil((result?.totalCount ?? 0) / PER_PAGE)}
        onChange={setPageNo}
      />
    </main>
  );
}
