// The app shell: navbar, the routed screen inside an error boundary, toasts and the create dialog.
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { ThemeLoader } from '../plugins/ThemeLoader';
import { Toasts } from '../../components/Toasts';
import { USER_STATUS } from '../../../../shared/account-types';
import { useSession } from '../../stores/session';
import { CompleteProfilePage } from '../invited/CompleteProfilePage';
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
  const user = useSession((s) => s.user);
  if (!isInstalled && location.pathname !== '/installer') return <Navigate to="/installer" replace />;
  // An invited user completes the profile before anything else.
  const invited = user && user.status === USER_STATUS.invited ? user : null;
  return (
    <div className="app">
      <ErrorBoundary name="Navbar">
        <Navbar />
      </ErrorBoundary>
      <div className="app-body">
        <ErrorBoundary name="Page" key={location.pathname}>
          {invited ? <CompleteProfilePage user={invited} /> : <Outlet />}
        </ErrorBoundary>
      </div>
      <Toasts />
      <NewPageDialog />
      <ShortcutsHelp />
      <ErrorBoundary name="Theme">
        <ThemeLoader />
      </ErrorBoundary>
    </div>
  );
}
