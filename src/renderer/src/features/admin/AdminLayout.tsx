// The admin area (/admin/*): guests go to /login, other non-admins get the 403 card; administrators get
// the admin tab navigation (SPEC §2: tabs on wide screens — a column beside the screen from 992 px —
// and a dropdown on narrower ones).
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../stores/session';

/** In GROWI's order where it has the screen: settings, then people, content, data, records. */
export const ADMIN_TABS = [
  { path: '/admin', key: 'admin.home', end: true },
  { path: '/admin/app', key: 'notifications.app_settings_title', end: false },
  { path: '/admin/sharing', key: 'sharing.title', end: false },
  { path: '/admin/security', key: 'admin.security', end: false },
  { path: '/admin/markdown', key: 'admin.markdown', end: false },
  { path: '/admin/customize', key: 'customize.title', end: false },
  { path: '/admin/plugins', key: 'admin.plugins', end: false },
  { path: '/admin/users', key: 'admin.users', end: false },
  { path: '/admin/user-groups', key: 'admin.user_groups', end: false },
  { path: '/admin/share-links', key: 'admin.share_links', end: false },
  { path: '/admin/search', key: 'admin.search', end: false },
  { path: '/admin/notification', key: 'notification_settings.tab', end: true },
  { path: '/admin/notification-outbox', key: 'notifications.outbox_tab', end: false },
  { path: '/admin/importer', key: 'admin.importer', end: false },
  { path: '/admin/export', key: 'admin.export', end: false },
  { path: '/admin/backups', key: 'backups.admin_title', end: false },
  { path: '/admin/audit-log', key: 'audit_log.title', end: false },
] as const;

/** The tab a location belongs to: the longest tab path that prefixes it. */
export function activeAdminTab(pathname: string): string {
  const matches = ADMIN_TABS.filter((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`));
  return matches.reduce((best, tab) => (tab.path.length > best.length ? tab.path : best), '/admin');
}

export function AdminForbidden() {
  const { t } = useTranslation();
  return (
    <main className="content narrow">
      <div className="error-card" role="alert" data-testid="admin-forbidden">
        <h2 className="error-card-title">{t('admin.forbidden_title')}</h2>
        <p className="error-card-message">{t('admin.forbidden')}</p>
        <Link to="/">{t('nav.top_page')}</Link>
      </div>
    </main>
  );
}

function AdminNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <nav className="admin-nav" aria-label={t('admin.title')}>
      <ul className="admin-tabs">
        {ADMIN_TABS.map((tab) => (
          <li key={tab.path}>
            <NavLink to={tab.path} end={tab.end} className="admin-tab">
              {t(tab.key)}
            </NavLink>
          </li>
        ))}
      </ul>
      <select
        className="input admin-tabs-select"
        aria-label={t('admin.title')}
        value={activeAdminTab(pathname)}
        onChange={(event) => void navigate(event.target.value)}
      >
        {ADMIN_TABS.map((tab) => (
          <option key={tab.path} value={tab.path}>
            {t(tab.key)}
          </option>
        ))}
      </select>
    </nav>
  );
}

export function AdminLayout() {
  const user = useSession((s) => s.user);
  const location = useLocation();
  if (!user) return <Navigate to="/login" state={{ from: location.pathname }} replace />;
  if (!user.admin) return <AdminForbidden />;
  return (
    <div className="admin-area">
      <AdminNav />
      <Outlet />
    </div>
  );
}
