// /admin/search, "Full-text search management" (SPEC §2, §4): connection and index status, counts,
// and a rebuild with a progress bar (polled once a second while rebuilding). Administrators only.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchIndicesStatus } from '../../../../shared/search-types';
import { formatFileSize } from '../../../../shared/attachment-types';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatDateTime } from '../../i18n/format';
import { getAppConfig } from '../../api/endpoints';
import { useSession } from '../../stores/session';
import { getSearchIndices, rebuildSearchIndex } from './api';

const POLL_MS = 1000;

const CONNECTION_KEYS = {
  connected: 'search_admin.connected',
  disconnected: 'search_admin.disconnected',
  error: 'search_admin.connection_error',
} as const;

export function AdminSearchPage() {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.user?.admin ?? false);
  const [status, setStatus] = useState<SearchIndicesStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('search_admin.title'));

  const load = useCallback(
    () =>
      getSearchIndices().then(
        (next) => {
          setStatus(next);
          setFailed(false);
          // A repaired service re-enables the navbar box without a reload.
          const session = useSession.getState();
          if (next.connection === 'connected' && !session.config.isSearchServiceReachable) {
            void getAppConfig().then(({ currentUser: _user, ...config }) => session.setConfig(config));
          }
        },
        () => setFailed(true),
      ),
    [],
  );

  useEffect(() => {
    if (isAdmin) void load();
  }, [isAdmin, load]);

  const rebuilding = status?.indexStatus === 'rebuilding';
  useEffect(() => {
    if (!rebuilding) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [rebuilding, load]);

  if (!isAdmin) {
    return (
      <main className="content narrow">
        <p className="alert alert-error">{t('search_admin.admin_only')}</p>
      </main>
    );
  }

  const rebuild = async () => {
    setBusy(true);
    try {
      setStatus(await rebuildSearchIndex());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const progress = status?.progress;
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <main className="content narrow search-admin">
      <h1 className="page-title">{t('search_admin.title')}</h1>
      {failed && <p className="alert alert-error">{t('search_admin.load_failed')}</p>}
      {status === null ? (
        !failed && <div className="loading" aria-busy="true" />
      ) : (
        <section className="card">
          <dl className="facts">
            <dt>{t('search_admin.connection')}</dt>
            <dd data-testid="search-connection" className={`status-${status.connection}`}>
              {t(CONNECTION_KEYS[status.connection])}
            </dd>
            <dt>{t('search_admin.index_status')}</dt>
            <dd data-testid="search-index-status" className={`status-${status.indexStatus}`}>
              {t(`search_admin.${status.indexStatus}`)}
            </dd>
            <dt>{t('search_admin.documents')}</dt>
            <dd>{status.documentCount}</dd>
            <dt>{t('search_admin.pages')}</dt>
            <dd>{status.pageCount}</dd>
            <dt>{t('search_admin.size')}</dt>
            <dd>{formatFileSize(status.sizeOnDisk)}</dd>
            <dt>{t('search_admin.saved_at')}</dt>
            <dd>{status.savedAt ? formatDateTime(status.savedAt) : t('search_admin.never')}</dd>
            {status.lastError && (
              <>
                <dt>{t('search_admin.last_error')}</dt>
                <dd>{status.lastError}</dd>
              </>
            )}
          </dl>
          {progress && (
            <div className="search-progress">
              <progress max={progress.total} value={progress.done} aria-label={t('search_admin.rebuilding')}>
                {percent}%
              </progress>
              <span>{t('search_admin.progress', { done: progress.done, total: progress.total })}</span>
            </div>
          )}
          <p className="muted">{t('search_admin.rebuild_hint')}</p>
          <button type="button" className="btn btn-primary" disabled={busy || rebuilding} onClick={rebuild}>
            {t('search_admin.rebuild')}
          </button>
        </section>
      )}
    </main>
  );
}
