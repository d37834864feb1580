// The audit log's settings: recording on or off, and how many days entries are kept.
import { useTranslation } from 'react-i18next';
import type { AuditLogSettings } from '../../../../../shared/audit-types';
import { ErrorMessages, Field } from '../../../components/Field';
import { SettingsSection } from '../../../components/SettingsSection';
import { useSettingsForm } from '../../../components/useSettingsForm';
import { getAuditLogSettings, saveAuditLogSettings } from '../settings-api';
import { Check } from '../../../components/Check';

/** The days as typed: the server says what a number that is not one means. */
type Form = { auditLogEnabled: boolean; days: string };
const toForm = (settings: AuditLogSettings): Form => ({
  auditLogEnabled: settings.auditLogEnabled,
  days: String(settings.auditLogRetentionDays),
});

export function AuditLogSettingsForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const settings = useSettingsForm<Form>({
    load: async () => toForm(await getAuditLogSettings()),
    save: async ({ auditLogEnabled, days }) =>
      toForm(await saveAuditLogSettings({ auditLogEnabled, auditLogRetentionDays: Number(days) })),
    savedMessage: t('toast.update_succeeded', { target: t('audit_log.settings') }),
    onSaved,
  });
  const { form, update } = settings;
  if (!form) return <ErrorMessages messages={settings.errors} />;
  return (
    <SettingsSection title={t('audit_log.settings')} testId="audit-settings" settings={settings}>
      <Check
        label={t('audit_log.enabled')}
        checked={form.auditLogEnabled}
        onChange={(checked) => update('auditLogEnabled', checked)}
      />
      <Field
        label={t('audit_log.retention_days')}
        type="number"
        min={1}
        max={3650}
        value={form.days}
        onChange={(e) => update('days', e.target.value)}
      />
    </SettingsSection>
  );
}
