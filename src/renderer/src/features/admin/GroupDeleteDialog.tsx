// Deleting a group asks what becomes of the pages only its members could see (SPEC §4): publish all,
// delete all, or transfer them to another group.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GROUP_DELETE_ACTIONS,
  type GroupDeleteAction,
  type UserGroup,
} from '../../../../shared/account-types';
import { deleteGroup } from '../../api/accounts';
import { ErrorMessages } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { errorMessages, toastSuccess } from '../../stores/toasts';
import { groupsOutside, indentLabel } from './group-tree';
import { DialogFooter } from '../../components/DialogFooter';

interface Props {
  group: UserGroup;
  groups: UserGroup[];
  onClose: () => void;
  onDeleted: () => void;
}

export function GroupDeleteDialog({ group, groups, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const [action, setAction] = useState<GroupDeleteAction | null>(null);
  const targets = groupsOutside(groups, group._id);
  const [target, setTarget] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!action) return setErrors([t('groups_admin.choose_action')]);
    if (action === 'transfer' && !target) return setErrors([t('groups_admin.choose_target')]);
    setBusy(true);
    try {
      await deleteGroup(group._id, action, action === 'transfer' ? target : null);
      toastSuccess(t('groups_admin.deleted', { name: group.name }));
      onDeleted();
    } catch (err) {
      setErrors(errorMessages(err));
      setBusy(false);
    }
  };

  return (
    <Modal title={t('groups_admin.delete_title', { name: group.name })} onClose={onClose}>
      <form className="modal-body" onSubmit={submit} noValidate>
        <ErrorMessages messages={errors} />
        <p>{t('groups_admin.delete_intro')}</p>
        {group.childCount > 0 && <p className="muted">{t('groups_admin.delete_children')}</p>}
        <fieldset className="radio-group">
          <legend className="modal-section-title">{t('groups_admin.private_pages')}</legend>
          {GROUP_DELETE_ACTIONS.map((choice) => (
            <label key={choice} className="check">
              <input
                type="radio"
                name="group-delete-action"
                value={choice}
                checked={action === choice}
                disabled={choice === 'transfer' && targets.length === 0}
                onChange={() => setAction(choice)}
              />
              {t(`groups_admin.action_${choice}`)}
            </label>
          ))}
        </fieldset>
        {action === 'transfer' && (
          <div className="field">
            <label htmlFor="transfer-target">{t('groups_admin.transfer_to')}</label>
            <select
              id="transfer-target"
              className="input"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            >
              <option value="">{t('groups_admin.choose_target')}</option>
              {targets.map((row) => (
                <option key={row.group._id} value={row.group._id}>
                  {indentLabel(row)}
                </option>
              ))}
            </select>
          </div>
        )}
        <DialogFooter
          onCancel={onClose}
          confirmLabel={t('groups_admin.delete')}
          confirmClass="btn-danger"
          disabled={busy || !action}
        />
      </form>
    </Modal>
  );
}
