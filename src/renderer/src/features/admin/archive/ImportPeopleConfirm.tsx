// Importing people is a trust decision (issue 27): before the import writes anything, the admin
// sees what the archive's users would do here — accounts created, accounts changed, new
// administrators — and confirms. Their own account is never changed by an import.
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import type { PeoplePreview } from '../../../../../shared/archive-types';

interface Props {
  preview: PeoplePreview;
  onConfirm(): void;
  onCancel(): void;
}

export function ImportPeopleConfirm({ preview, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const lines = [
    t('archive.people_created', { count: preview.created }),
    t('archive.people_changed', { count: preview.changed }),
    t('archive.people_admins', { count: preview.becomeAdmins }),
    ...(preview.linked > 0 ? [t('archive.people_linked', { count: preview.linked })] : []),
    ...(preview.skipped > 0 ? [t('archive.people_skipped', { count: preview.skipped })] : []),
  ];
  return (
    <Modal title={t('archive.people_title')} onClose={onCancel}>
      <div className="modal-body" data-testid="import-people-confirm">
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {preview.becomeAdmins > 0 && <Alert kind="warning">{t('archive.people_admins_warning')}</Alert>}
        <p className="muted">{t('archive.people_own_account')}</p>
        <div className="modal-footer">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm}>
            {t('archive.people_confirm')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
