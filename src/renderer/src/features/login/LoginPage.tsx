// Sign in with a user id or e-mail and a password; back to where the user came from.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { login } from '../../api/endpoints';
import { ErrorMessages, Field } from '../../components/Field';
import { collectErrors, requiredError, type FieldErrors } from '../../components/forms';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { changeLanguage } from '../../i18n';
import { useSession } from '../../stores/session';
import { ExternalSignInButtons, ExternalSignInError, LdapSetupWarning } from './ExternalSignIn';
import { usePageSubmit } from '../../components/usePageSubmit';

type Key = 'username' | 'password';

/** Only same-app paths are followed after sign-in (never another origin). */
export function safeReturnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  return from.startsWith('/login') ? '/' : from;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSession((s) => s.user);
  const registrationMode = useSession((s) => s.config.registrationMode);
  const resetOffered = useSession((s) => s.config.isPasswordResetEnabled === true);
  const [values, setValues] = useState<Record<Key, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const valid = () => {
    const found = collectErrors<Key>({
      username: requiredError(t, values.username, 'username_or_email'),
      password: requiredError(t, values.password, 'password'),
    });
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const {
    errors: serverErrors,
    busy,
    submit,
  } = usePageSubmit(valid, async () => {
    const signedIn = await login({ username: values.username.trim(), password: values.password });
    await changeLanguage(signedIn.lang);
    useSession.getState().setUser(signedIn);
    navigate(safeReturnPath(location.state), { replace: true });
  });
  useDocumentTitle(t('login.title'));

  if (user && !busy) return <Navigate to={safeReturnPath(location.state)} replace />;

  return (
    <main className="center-card">
      <form className="card form-card" onSubmit={submit} noValidate>
        <h1>{t('login.title')}</h1>
        <LdapSetupWarning />
        {serverErrors.length === 0 && <ExternalSignInError />}
        <ErrorMessages messages={serverErrors} />
        <Field
          label={t('fields.username_or_email')}
          value={values.username}
          onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
          error={errors.username}
          autoComplete="username"
          autoFocus
        />
        <Field
          label={t('fields.password')}
          type="password"
          value={values.password}
          onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          error={errors.password}
          autoComplete="current-password"
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
        {resetOffered && (
          <p className="muted">
            <Link to="/forgot-password">{t('forgot_password.link')}</Link>
          </p>
        )}
        <ExternalSignInButtons />
        {registrationMode !== 'Closed' && (
          <p className="muted">
            {t('register.no_account')} <Link to="/register">{t('register.link')}</Link>
          </p>
        )}
      </form>
    </main>
  );
}
