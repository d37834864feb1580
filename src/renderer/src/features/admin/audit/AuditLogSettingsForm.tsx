// The audit log's settings: recording on or off, and how many days entries are kept.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditLogSettings } from '../../../../../shared/audit-types';
import { api } from '../../../api/client';
import { ErrorMessages, Field } from '../../../components/Field';
import { errorMessages, toastSuccess } from '../../../stores/toasts';

const URL = '/_api/v3/audit-log/settings';

export function AuditLogSettingsForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<AuditLogSettings | null>(null);
  const [days, setDays] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    api.get<{ auditLogSettings: AuditLogSettings }>(URL).then(
      ({ auditLogSettings }) => {
        setForm(auditLogSettings);
        setDays(String(auditLogSettings.auditLogRetentionDays));
      },
      (err: unknown) => setErrors(errorMessages(err)),
    );
  }, []);
  if (!form) return <ErrorMessages messages={errors} />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    try {
      const { auditLogSettings } = await api.put<{ auditLogSettings: AuditLogSettings }>(URL, {
        auditLogEnabled: form.auditLogEnabled,
        auditLogRetentionDays: Number(days),
      });
      setForm(auditLogSettings);
      toastSuccess(t('toast.update_succeeded', { target: t('audit_log.settings') }));
      onSaved();
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };
  return (
    <form className="card form-card settings-card" onSubmit={submit} noValidate data-testid="audit-settings">
      <h2 className="modal-section-title">{t('audit_log.settings')}</h2>
      <ErrorMessages messages={errors} />
      <label className="check">
        <input
          type="checkbox"
          checked={form.auditLogEnabled}
          onChange={(e) => setForm({ ...form, auditLogEnabled: e.target.checked })}
        />
        {t('audit_log.enabled')}
      </label>
      <Field
        label={t('audit_log.retention_days')}
        type="number"
        min={1}
        max={3650}
        value={days}
        onChange={(e) => setDays(e.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        {t('notifications.save')}
      </button>
    </form>
  );
}
