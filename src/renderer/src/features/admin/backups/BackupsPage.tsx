// /admin/backups: every backup with its date, reason and size; Back up now; download; restore
// (with a confirmation). The retention rule is stated so nobody is surprised when old ones go.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupInfo } from '../../../../../shared/backup-types';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { formatDateTime } from '../../../i18n/format';
import { errorMessages, toastError, toastSuccess } from '../../../stores/toasts';
import { backUpNow, backupDownloadUrl, formatSize, listBackups } from './api';
import { RestoreDialog } from './RestoreDialog';
import { DataTable } from '../../../components/DataTable';
import { LoadState } from '../../../components/LoadState';

export function BackupsPage() {
  const { t } = useTranslation();
  const [backups, setBackups] = useState<BackupInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [restoring, setRestoring] = useState<BackupInfo | null>(null);
  useDocumentTitle(t('backups.admin_title'));

  const load = useCallback(
    () =>
      listBackups().then(
        (next) => {
          setBackups(next);
          setError(null);
        },
        (err: unknown) => setError(errorMessages(err).join('\n')),
      ),
    [],
  );
  useEffect(() => void load(), [load]);

  const backUp = async () => {
    setBusy(true);
    try {
      const backup = await backUpNow();
      toastSuccess(t('backups.created', { name: backup.name }));
      await load();
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="content admin-content">
      <h1 className="page-title">{t('backups.admin_title')}</h1>
      <p className="muted">{t('backups.retention')}</p>
      <p>
        <button type="button" className="btn btn-primary" onClick={() => void backUp()} disabled={busy}>
          {busy ? t('backups.backing_up') : t('backups.back_up_now')}
        </button>
      </p>
      <LoadState items={backups} error={error} empty={t('backups.none')}>
        {(items) => (
          <DataTable
            className="data-table backups-table"
            ns="backups"
            columns={['date', 'reason', 'size', 'verified', '']}
          >
            {items.map((backup) => (
              <tr key={backup.name} data-backup={backup.name}>
                <td>
                  <time dateTime={backup.createdAt}>{formatDateTime(backup.createdAt)}</time>
                </td>
                <td>{t(`backups.reason_${backup.reason.replace('-', '_')}`)}</td>
                <td>{formatSize(backup.size)}</td>
                <td title={t(backup.verified ? 'backups.verified_yes_hint' : 'backups.verified_no_hint')}>
                  {t(backup.verified ? 'backups.verified_yes' : 'backups.verified_no')}
                </td>
                <td className="row-actions">
                  <a className="btn btn-sm btn-secondary" href={backupDownloadUrl(backup.name)} download>
                    {t('backups.download')}
                  </a>{' '}
                  <button
                    type="button"
                    className="btn btn-sm btn-danger"
                    onClick={() => setRestoring(backup)}
                  >
                    {t('backups.restore')}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </LoadState>
      {restoring && <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} />}
    </main>
  );
}
