// Every wiki URL: /{path}, /{pageId} (permalink) and the top page, in view or edit mode (#edit).
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { CurrentUser, Page } from '../../../../shared/api-types';
import { ApiError } from '../../api/client';
import { isCreatablePage, pathToUrl } from '../../../../shared/page-path';
import { Alert } from '../../components/Field';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { mayEditPages } from '../../stores/permissions';
import { useSession } from '../../stores/session';
import { errorMessages } from '../../stores/toasts';
import { useUi } from '../../stores/ui';
import { Editor } from '../editor/Editor';
import { HistoryView } from '../history/HistoryView';
import { Sidebar } from '../sidebar/Sidebar';
import { pageTitle } from './Breadcrumbs';
import { NotFound } from './NotFound';
import { parsePageLocation } from './page-location';
import { PageView } from './PageView';
import { usePage } from './usePage';

/** SPEC §4: only signed-in users may leave view, and only for a creatable path. */
function editRefusal(user: CurrentUser | null, path: string | null): string | null {
  if (!user) return 'page.login_to_edit';
  if (!mayEditPages(user)) return 'page.could_not_edit';
  if (path === null || !isCreatablePage(path)) return 'page.could_not_edit';
  return null;
}

export function PageRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const where = useMemo(() => parsePageLocation(location.pathname), [location.pathname]);
  const editing = location.hash === '#edit';
  const state = usePage(where, editing ? 'edit' : 'view');
  const page = state.status === 'found' ? state.page : null;
  const path = page?.path ?? (where.kind === 'path' ? where.path : null);
  const refusal = editing && state.status !== 'loading' ? editRefusal(user, path) : null;

  useEffect(() => {
    if (refusal) console.warn(t(refusal));
  }, [refusal, t]);
  useEffect(() => {
    useUi.setState({ currentPath: path });
    return () => useUi.setState({ currentPath: null });
  }, [path]);
  useDocumentTitle(path ? pageTitle(path, t('page.top')) : null);

  if (state.status === 'loading') return <div className="loading" aria-busy="true" />;
  // Guest mode 'Deny': guests must sign in before reading anything.
  if (state.status === 'error' && state.error instanceof ApiError && state.error.status === 401 && !user) {
    return <Navigate to="/login" state={{ from: `${location.pathname}${location.hash}` }} replace />;
  }

  // A moved page's old path: show the page at its new path, saying where the link pointed.
  if (state.status === 'found' && state.redirectFrom) {
    const to = `${pathToUrl(state.page.path)}?redirectFrom=${encodeURIComponent(state.redirectFrom)}`;
    return <Navigate to={to} replace />;
  }

  if (editing && !refusal && path !== null) {
    const leave = (saved: Page | null) => {
      const pathname = where.kind === 'path' && saved ? pathToUrl(saved.path) : location.pathname;
      navigate({ pathname, hash: '' });
    };
    return <Editor key={where.key} path={path} page={page} onLeave={leave} />;
  }

  return (
    <div className="page-layout">
      <main className="content">
        {refusal && <Alert kind="warning">{t(refusal)}</Alert>}
        {state.status === 'error' ? (
          <Alert kind="error">{errorMessages(state.error).join('\n')}</Alert>
        ) : page && location.hash === '#history' ? (
          <HistoryView page={page} />
        ) : page ? (
          <PageView page={page} />
        ) : (
          <NotFound path={path} />
        )}
      </main>
      <aside className="side">
        <Sidebar />
      </aside>
    </div>
  );
}
