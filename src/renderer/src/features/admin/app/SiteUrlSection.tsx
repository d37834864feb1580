// /admin/app, site URL (GROWI's `app:siteUrl`): the address people use. Links in mails and share
// links are built from it, and the server accepts requests naming its host (issue 16's guard).
import { useTranslation } from 'react-i18next';
import { ErrorMessages, Field } from '../../../components/Field';
import { SettingsSection } from '../../../components/SettingsSection';
import { useSettingsForm } from '../../../components/useSettingsForm';
import { getSiteUrl, saveSiteUrl } from '../settings-api';

export function SiteUrlSection() {
  const { t } = useTranslation();
  const settings = useSettingsForm({
    load: getSiteUrl,
    save: saveSiteUrl,
    savedMessage: t('sharing.site_url_saved'),
  });
  const { form, setForm } = settings;
  if (form === null) return <ErrorMessages messages={settings.errors} />;
  return (
    <SettingsSection
      title={t('sharing.site_url')}
      testId="site-url-settings"
      settings={settings}
      submitLabel={t('common.save')}
    >
      <Field
        label={t('sharing.site_url')}
        type="url"
        value={form}
        placeholder="http://wiki.example.lan:3000"
        onChange={(e) => setForm(e.target.value)}
      />
      <p className="muted">{t('sharing.site_url_hint')}</p>
    </SettingsSection>
  );
}
