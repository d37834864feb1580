// Password change on /me: the current password, the new one (at least 6 characters) twice.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../api/accounts';
import { Field } from '../../components/Field';
import { collectErrors, passwordError, requiredError, type FieldErrors } from '../../components/forms';
import { useAction } from '../../components/useAction';

type Key = 'oldPassword' | 'newPassword' | 'newPasswordConfirm';
const EMPTY: Record<Key, string> = { oldPassword: '', newPassword: '', newPasswordConfirm: '' };

const FIELDS: [Key, string, string][] = [
  ['oldPassword', 'me_settings.old_password', 'current-password'],
  ['newPassword', 'me_settings.new_password', 'new-password'],
  ['newPasswordConfirm', 'me_settings.new_password_confirm', 'new-password'],
];

export function PasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [busy, save] = useAction(async () => {
    await changePassword(values);
    setValues(EMPTY);
    return t('toast.update_succeeded', { target: t('me_settings.password') });
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors<Key>({
      oldPassword: requiredError(t, values.oldPassword, 'password'),
      newPassword: passwordError(t, values.newPassword),
      newPasswordConfirm:
        values.newPasswordConfirm === values.newPassword ? null : t('me_settings.password_mismatch'),
    });
    setErrors(found);
    if (Object.keys(found).length === 0) void save();
  };

  return (
    <form className="card form-card settings-card" onSubmit={submit} noValidate>
      <h2>{t('me_settings.password')}</h2>
      {FIELDS.map(([key, label, autoComplete]) => (
        <Field
          key={key}
          label={t(label)}
          type="password"
          value={values[key]}
          onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
          error={errors[key]}
          autoComplete={autoComplete}
        />
      ))}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('me_settings.change_password')}
      </button>
    </form>
  );
}
