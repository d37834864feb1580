// Restoring replaces every page, user and attachment with the backup's: the admin confirms first.
// The server restarts; the screen waits for it and reloads the app on the restored data.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupInfo } from '../../../../../shared/backup-types';
import { ErrorMessages } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { formatDateTime } from '../../../i18n/format';
import { errorMessages } from '../../../stores/toasts';
import { restoreBackup, waitForServer } from './api';
import { DialogFooter } from '../../../components/DialogFooter';

interface Props {
  backup: BackupInfo;
  onClose: () => void;
}

export function RestoreDialog({ backup, onClose }: Props) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const restore = async () => {
    setBusy(true);
    setErrors([]);
    try {
      await restoreBackup(backup.name);
      await waitForServer();
      window.location.reload();
    } catch (err) {
      setErrors(errorMessages(err));
      setBusy(false);
    }
  };

  return (
    <Modal title={t('backups.restore_title')} onClose={busy ? () => undefined : onClose}>
      <div className="modal-body">
        <ErrorMessages messages={errors} />
        <p>{t('backups.restore_confirm', { date: formatDateTime(backup.createdAt) })}</p>
        <p className="muted">{t('backups.restore_previous')}</p>
        {busy && (
          <p role="status" aria-busy="true">
            {t('backups.restoring')}
          </p>
        )}
        <DialogFooter
          onCancel={onClose}
          cancelDisabled={busy}
          confirmLabel={t('backups.restore')}
          onConfirm={() => void restore()}
          confirmClass="btn-danger"
          disabled={busy}
        />
      </div>
    </Modal>
  );
}
