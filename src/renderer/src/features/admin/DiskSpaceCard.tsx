// The admin home's disk (issue 26): how big the data folder is, how much room its disk has left,
// and the admin's thresholds — when it counts as low (a banner for admins, a desktop notification)
// and below what uploads, imports, exports and backups are refused before they start.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminHomeParams } from '../../../../shared/admin-home-types';
import { formatFileSize } from '../../../../shared/attachment-types';
import type { DiskSettings } from '../../../../shared/disk-types';
import { saveDiskSettings } from './settings-api';
import { ErrorMessages, Field } from '../../components/Field';
import { errorMessages, toastSuccess } from '../../stores/toasts';

export function DiskSpaceCard({
  params,
  onSaved,
}: {
  params: AdminHomeParams;
  onSaved(p: AdminHomeParams): void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Record<keyof DiskSettings, string>>({
    diskWarnMb: String(params.diskSettings.diskWarnMb),
    diskWarnPercent: String(params.diskSettings.diskWarnPercent),
    diskFloorMb: String(params.diskSettings.diskFloorMb),
  });
  const [errors, setErrors] = useState<string[]>([]);
  const { disk } = params;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    try {
      const adminHomeParams = await saveDiskSettings({
        diskWarnMb: Number(form.diskWarnMb),
        diskWarnPercent: Number(form.diskWarnPercent),
        diskFloorMb: Number(form.diskFloorMb),
      });
      onSaved(adminHomeParams);
      toastSuccess(t('toast.update_succeeded', { target: t('disk.title') }));
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };
  const field = (name: keyof DiskSettings) => (
    <Field
      label={t(`disk.${name}`)}
      type="number"
      min={0}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
    />
  );
  return (
    <form className="card form-card settings-card" onSubmit={submit} noValidate data-testid="disk-space">
      <h2 className="side-title">{t('disk.title')}</h2>
      <dl className="facts">
        <dt>{t('disk.data_folder_size')}</dt>
        <dd>{formatFileSize(params.dataFolderSize)}</dd>
        <dt>{t('disk.free')}</dt>
        <dd>
          {t('disk.free_value', {
            free: formatFileSize(disk.freeBytes),
            total: formatFileSize(disk.totalBytes),
          })}{' '}
          <strong>{t(`disk.condition_${disk.condition}`)}</strong>
        </dd>
      </dl>
      <ErrorMessages messages={errors} />
      <p className="muted">{t('disk.settings_hint')}</p>
      {field('diskWarnMb')}
      {field('diskWarnPercent')}
      {field('diskFloorMb')}
      <button type="submit" className="btn btn-primary">
        {t('notifications.save')}
      </button>
    </form>
  );
}
