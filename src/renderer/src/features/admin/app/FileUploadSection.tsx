// /admin/app, file upload section (issue 19): where attachments live (this machine's folder, inside
// quire.db, an S3-compatible bucket or Google Cloud Storage), how bucket files reach browsers (relay
// or redirect), a connection test, and the move that follows a change of storage, with its progress.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_UPLOAD_TYPES } from '../../../../../shared/file-storage-types';
import { Check } from '../../../components/Check';
import { Alert, ErrorMessages, Field, TextAreaField } from '../../../components/Field';
import { Radios } from '../../../components/Radios';
import { SettingsSection } from '../../../components/SettingsSection';
import { useAction } from '../../../components/useAction';
import { useSettingsForm } from '../../../components/useSettingsForm';
import { ProviderTextFields } from '../ProviderFields';
import {
  getFileUploadSettings,
  saveFileUploadSettings,
  testFileUploadSettings,
  type FileUploadState as View,
} from '../settings-api';

/** Plain text fields of each bucket: key, label, placeholder, hint. */
type TextField = [keyof View & string, string, string?, string?];
const S3_FIELDS: TextField[] = [
  ['s3Region', 'file_storage.region', 'us-east-1'],
  [
    's3CustomEndpoint',
    'file_storage.endpoint',
    'https://minio.example.lan:9000',
    'file_storage.endpoint_hint',
  ],
  ['s3Bucket', 'file_storage.bucket'],
  ['s3AccessKeyId', 'file_storage.access_key_id'],
];
const GCS_FIELDS: TextField[] = [
  ['gcsApiKeyJsonPath', 'file_storage.gcs_key_path', '/etc/quire/gcs-key.json'],
  ['gcsBucket', 'file_storage.bucket'],
  ['gcsUploadNamespace', 'file_storage.gcs_namespace'],
];

/** The settings, and the secrets typed now (never shown back). */
type Form = View & { secret: string; gcsKey: string };

const withNothingTyped = (view: View): Form => ({ ...view, secret: '', gcsKey: '' });

/** The PUT body: the chosen storage's own fields; an empty secret keeps the stored one. */
const body = (form: Form) => ({
  fileUploadType: form.fileUploadType,
  ...(form.fileUploadType === 'aws'
    ? {
        s3Region: form.s3Region,
        s3CustomEndpoint: form.s3CustomEndpoint,
        s3Bucket: form.s3Bucket,
        s3AccessKeyId: form.s3AccessKeyId,
        s3ForcePathStyle: form.s3ForcePathStyle,
        s3ReferenceFileWithRelayMode: form.s3ReferenceFileWithRelayMode,
        ...(form.secret ? { s3SecretAccessKey: form.secret } : {}),
      }
    : {}),
  ...(form.fileUploadType === 'gcs'
    ? {
        gcsApiKeyJsonPath: form.gcsApiKeyJsonPath,
        gcsBucket: form.gcsBucket,
        gcsUploadNamespace: form.gcsUploadNamespace,
        gcsReferenceFileWithRelayMode: form.gcsReferenceFileWithRelayMode,
        ...(form.gcsKey ? { gcsApiKeyJson: form.gcsKey } : {}),
      }
    : {}),
});

export function FileUploadSection() {
  const { t } = useTranslation();
  // What the server says since the last save: the storage in use and a move's progress, read again
  // every second while a move runs.
  const [polled, setPolled] = useState<View | null>(null);
  const settings = useSettingsForm<Form>({
    load: async () => withNothingTyped(await getFileUploadSettings()),
    save: async (form) => {
      await saveFileUploadSettings(body(form));
      // The storage in use changes when the move ends; the form keeps what was chosen.
      setPolled(await getFileUploadSettings());
      return withNothingTyped(form);
    },
    savedMessage: t('toast.update_succeeded', { target: t('file_storage.title') }),
  });
  const [testErrors, setTestErrors] = useState<string[]>([]);
  const [testing, test] = useAction(async (form: Form) => {
    await testFileUploadSettings(body(form));
    return t('file_storage.test_ok');
  }, setTestErrors);
  const { form, saved, update } = settings;
  const view = polled ?? saved;
  const moving = view?.moveStatus.state === 'running';
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => void getFileUploadSettings().then(setPolled, () => undefined), 1000);
    return () => clearInterval(timer);
  }, [moving]);
  if (!form || !view) return <ErrorMessages messages={settings.errors} />;
  const busy = settings.busy || testing;
  const textFields = (fields: TextField[]) =>
    fields.map(([key, label, placeholder, hint]) => ({
      key,
      label: t(label),
      placeholder,
      hint: hint && t(hint),
    }));
  const status = view.moveStatus;
  const aws = form.fileUploadType === 'aws';
  const gcs = form.fileUploadType === 'gcs';
  const delivery = (relayNow: boolean, choose: (relay: boolean) => void) => (
    <Radios
      name="delivery"
      legend={t('file_storage.delivery')}
      options={[true, false]}
      value={relayNow}
      label={(relay) => t(relay ? 'file_storage.relay' : 'file_storage.redirect')}
      onChange={choose}
    />
  );
  return (
    <SettingsSection
      title={t('file_storage.title')}
      hint={t('file_storage.help')}
      testId="file-upload-settings"
      settings={{ ...settings, errors: [...settings.errors, ...testErrors] }}
      busy={testing || moving}
      submitLabel={
        form.fileUploadType !== view.fileUploadType ? t('file_storage.move_button') : t('notifications.save')
      }
      actions={
        (aws || gcs) && (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void test(form)}>
            {t('file_storage.test_button')}
          </button>
        )
      }
    >
      {status.state !== 'idle' && (
        <Alert kind={status.state === 'failed' ? 'error' : status.state === 'done' ? 'success' : 'info'}>
          <p data-testid="storage-move-status">
            {t(`file_storage.move_${status.state}`, {
              from: status.from ? t(`file_storage.type_${status.from}`) : '',
              to: status.to ? t(`file_storage.type_${status.to}`) : '',
              verified: status.verified,
              total: status.total,
              error: status.problem
                ? t(`file_storage.problem_${status.problem.code}`, { id: status.problem.attachmentId })
                : (status.error ?? ''),
            })}
          </p>
          {moving && <progress max={Math.max(1, status.total)} value={status.verified} />}
        </Alert>
      )}
      <div className="field" role="radiogroup" aria-label={t('file_storage.type')}>
        {FILE_UPLOAD_TYPES.map((type) => (
          <label key={type} className="check">
            <input
              type="radio"
              name="fileUploadType"
              checked={form.fileUploadType === type}
              onChange={() => update('fileUploadType', type)}
            />
            {t(`file_storage.type_${type}`)}
            {view.fileUploadType === type && ` (${t('file_storage.in_use_now')})`}
          </label>
        ))}
      </div>
      {aws && (
        <>
          <ProviderTextFields specs={textFields(S3_FIELDS)} values={form} update={update} />
          <Field
            label={t('file_storage.secret_access_key')}
            type="password"
            autoComplete="new-password"
            value={form.secret}
            placeholder={view.isS3SecretAccessKeySet ? '••••••••' : ''}
            hint={view.isS3SecretAccessKeySet ? t('notifications.secret_kept') : undefined}
            onChange={(e) => update('secret', e.target.value)}
          />
          <Check
            label={t('file_storage.path_style')}
            checked={form.s3ForcePathStyle}
            onChange={(checked) => update('s3ForcePathStyle', checked)}
          />
          {delivery(form.s3ReferenceFileWithRelayMode, (relay) =>
            update('s3ReferenceFileWithRelayMode', relay),
          )}
        </>
      )}
      {gcs && (
        <>
          <TextAreaField
            label={t('file_storage.gcs_key')}
            rows={4}
            autoComplete="off"
            spellCheck={false}
            value={form.gcsKey}
            placeholder={view.isGcsApiKeyJsonSet ? '••••••••' : '{ "type": "service_account", … }'}
            hint={view.isGcsApiKeyJsonSet ? t('notifications.secret_kept') : t('file_storage.gcs_key_hint')}
            onChange={(e) => update('gcsKey', e.target.value)}
          />
          <ProviderTextFields specs={textFields(GCS_FIELDS)} values={form} update={update} />
          {delivery(form.gcsReferenceFileWithRelayMode, (relay) =>
            update('gcsReferenceFileWithRelayMode', relay),
          )}
        </>
      )}
      {form.fileUploadType !== view.fileUploadType && (
        <Alert kind="warning">{t('file_storage.move_warning')}</Alert>
      )}
    </SettingsSection>
  );
}
