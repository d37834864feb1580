// /admin/app: the app settings. Each section is its own component (mail here, issue 14); other
// sections (site name, site URL, sharing…) belong to other issues and sit beside it.
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { MailSettingsSection } from './MailSettingsSection';

export function AppSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notifications.app_settings_title'));
  return (
    <main className="content narrow">
      <h1 className="page-title">{t('notifications.app_settings_title')}</h1>
      <MailSettingsSection />
    </main>
  );
}
