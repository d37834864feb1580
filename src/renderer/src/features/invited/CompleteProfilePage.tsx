// An invited user (status 5) signed in with the temporary password: before anything else they choose
// their user id, name and own password (`POST /_api/v3/invited`). The shell shows this screen instead
// of every route until it is done.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../shared/api-types';
import { completeInvitation } from '../../api/accounts';
import { Alert, ErrorMessages, Field } from '../../components/Field';
import {
  collectErrors,
  passwordError,
  requiredError,
  usernameError,
  type FieldErrors,
} from '../../components/forms';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../stores/session';
import { errorMessages } from '../../stores/toasts';

type Key = 'username' | 'name' | 'password';

/** A temporary username of an invitation is the e-mail's local part; offer it only if it is valid. */
export function suggestedUsername(user: CurrentUser): string {
  return /^[A-Za-z0-9._-]+$/.test(user.username) ? user.username : '';
}

export function CompleteProfilePage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Key, string>>({
    username: suggestedUsername(user),
    name: user.name,
    password: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('invited.title'));

  const set = (key: Key) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors<Key>({
      username: usernameError(t, values.username),
      name: requiredError(t, values.name, 'name'),
      password: passwordError(t, values.password),
    });
    setErrors(found);
    setServerErrors([]);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      useSession.getState().setUser(await completeInvitation(values));
    } catch (err) {
      setServerErrors(errorMessages(err));
      setBusy(false);
    }
  };

  return (
    <main className="center-card">
      <form className="card form-card" onSubmit={submit} noValidate>
        <h1>{t('invited.title')}</h1>
        <Alert kind="info">{t('invited.intro', { email: user.email })}</Alert>
        <ErrorMessages messages={serverErrors} />
        <Field
          label={t('fields.username')}
          value={values.username}
          onChange={set('username')}
          error={errors.username}
          hint={t('register.username_hint')}
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
          label={t('invited.new_password')}
          type="password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint={t('register.password_hint', { min: 6 })}
          autoComplete="new-password"
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t('invited.submit')}
        </button>
        <a className="btn btn-link" href="/logout">
          {t('nav.sign_out')}
        </a>
      </form>
    </main>
  );
}
