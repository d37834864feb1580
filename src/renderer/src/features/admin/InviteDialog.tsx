// Invite users by e-mail (one per line). The created accounts' temporary passwords are shown once, to
// be handed over; addresses already registered and refused ones are listed with the reason.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InviteResponse } from '../../../../shared/account-types';
import { inviteUsers } from '../../api/accounts';
import { SecretValue } from '../../components/CopyButton';
import { Alert, ErrorMessages } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { errorMessages } from '../../stores/toasts';
import { parseEmailList } from './user-actions';
import { DialogFooter } from '../../components/DialogFooter';
import { DataTable } from '../../components/DataTable';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

function InviteResult({ result }: { result: InviteResponse }) {
  const { t } = useTranslation();
  return (
    <div className="invite-result" data-testid="invite-result">
      {result.createdUserList.length > 0 && (
        <>
          <Alert kind="success">{t('users_admin.invite_created')}</Alert>
          <DataTable ns="fields" columns={['email', 'users_admin.temporary_password']}>
            {result.createdUserList.map((created) => (
              <tr key={created.email}>
                <td>{created.email}</td>
                <td>
                  <SecretValue value={created.password} testId="temporary-password" />
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
      {result.existingEmailList.length > 0 && (
        <Alert kind="warning">
          <p>{t('users_admin.invite_existing')}</p>
          <ul>
            {result.existingEmailList.map((email) => (
              <li key={email}>{email}</li>
            ))}
          </ul>
        </Alert>
      )}
      {result.failedEmailList.length > 0 && (
        <Alert kind="error">
          <p>{t('users_admin.invite_failed')}</p>
          <ul>
            {result.failedEmailList.map((failed) => (
              <li key={failed.email}>
                {failed.email}: {failed.reason}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  );
}

export function InviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<InviteResponse | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const emails = parseEmailList(text);
    const invalid = emails.filter((email) => !EMAIL_PATTERN.test(email));
    if (emails.length === 0) return setError([t('form.required', { field: t('users_admin.emails') })]);
    if (invalid.length > 0)
      return setError([t('users_admin.invalid_emails', { emails: invalid.join(', ') })]);
    setError([]);
    setBusy(true);
    try {
      setResult(await inviteUsers(emails));
      onInvited();
    } catch (err) {
      setError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('users_admin.invite')} onClose={onClose}>
      {result ? (
        <div className="modal-body">
          <InviteResult result={result} />
          <div className="modal-footer">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              {t('common.close')}
            </button>
          </div>
        </div>
      ) : (
        <form className="modal-body" onSubmit={submit} noValidate>
          <ErrorMessages messages={error} />
          <div className="field">
            <label htmlFor="invite-emails">{t('users_admin.emails')}</label>
            <textarea
              id="invite-emails"
              className="input"
              rows={4}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="alice@example.com"
              autoFocus
            />
            <p className="field-hint">{t('users_admin.emails_hint')}</p>
          </div>
          <DialogFooter onCancel={onClose} confirmLabel={t('users_admin.invite_submit')} disabled={busy} />
        </form>
      )}
    </Modal>
  );
}
