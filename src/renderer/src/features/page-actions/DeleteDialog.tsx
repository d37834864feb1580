// Delete a page: to the trash (default) or completely, alone or with its descendants. Refusals
// (user_not_admin, outdated, …) come from the server and show in place.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessages } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { errorMessages } from '../../stores/toasts';
import { DialogFooter } from '../../components/DialogFooter';
import { Check } from '../../components/Check';

interface Props {
  path: string;
  inTrash: boolean;
  onDelete: (options: { isRecursively: boolean; isCompletely: boolean }) => Promise<void>;
  onClose: () => void;
}

export function DeleteDialog({ path, inTrash, onDelete, onClose }: Props) {
  const { t } = useTranslation();
  const [isRecursively, setRecursively] = useState(true);
  const [isCompletely, setCompletely] = useState(inTrash);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const confirm = async () => {
    setBusy(true);
    setErrors([]);
    try {
      await onDelete({ isRecursively, isCompletely });
    } catch (err) {
      setErrors(errorMessages(err));
      setBusy(false);
    }
  };

  return (
    <Modal title={t('page_actions.delete_title')} onClose={onClose}>
      <div className="modal-body">
        <ErrorMessages messages={errors} />
        <p>
          <code>{path}</code>
        </p>
        <Check
          label={t('page_actions.with_descendants')}
          checked={isRecursively}
          onChange={(checked) => setRecursively(checked)}
        />
        <Check
          label={t('page_actions.completely')}
          checked={isCompletely}
          onChange={(checked) => setCompletely(checked)}
          disabled={inTrash}
        />
      </div>
      <DialogFooter
        onCancel={onClose}
        confirmLabel={isCompletely ? t('page_actions.delete_completely') : t('page_actions.move_to_trash')}
        onConfirm={confirm}
        confirmClass="btn-danger"
        disabled={busy}
      />
    </Modal>
  );
}
