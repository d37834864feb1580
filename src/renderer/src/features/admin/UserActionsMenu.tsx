// The per-user actions of /admin/users: a small menu; reset password shows the new password once,
// delete asks first.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../shared/account-types';
import { deleteUser, resetUserPassword, runUserAction } from '../../api/accounts';
import { SecretValue } from '../../components/CopyButton';
import { RowMenu } from '../../components/RowMenu';
import { Modal } from '../../components/Modal';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { apiActionOf, availableUserActions, type UserMenuAction } from './user-actions';
import { DialogFooter } from '../../components/DialogFooter';

interface Props {
  user: AdminUser;
  selfId: string;
  onChanged: () => void;
}

export function UserActionsMenu({ user, selfId, onChanged }: Props) {
  const { t } = useTranslation();
  const [newPassword, setNewPassword] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (action: UserMenuAction) => {
    if (action === 'delete') return setConfirmDelete(true);
    setBusy(true);
    try {
      if (action === 'reset-password') {
        setNewPassword((await resetUserPassword(user._id)).newPassword);
      } else {
        const apiAction = apiActionOf(action);
        if (apiAction) await runUserAction(user._id, apiAction);
        toastSuccess(t('toast.update_succeeded', { target: user.username }));
      }
      onChanged();
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteUser(user._id);
      setConfirmDelete(false);
      toastSuccess(t('users_admin.deleted', { username: user.username }));
      onChanged();
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  const actions = availableUserActions(user, selfId);
  return (
    <>
      <RowMenu
        label={t('users_admin.actions')}
        ariaLabel={t('users_admin.actions_for', { username: user.username })}
        disabled={busy}
        items={actions.map((action) => ({
          key: action,
          label: t(`users_admin.action_${action.replaceAll('-', '_')}`),
          danger: action === 'delete',
          run: () => void run(action),
        }))}
      />
      {newPassword && (
        <Modal title={t('users_admin.action_reset_password')} onClose={() => setNewPassword(null)}>
          <div className="modal-body">
            <p>{t('users_admin.new_password_once', { username: user.username })}</p>
            <SecretValue value={newPassword} testId="new-password" />
            <div className="modal-footer">
              <button type="button" className="btn btn-primary" onClick={() => setNewPassword(null)}>
                {t('common.close')}
              </button>
            </div>
          </div>
        </Modal>
      )}
      {confirmDelete && (
        <Modal title={t('users_admin.action_delete')} onClose={() => setConfirmDelete(false)}>
          <div className="modal-body">
            <p>{t('users_admin.delete_confirm', { username: user.username })}</p>
            <DialogFooter
              onCancel={() => setConfirmDelete(false)}
              confirmLabel={t('users_admin.action_delete')}
              onConfirm={() => void remove()}
              confirmClass="btn-danger"
              disabled={busy}
            />
          </div>
        </Modal>
      )}
    </>
  );
}
