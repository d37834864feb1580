// /forgot-password: ask for a link to set a new password (issue 14). The answer never says whether
// the address belongs to someone: the page says the same either way.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestPasswordReset } from './api';
import { Alert, ErrorMessages, Field } from '../../components/Field';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessages } from '../../stores/toasts';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('forgot_password.title'));
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    requestPasswordReset(email.trim())
      .then(
        () => setSent(true),
        (err: unknown) => setErrors(errorMessages(err)),
      )
      .finally(() => setBusy(false));
  };

  return (
    <main className="center-card">
      <form className="card form-card" onSubmit={submit} noValidate>
        <h1>{t('forgot_password.title')}</h1>
        <ErrorMessages messages={errors} />
        {sent ? (
          <Alert kind="success">{t('forgot_password.sent')}</Alert>
        ) : (
          <>
            <p className="muted">{t('forgot_password.hint')}</p>
            <Field
              label={t('fields.email')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
              autoFocus
            />
            <button
              type="submit"
              className="btn btn-primary btn-block"
              disabled={busy || email.trim() === ''}
            >
              {t('forgot_password.send')}
            </button>
          </>
        )}
        <p className="muted">
          <Link to="/login">{t('login.title')}</Link>
        </p>
      </form>
    </main>
  );
}
