// An invited user (status 5) signed in with the temporary password: before anything else they choose
// their user id, name and own password (`POST /_api/v3/invited`). The shell shows this screen instead
// of every route until it is done.
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../shared/api-types';
import { completeInvitation } from '../../api/accounts';
import { AccountFields, useAccountForm } from '../../components/AccountFields';
import { Alert, ErrorMessages } from '../../components/Field';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../stores/session';
import { usePageSubmit } from '../../components/usePageSubmit';

/** A temporary username of an invitation is the e-mail's local part; offer it only if it is valid. */
export function suggestedUsername(user: CurrentUser): string {
  return /^[A-Za-z0-9._-]+$/.test(user.username) ? user.username : '';
}

export function CompleteProfilePage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const form = useAccountForm({ username: suggestedUsername(user), name: user.name, password: '' });
  const {
    errors: serverErrors,
    busy,
    submit,
  } = usePageSubmit(form.validate, async () => {
    useSession.getState().setUser(await completeInvitation(form.values));
  });
  useDocumentTitle(t('invited.title'));

  return (
    <main className="center-card">
      <form className="card form-card" onSubmit={submit} noValidate>
        <h1>{t('invited.title')}</h1>
        <Alert kind="info">{t('invited.intro', { email: user.email })}</Alert>
        <ErrorMessages messages={serverErrors} />
        <AccountFields
          form={form}
          hints={{ username: t('register.username_hint'), password: t('register.password_hint', { min: 6 }) }}
          passwordLabel={t('invited.new_password')}
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
