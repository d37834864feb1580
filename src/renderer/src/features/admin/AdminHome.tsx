// /admin: the administration screens, each with what it is for, then the system information.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ADMIN_TABS } from './AdminLayout';
import { SystemInfo } from './SystemInfo';
import { InstalledPluginsSummary } from '../plugins/InstalledPluginsSummary';

export function AdminHome() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.title'));
  return (
    <main className="content narrow">
      <h1 className="page-title">{t('admin.title')}</h1>
      <ul className="admin-home-list">
        {ADMIN_TABS.filter((tab) => tab.path !== '/admin').map((tab) => (
          <li key={tab.path} className="card">
            <Link to={tab.path}>{t(tab.key)}</Link>
            <p className="muted">{t(`${tab.key}_hint`)}</p>
          </li>
        ))}
      </ul>
      <SystemInfo />
      <InstalledPluginsSummary />
    </main>
  );
}
