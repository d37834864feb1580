// /admin/security, issue 7: link sharing on or off, and the upload size limit (in MB; fixed by the
// QUIRE_MAX_FILE_SIZE environment variable when set).
import { useTranslation } from 'react-i18next';
import { MAX_FILE_SIZE_CEILING, type SecurityParams } from '../../../../shared/account-types';
import { formatFileSize } from '../../../../shared/attachment-types';
import { updateFileUploadSetting, updateShareLinkSetting } from '../../api/accounts';
import { getAppConfig } from '../../api/endpoints';
import { Field } from '../../components/Field';
import { SettingsSection } from '../../components/SettingsSection';
import { useSettingsForm } from '../../components/useSettingsForm';
import { useSession } from '../../stores/session';
import { Check } from '../../components/Check';

const MB = 1024 * 1024;

/** The limit field: a positive number of megabytes up to the ceiling, as bytes; null otherwise. */
export function parseMegabytes(text: string): number | null {
  const value = text.trim();
  if (!/^\d+(\.\d+)?$/.test(value)) return null;
  const bytes = Math.round(Number(value) * MB);
  return bytes >= 1 && bytes <= MAX_FILE_SIZE_CEILING ? bytes : null;
}

interface SharingUpload {
  disabled: boolean;
  size: string;
}

export function SharingUploadForm({ initial }: { initial: SecurityParams }) {
  const { t } = useTranslation();
  const { isFromEnv, maxFileSize } = initial.fileUploadSetting;
  const settings = useSettingsForm<SharingUpload>({
    initial: {
      disabled: initial.shareLinkSetting.disableLinkSharing,
      size: String(Number((maxFileSize / MB).toFixed(2))),
    },
    save: async (form) => {
      const bytes = parseMegabytes(form.size);
      if (!isFromEnv && bytes === null) throw [t('link_sharing.size_invalid')];
      await updateShareLinkSetting({ disableLinkSharing: form.disabled });
      if (!isFromEnv && bytes !== null) await updateFileUploadSetting({ maxFileSize: bytes });
      const { currentUser: _user, ...config } = await getAppConfig();
      useSession.getState().setConfig(config);
      return form;
    },
    savedMessage: t('toast.update_succeeded', { target: t('link_sharing.title') }),
  });
  const form = settings.form!;

  return (
    <SettingsSection title={t('link_sharing.title')} settings={settings} submitLabel={t('link_sharing.save')}>
      <Check
        label={t('link_sharing.disable')}
        checked={form.disabled}
        onChange={(checked) => settings.update('disabled', checked)}
      />
      <p className="field-hint">{t('link_sharing.disable_hint')}</p>
      <Field
        label={t('link_sharing.max_file_size')}
        inputMode="decimal"
        value={form.size}
        disabled={isFromEnv}
        onChange={(e) => settings.update('size', e.target.value)}
        hint={
          isFromEnv
            ? t('link_sharing.max_file_size_env', { size: formatFileSize(maxFileSize) })
            : t('link_sharing.max_file_size_hint')
        }
      />
    </SettingsSection>
  );
}
