// First run (/installer): creates the first administrator, who is then signed in.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { isLang } from '../../../../shared/lang';
import type { Lang } from '../../../../shared/api-types';
import { install } from '../../api/endpoints';
import { ErrorMessages, Field } from '../../components/Field';
import { LanguageSelect } from '../../components/LanguageSelect';
import {
  collectErrors,
  emailError,
  passwordError,
  PASSWORD_MIN_LENGTH,
  requiredError,
  usernameError,
  type FieldErrors,
} from '../../components/forms';
import { changeLanguage, i18n } from '../../i18n';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../stores/session';
import { errorMessages } from '../../stores/toasts';

type Key = 'username' | 'name' | 'email' | 'password';

export function InstallerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isInstalled = useSession((s) => s.config.isInstalled);
  const [values, setValues] = useState<Record<Key, string>>({
    username: '',
    name: '',
    email: '',
    password: '',
  });
  const [lang, setLang] = useState<Lang>(isLang(i18n.language) ? i18n.language : 'en_US');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('installer.title'));

  if (isInstalled) return <Navigate to="/" replace />;

  const set = (key: Key) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const chooseLanguage = (next: Lang) => {
    setLang(next);
    void changeLanguage(next); // the installer speaks the chosen language at once
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors<Key>({
      username: usernameError(t, values.username),
      name: requiredError(t, values.name, 'name'),
      email: emailError(t, values.email),
      password: passwordError(t, values.password),
    });
    setErrors(found);
    setServerErrors([]);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const user = await install({ ...values, email: values.email.trim(), lang });
      await changeLanguage(user.lang);
      useSession.setState((s) => ({ user, config: { ...s.config, isInstalled: true } }));
      navigate('/', { replace: true });
    } catch (err) {
      setServerErrors(errorMessages(err));
      setBusy(false);
    }
  };

  return (
    <main className="center-card">
      <form className="card form-card" onSubmit={submit} noValidate>
        <h1>{t('installer.title')}</h1>
        <p className="muted">{t('installer.lead')}</p>
        <ErrorMessages messages={serverErrors} />
        <Field
          label={t('fields.username')}
          value={values.username}
          onChange={set('username')}
          error={errors.username}
          hint={t('installer.username_hint')}
          autoComplete="username"
          autoFocus
        />
        <Field
          label={t('fields.name')}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          autoComplete="name"
        />
        <Field
          label={t('fields.email')}
          type="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          autoComplete="email"
        />
        <Field
          label={t('fields.password')}
          type="password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint={t('form.password_too_short', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
        />
        <LanguageSelect value={lang} onChange={chooseLanguage} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t('installer.submitting') : t('installer.submit')}
        </button>
      </form>
    </main>
  );
}
