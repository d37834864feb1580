// Top navbar (SPEC §2): logo to /, the app title, the confidential label, the search box; Login for guests, New and
// the personal dropdown for users.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { mayEditPages } from '../../stores/permissions';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { useSidebar } from '../../stores/sidebar';
import { Icon, Logo } from '../../components/Icon';
import { SearchBox } from '../search/SearchBox';
import { UserMenu } from './UserMenu';
import { NotificationBell } from '../notifications/NotificationBell';

export function Navbar() {
  const { t } = useTranslation();
  const { title, confidential, isInstalled, restrictGuestMode } = useSession((s) => s.config);
  const user = useSession((s) => s.user);
  const openNewPage = useUi((s) => s.setNewPageOpen);
  const location = useLocation();
  const onLoginPage = location.pathname === '/login';
  const sidebarPresent = useSidebar((s) => s.present);
  const drawerOpen = useSidebar((s) => s.drawerOpen);
  const toggleDrawer = useSidebar((s) => s.toggleDrawer);
  return (
    <header className="navbar">
      {sidebarPresent && (
        // Shown by CSS in drawer mode on wide screens only; phones have the bottom bar's button.
        <button
          type="button"
          className="icon-button drawer-toggle"
          aria-label={t('bottom_bar.menu')}
          aria-expanded={drawerOpen}
          onClick={toggleDrawer}
        >
          <Icon name="menu" size={20} />
        </button>
      )}
      {/* Its name is what it shows, the wiki's title (WCAG 2.5.3, issue 30); the tooltip says where it goes. */}
      <Link to="/" className="navbar-brand" title={t('nav.top_page')}>
        <Logo />
        <span className="navbar-title">{title}</span>
      </Link>
      {confidential && (
        <span className="navbar-confidential" title={t('nav.confidential')}>
          {confidential}
        </span>
      )}
      <div className="navbar-spacer" />
      {(user || restrictGuestMode === 'Readonly') && isInstalled && <SearchBox />}
      {user ? (
        <div className="navbar-actions">
          {mayEditPages(user) && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => openNewPage(true)}
              title={t('nav.new_shortcut')}
            >
              <Icon name="plus" size={16} />
              {t('nav.new')}
            </button>
          )}
          <NotificationBell />
          <UserMenu user={user} />
        </div>
      ) : (
        isInstalled &&
        !onLoginPage && (
          <Link
            className="btn btn-ghost btn-sm"
            to="/login"
            state={{ from: `${location.pathname}${location.search}${location.hash}` }}
          >
            {t('nav.login')}
          </Link>
        )
      )}
    </header>
  );
}
