// /admin/app, general (issue 15): the wiki's name (tab and window titles), the confidential label
// (a banner in the navbar), the default language and whether new users show their e-mail address.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Lang } from '../../../../../shared/api-types';
import { LANGUAGE_NAMES } from '../../../components/LanguageSelect';
import { api } from '../../../api/client';
import { ErrorMessages, Field } from '../../../components/Field';
import { useSession } from '../../../stores/session';
import { errorMessages, toastSuccess } from '../../../stores/toasts';

interface Params {
  title: string;
  confidential: string;
  globalLang: Lang;
  isEmailPublishedForNewUser: boolean;
}
const URL = '/_api/v3/app-settings/app-setting';

export function GeneralSettingsSection() {
  const { t } = useTranslation();
  const [form, setForm] = useState<Params | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    api.get<{ appSettingParams: Params }>(URL).then(
      ({ appSettingParams }) => setForm(appSettingParams),
      (err: unknown) => setErrors(errorMessages(err)),
    );
  }, []);
  if (!form) return <ErrorMessages messages={errors} />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    try {
      const { appSettingParams } = await api.put<{ appSettingParams: Params }>(URL, form);
      setForm(appSettingParams);
      const session = useSession.getState();
      session.setConfig({
        ...session.config,
        title: appSettingParams.title,
        confidential: appSettingParams.confidential,
        globalLang: appSettingParams.globalLang,
      });
      toastSuccess(t('toast.update_succeeded', { target: t('app_settings.general') }));
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };
  return (
    <form
      className="card form-card settings-card"
      onSubmit={submit}
      noValidate
      data-testid="general-settings"
    >
      <h2 className="modal-section-title">{t('app_settings.general')}</h2>
      <ErrorMessages messages={errors} />
      <Field
        label={t('app_settings.site_name')}
        value={form.title}
        onChange={(e) => setForm({ ...form, title: e.target.value })}
      />
      <Field
        label={t('app_settings.confidential')}
        value={form.confidential}
        hint={t('app_settings.confidential_hint')}
        onChange={(e) => setForm({ ...form, confidential: e.target.value })}
      />
      <label className="field">
        <span className="field-label">{t('app_settings.default_language')}</span>
        <select
          className="input"
          value={form.globalLang}
          onChange={(e) => setForm({ ...form, globalLang: e.target.value as Lang })}
        >
          {LANGUAGES.map((lang) => (
            <option key={lang} value={lang}>
              {LANGUAGE_NAMES[lang]}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={form.isEmailPublishedForNewUser}
          onChange={(e) => setForm({ ...form, isEmailPublishedForNewUser: e.target.checked })}
        />
        {t('app_settings.email_published')}
      </label>
      <button type="submit" className="btn btn-primary">
        {t('notifications.save')}
      </button>
    </form>
  );
}
