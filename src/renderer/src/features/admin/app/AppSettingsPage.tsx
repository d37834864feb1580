// /admin/app: the app settings, a component per section: general (issue 15), Share on LAN and the site URL (issue 16),
// mail (issue 14), file upload (issue 19), plugin loading (issue 18).
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { SharingSettingsSection } from '../sharing/SharingSettingsSection';
import { MailSettingsSection } from './MailSettingsSection';
import { GeneralSettingsSection } from './GeneralSettingsSection';
import { FileUploadSection } from './FileUploadSection';
import { SiteUrlSection } from './SiteUrlSection';
import { PluginLoadingSection } from '../../plugins/PluginLoadingSection';

export function AppSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notifications.app_settings_title'));
  return (
    <main className="content narrow">
      <h1 className="page-title">{t('notifications.app_settings_title')}</h1>
      <GeneralSettingsSection />
      <SharingSettingsSection />
      <SiteUrlSection />
      <MailSettingsSection />
      <FileUploadSection />
      <PluginLoadingSection />
    </main>
  );
}
