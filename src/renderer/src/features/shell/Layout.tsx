// The app shell: navbar, the routed screen inside an error boundary, toasts and the create dialog.
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { Toasts } from '../../components/Toasts';
import { useSession } from '../../stores/session';
import { NewPageDialog } from '../new-page/NewPageDialog';
import { Navbar } from './Navbar';
import { useLiveListRefresh } from '../realtime/live-events';
import { ShortcutsHelp } from './ShortcutsHelp';
import { useShortcuts } from './useShortcuts';

export function Layout() {
  useShortcuts();
  useLiveListRefresh();
  const location = useLocation();
  const isInstalled = useSession((s) => s.config.isInstalled);
  if (!isInstalled && location.pathname !== '/installer') return <Navigate to="/installer" replace />;
  return (
    <div className="app">
      <ErrorBoundary name="Navbar">
        <Navbar />
      </ErrorBoundary>
      <div className="app-body">
        <ErrorBoundary name="Page" key={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </div>
      <Toasts />
      <NewPageDialog />
      <ShortcutsHelp />
    </div>
  );
}
