// /admin/security, issue 7: link sharing on or off, and the upload size limit (in MB; fixed by the
// QUIRE_MAX_FILE_SIZE environment variable when set).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FILE_SIZE_CEILING, type SecurityParams } from '../../../../shared/account-types';
import { formatFileSize } from '../../../../shared/attachment-types';
import { updateFileUploadSetting, updateShareLinkSetting } from '../../api/accounts';
import { getAppConfig } from '../../api/endpoints';
import { ErrorMessages, Field } from '../../components/Field';
import { useSession } from '../../stores/session';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { Check } from '../../components/Check';

const MB = 1024 * 1024;

/** The limit field: a positive number of megabytes up to the ceiling, as bytes; null otherwise. */
export function parseMegabytes(text: string): number | null {
  const value = text.trim();
  if (!/^\d+(\.\d+)?$/.test(value)) return null;
  const bytes = Math.round(Number(value) * MB);
  return bytes >= 1 && bytes <= MAX_FILE_SIZE_CEILING ? bytes : null;
}

export function SharingUploadForm({ initial }: { initial: SecurityParams }) {
  const { t } = useTranslation();
  const [disabled, setDisabled] = useState(initial.shareLinkSetting.disableLinkSharing);
  const { isFromEnv } = initial.fileUploadSetting;
  const [size, setSize] = useState(String(Number((initial.fileUploadSetting.maxFileSize / MB).toFixed(2))));
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const bytes = parseMegabytes(size);
    if (!isFromEnv && bytes === null) {
      setErrors([t('link_sharing.size_invalid')]);
      return;
    }
    setErrors([]);
    setBusy(true);
    try {
      await updateShareLinkSetting({ disableLinkSharing: disabled });
      if (!isFromEnv && bytes !== null) await updateFileUploadSetting({ maxFileSize: bytes });
      const { currentUser: _user, ...config } = await getAppConfig();
      useSession.getState().setConfig(config);
      toastSuccess(t('toast.update_succeeded', { target: t('link_sharing.title') }));
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form-card settings-card security-form" onSubmit={submit} noValidate>
      <h2 className="modal-section-title">{t('link_sharing.title')}</h2>
      <ErrorMessages messages={errors} />
      <Check
        label={t('link_sharing.disable')}
        checked={disabled}
        onChange={(checked) => setDisabled(checked)}
      />
      <p className="field-hint">{t('link_sharing.disable_hint')}</p>
      <Field
        label={t('link_sharing.max_file_size')}
        inputMode="decimal"
        value={size}
        disabled={isFromEnv}
        onChange={(e) => setSize(e.target.value)}
        hint={
          isFromEnv
            ? t('link_sharing.max_file_size_env', {
                size: formatFileSize(initial.fileUploadSetting.maxFileSize),
              })
            : t('link_sharing.max_file_size_hint')
        }
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('link_sharing.save')}
      </button>
    </form>
  );
}
