// First run (/installer): creates the first administrator, who is then signed in.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { isLang } from '../../../../shared/lang';
import type { Lang } from '../../../../shared/api-types';
import { install } from '../../api/endpoints';
import { AccountFields, useAccountForm } from '../../components/AccountFields';
import { ErrorMessages } from '../../components/Field';
import { LanguageSelect } from '../../components/LanguageSelect';
import { PASSWORD_MIN_LENGTH } from '../../components/forms';
import { changeLanguage, i18n } from '../../i18n';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../stores/session';
import { usePageSubmit } from '../../components/usePageSubmit';

export function InstallerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isInstalled = useSession((s) => s.config.isInstalled);
  const form = useAccountForm({ username: '', name: '', email: '', password: '' });
  const { values } = form;
  const [lang, setLang] = useState<Lang>(isLang(i18n.language) ? i18n.language : 'en_US');
  const {
    errors: serverErrors,
    busy,
    submit,
  } = usePageSubmit(form.validate, async () => {
    const { username, name, password } = values;
    const registerForm = { username, name, password, email: values.email.trim(), app: { globalLang: lang } };
    const user = await install({ registerForm });
    await changeLanguage(user.lang);
    useSession.setState((s) => ({ user, config: { ...s.config, isInstalled: true } }));
    navigate('/', { replace: true });
  });
  useDocumentTitle(t('installer.title'));

  if (isInstalled) return <Navigate to="/" replace />;

  const chooseLanguage = (next: Lang) => {
    setLang(next);
    void changeLanguage(next); // the installer speaks the chosen language at once
  };

  return (
    <main className="center-card">
      <form className="card form-card" onSubmit={submit} noValidate>
        <h1>{t('installer.title')}</h1>
        <p className="muted">{t('installer.lead')}</p>
        <ErrorMessages messages={serverErrors} />
        <AccountFields
          form={form}
          hints={{
            username: t('installer.username_hint'),
            password: t('form.password_too_short', { min: PASSWORD_MIN_LENGTH }),
          }}
        />
        <LanguageSelect value={lang} onChange={chooseLanguage} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t('installer.submitting') : t('installer.submit')}
        </button>
      </form>
    </main>
  );
}
