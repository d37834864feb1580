// Every wiki URL: /{path}, /{pageId} (permalink) and the top page, in view, edit (#edit) or
// co-editing (#hackmd) mode.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { Page } from '../../../../shared/api-types';
import { ApiError } from '../../api/client';
import { pathToUrl } from '../../../../shared/page-path';
import { Alert } from '../../components/Field';
import { preloadMarkdown } from '../../components/MarkdownView';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../stores/session';
import { errorMessages } from '../../stores/toasts';
import { useUi } from '../../stores/ui';
import { LivePageNotices } from '../realtime/LivePageNotices';
import { HistoryView } from '../history/HistoryView';
import { SidebarAside } from '../sidebar/SidebarAside';
import { pageTitle } from './Breadcrumbs';
import { NotFound } from './NotFound';
import { parsePageLocation } from './page-location';
import { PageView } from './PageView';
import { usePage } from './usePage';
import { editorMode, editRefusal } from './editor-mode';

// CodeMirror and Yjs load only when someone edits (most visits only read).
const Editor = lazy(() => import('../editor/Editor').then((m) => ({ default: m.Editor })));
const CoEditor = lazy(() => import('../coedit/CoEditor').then((m) => ({ default: m.CoEditor })));
const loading = <div className="loading" aria-busy="true" />;

export function PageRoute() {
  // The Markdown chunk comes while the page's data does: the body is drawn as soon as both are here.
  useEffect(preloadMarkdown, []);
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const where = useMemo(() => parsePageLocation(location.pathname), [location.pathname]);
  const mode = editorMode(location.hash);
  const editing = mode !== 'view';
  // A reader asking for the latest version (after "updated by X") fetches the page again.
  const [reloads, setReloads] = useState(0);
  const actedOn = useUi((s) => s.currentPageVersion);
  const state = usePage(where, `${mode}|${reloads}|${actedOn}`);
  const page = state.status === 'found' ? state.page : null;
  const path = page?.path ?? (where.kind === 'path' ? where.path : null);
  const refusal = editing && state.status !== 'loading' ? editRefusal(user, path, mode, page !== null) : null;

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
    return (
      <Suspense fallback={loading}>
        {mode === 'hackmd' && page && user ? (
          <CoEditor key={where.key} page={page} me={user} onLeave={leave} />
        ) : (
          <Editor key={where.key} path={path} page={page} onLeave={leave} />
        )}
      </Suspense>
    );
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
          <>
            <LivePageNotices
              key={`${page._id}|${page.revision._id}`}
              page={page}
              onReload={() => setReloads((n) => n + 1)}
            />
            <PageView page={page} />
          </>
        ) : (
          <NotFound path={path} />
        )}
      </main>
      <SidebarAside />
    </div>
  );
}
