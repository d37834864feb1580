// Importing people is a trust decision (issue 27): before the import writes anything, the admin
// sees what the archive's users would do here — accounts created, accounts changed, new
// administrators — and confirms. Their own account is never changed by an import. Settings are
// replaced as a whole (flush and insert), so they are confirmed the same way (issue 30).
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import type { PeoplePreview } from '../../../../../shared/archive-types';
import { DialogFooter } from '../../../components/DialogFooter';

interface Props {
  /** What the archive's users would do; null when users are not imported. */
  preview: PeoplePreview | null;
  /** The wiki's settings are imported too. */
  settings: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ImportPeopleConfirm({ preview, settings, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const lines = preview
    ? [
        t('archive.people_created', { count: preview.created }),
        t('archive.people_changed', { count: preview.changed }),
        t('archive.people_admins', { count: preview.becomeAdmins }),
        ...(preview.linked > 0 ? [t('archive.people_linked', { count: preview.linked })] : []),
        ...(preview.skipped > 0 ? [t('archive.people_skipped', { count: preview.skipped })] : []),
      ]
    : [];
  if (settings) lines.push(t('archive.settings_replaced'));
  return (
    <Modal title={t(preview ? 'archive.people_title' : 'archive.settings_title')} onClose={onCancel}>
      <div className="modal-body" data-testid="import-people-confirm">
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {preview && preview.becomeAdmins > 0 && (
          <Alert kind="warning">{t('archive.people_admins_warning')}</Alert>
        )}
        {preview && <p className="muted">{t('archive.people_own_account')}</p>}
        <DialogFooter
          onCancel={onCancel}
          confirmLabel={t(preview ? 'archive.people_confirm' : 'archive.settings_confirm')}
          onConfirm={onConfirm}
          confirmClass="btn-danger"
        />
      </div>
    </Modal>
  );
}
