// /register (SPEC §2, §4): a new account. Open → signed in at once; Restricted → an administrator
// must approve first (the form says so); Closed → invitation only, so the screen is not offered.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { register } from '../../api/accounts';
import { AccountFields, useAccountForm } from '../../components/AccountFields';
import { Alert, ErrorMessages } from '../../components/Field';
import { LanguageSelect } from '../../components/LanguageSelect';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { changeLanguage, i18n } from '../../i18n';
import { useSession } from '../../stores/session';
import type { Lang } from '../../../../shared/api-types';
import { isLang } from '../../../../shared/lang';
import { usePageSubmit } from '../../components/usePageSubmit';

export function RegisterPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const mode = useSession((s) => s.config.registrationMode);
  const form = useAccountForm({ username: '', name: '', email: '', password: '' });
  const { values } = form;
  const [lang, setLang] = useState<Lang>(() => (isLang(i18n.language) ? i18n.language : 'en_US'));
  const [pending, setPending] = useState(false);
  const {
    errors: serverErrors,
    busy,
    submit,
  } = usePageSubmit(form.validate, async () => {
    const reply = await register({ ...values, email: values.email.trim(), lang });
    if (reply.pending) {
      setPending(true);
      return;
    }
    await changeLanguage(reply.currentUser.lang);
    useSession.getState().setUser(reply.currentUser);
  });
  useDocumentTitle(t('register.title'));

  if (user && !busy) return <Navigate to="/" replace />;
  if (mode === 'Closed') {
    return (
      <main className="center-card">
        <div className="card form-card">
          <h1>{t('register.title')}</h1>
          <Alert kind="info">{t('register.closed')}</Alert>
          <Link to="/login">{t('register.to_login')}</Link>
        </div>
      </main>
    );
  }

  if (pending) {
    return (
      <main className="center-card">
        <div className="card form-card" data-testid="register-pending">
          <h1>{t('register.title')}</h1>
          <Alert kind="success">{t('register.pending')}</Alert>
          <Link to="/login">{t('register.to_login')}</Link>
        </div>
      </main>
    );
  }

  return (
    <main className="center-card">
      <form className="card form-card" onSubmit={submit} noValidate>
        <h1>{t('register.title')}</h1>
        {mode === 'Restricted' && <Alert kind="info">{t('register.restricted_hint')}</Alert>}
        <ErrorMessages messages={serverErrors} />
        <AccountFields
          form={form}
          hints={{ username: t('register.username_hint'), password: t('register.password_hint', { min: 6 }) }}
        />
        <LanguageSelect value={lang} onChange={setLang} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t('register.submit')}
        </button>
        <p className="muted">
          {t('register.have_account')} <Link to="/login">{t('register.to_login')}</Link>
        </p>
      </form>
    </main>
  );
}
