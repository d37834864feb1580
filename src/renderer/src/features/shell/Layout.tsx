// The app shell: navbar, the routed screen inside an error boundary, toasts and the create dialog.
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useFocusableOverflow } from '../../components/useFocusableOverflow';
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
import { EasterEggs } from './StaffCredits';
import { useShortcuts } from './useShortcuts';
import { MobileBottomBar } from './MobileBottomBar';
import { ScrollToTop } from './ScrollToTop';
import { useDrawerMode } from './useDrawerMode';
import { useSidebar } from '../../stores/sidebar';
import { Customizations } from '../customize/Customizations';
import { DiskSpaceBanner } from './DiskSpaceBanner';

export function Layout() {
  useShortcuts();
  useLiveListRefresh();
  const location = useLocation();
  const isInstalled = useSession((s) => s.config.isInstalled);
  const user = useSession((s) => s.user);
  const drawer = useDrawerMode();
  const drawerOpen = useSidebar((s) => s.drawerOpen);
  const closeDrawer = useSidebar((s) => s.closeDrawer);
  // A callback ref: the body is not drawn while the installer redirect is returned instead.
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  useFocusableOverflow(body, 'table');
  if (!isInstalled && location.pathname !== '/installer') return <Navigate to="/installer" replace />;
  // An invited user completes the profile before anything else.
  const invited = user && user.status === USER_STATUS.invited ? user : null;
  return (
    <div className={`app${drawer ? ' drawer-mode' : ''}${drawer && drawerOpen ? ' drawer-open' : ''}`}>
      <ErrorBoundary name="Navbar">
        <Navbar />
      </ErrorBoundary>
      <Customizations />
      <DiskSpaceBanner />
      <div className="app-body" ref={setBody}>
        <ErrorBoundary name="Page" key={location.pathname}>
          {invited ? <CompleteProfilePage user={invited} /> : <Outlet />}
        </ErrorBoundary>
      </div>
      {drawer && drawerOpen && <div className="drawer-backdrop" onClick={closeDrawer} aria-hidden="true" />}
      <MobileBottomBar />
      <ScrollToTop />
      <Toasts />
      <NewPageDialog />
      <ShortcutsHelp />
      <EasterEggs />
      <ErrorBoundary name="Theme">
        <ThemeLoader />
      </ErrorBoundary>
    </div>
  );
}
