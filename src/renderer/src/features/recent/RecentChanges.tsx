// Recently updated pages (GET /pages/recent, 20 of them), refreshed after every save.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageSummary } from '../../../../shared/api-types';
import { pathToUrl } from '../../../../shared/page-path';
import { getRecentPages } from '../../api/endpoints';
import { formatDateTime, formatRelative } from '../../i18n/format';
import { useUi } from '../../stores/ui';

type Result = { version: number; pages: PageSummary[] | null };

export function RecentChanges() {
  const { t } = useTranslation();
  const version = useUi((s) => s.pagesVersion);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    let cancelled = false;
    getRecentPages(20).then(
      ({ pages }) => !cancelled && setResult({ version, pages }),
      () => !cancelled && setResult({ version, pages: null }),
    );
    return () => {
      cancelled = true;
    };
  }, [version]);

  const pages = result?.pages;
  return (
    <section className="recent" aria-labelledby="recent-title">
      <h2 id="recent-title" className="side-title">
        {t('recent.title')}
      </h2>
      {result === null ? (
        <div className="loading small" aria-busy="true" />
      ) : pages == null ? (
        <p className="muted">{t('recent.failed')}</p>
      ) : pages.length === 0 ? (
        <p className="muted">{t('recent.empty')}</p>
      ) : (
        <ul className="recent-list">
          {pages.map((page) => (
            <li key={page._id}>
              <Link to={pathToUrl(page.path)} className="recent-path">
                {page.path}
              </Link>
              <span className="recent-meta" title={formatDateTime(page.updatedAt)}>
                {page.lastUpdateUser?.name ?? ''}
                {page.lastUpdateUser ? ' · ' : ''}
                {formatRelative(page.updatedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
