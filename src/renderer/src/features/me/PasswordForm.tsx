// Password change on /me: the current password, the new one (at least 6 characters) twice.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../api/accounts';
import { Field } from '../../components/Field';
import { collectErrors, passwordError, requiredError, type FieldErrors } from '../../components/forms';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';

type Key = 'oldPassword' | 'newPassword' | 'newPasswordConfirm';
const EMPTY: Record<Key, string> = { oldPassword: '', newPassword: '', newPasswordConfirm: '' };

export function PasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: Key) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors<Key>({
      oldPassword: requiredError(t, values.oldPassword, 'password'),
      newPassword: passwordError(t, values.newPassword),
      newPasswordConfirm:
        values.newPasswordConfirm === values.newPassword ? null : t('me_settings.password_mismatch'),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword(values);
      setValues(EMPTY);
      toastSuccess(t('toast.update_succeeded', { target: t('me_settings.password') }));
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form-card settings-card" onSubmit={submit} noValidate>
      <h2>{t('me_settings.password')}</h2>
      <Field
        label={t('me_settings.old_password')}
        type="password"
        value={values.oldPassword}
        onChange={set('oldPassword')}
        error={errors.oldPassword}
        autoComplete="current-password"
      />
      <Field
        label={t('me_settings.new_password')}
        type="password"
        value={values.newPassword}
        onChange={set('newPassword')}
        error={errors.newPassword}
        autoComplete="new-password"
      />
      <Field
        label={t('me_settings.new_password_confirm')}
        type="password"
        value={values.newPasswordConfirm}
        onChange={set('newPasswordConfirm')}
        error={errors.newPasswordConfirm}
        autoComplete="new-password"
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('me_settings.change_password')}
      </button>
    </form>
  );
}
