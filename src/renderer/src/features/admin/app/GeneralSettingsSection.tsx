// /admin/app, general (issue 15): the wiki's name (tab and window titles), the confidential label
// (a banner in the navbar), the default language and whether new users show their e-mail address.
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Lang } from '../../../../../shared/api-types';
import { LANGUAGE_NAMES } from '../../../components/LanguageSelect';
import { ErrorMessages, Field } from '../../../components/Field';
import { SettingsSection } from '../../../components/SettingsSection';
import { useSettingsForm } from '../../../components/useSettingsForm';
import { useSession } from '../../../stores/session';
import { getAppSettings, saveAppSettings } from '../settings-api';
import { Check } from '../../../components/Check';

export function GeneralSettingsSection() {
  const { t } = useTranslation();
  const settings = useSettingsForm({
    load: getAppSettings,
    save: saveAppSettings,
    savedMessage: t('toast.update_succeeded', { target: t('app_settings.general') }),
    onSaved: ({ title, confidential, globalLang }) => {
      const session = useSession.getState();
      session.setConfig({ ...session.config, title, confidential, globalLang });
    },
  });
  const { form, update } = settings;
  if (!form) return <ErrorMessages messages={settings.errors} />;
  return (
    <SettingsSection title={t('app_settings.general')} testId="general-settings" settings={settings}>
      <Field
        label={t('app_settings.site_name')}
        value={form.title}
        onChange={(e) => update('title', e.target.value)}
      />
      <Field
        label={t('app_settings.confidential')}
        value={form.confidential}
        hint={t('app_settings.confidential_hint')}
        onChange={(e) => update('confidential', e.target.value)}
      />
      <label className="field">
        <span className="field-label">{t('app_settings.default_language')}</span>
        <select
          className="input"
          value={form.globalLang}
          onChange={(e) => update('globalLang', e.target.value as Lang)}
        >
          {LANGUAGES.map((lang) => (
            <option key={lang} value={lang}>
              {LANGUAGE_NAMES[lang]}
            </option>
          ))}
        </select>
      </label>
      <Check
        label={t('app_settings.email_published')}
        checked={form.isEmailPublishedForNewUser}
        onChange={(checked) => update('isEmailPublishedForNewUser', checked)}
      />
    </SettingsSection>
  );
}
