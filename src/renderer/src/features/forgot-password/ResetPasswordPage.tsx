// /forgot-password/{token}: the mailed link — choose a new password once, while the link lives.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isResetLinkOpen, resetPassword } from './api';
import { Alert, ErrorMessages, Field } from '../../components/Field';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessages } from '../../stores/toasts';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('forgot_password.new_title'));
  const token = useParams().token ?? '';
  const [open, setOpen] = useState<boolean | null>(null);
  const [values, setValues] = useState({ newPassword: '', newPasswordConfirm: '' });
  const [done, setDone] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    isResetLinkOpen(token).then(
      (isOpen) => setOpen(isOpen),
      () => setOpen(false),
    );
  }, [token]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    resetPassword(token, values)
      .then(
        () => setDone(true),
        (err: unknown) => setErrors(errorMessages(err)),
      )
      .finally(() => setBusy(false));
  };

  return (
    <main className="center-card">
      <form className="card form-card" onSubmit={submit} noValidate aria-busy={open === null}>
        <h1>{t('forgot_password.new_title')}</h1>
        <ErrorMessages messages={errors} />
        {done ? (
          <Alert kind="success">
            {t('forgot_password.done')} <Link to="/login">{t('login.title')}</Link>
          </Alert>
        ) : open === false ? (
          <Alert kind="warning">
            {t('forgot_password.dead')} <Link to="/forgot-password">{t('forgot_password.ask_again')}</Link>
          </Alert>
        ) : (
          open && (
            <>
              <Field
                label={t('forgot_password.new_password')}
                type="password"
                value={values.newPassword}
                onChange={(e) => setValues({ ...values, newPassword: e.target.value })}
                autoComplete="new-password"
                autoFocus
              />
              <Field
                label={t('forgot_password.new_password_confirm')}
                type="password"
                value={values.newPasswordConfirm}
                onChange={(e) => setValues({ ...values, newPasswordConfirm: e.target.value })}
                autoComplete="new-password"
              />
              <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
                {t('forgot_password.save')}
              </button>
            </>
          )
        )}
      </form>
    </main>
  );
}
