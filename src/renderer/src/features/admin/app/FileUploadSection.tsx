// /admin/app, file upload section (issue 19): where attachments live (this machine's folder, inside
// quire.db, or an S3-compatible bucket), how bucket files reach browsers (relay or redirect), a
// connection test, and the move that follows a change of storage, with its progress.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_UPLOAD_TYPES } from '../../../../../shared/file-storage-types';
import { Alert, ErrorMessages, Field } from '../../../components/Field';
import { errorMessages, toastSuccess } from '../../../stores/toasts';
import {
  getFileUploadSettings,
  saveFileUploadSettings,
  testFileUploadSettings,
  type FileUploadState as View,
} from '../settings-api';
import { Check } from '../../../components/Check';

export function FileUploadSection() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<View | null>(null);
  const [form, setForm] = useState<View | null>(null);
  const [secret, setSecret] = useState('');
  const [gcsKey, setGcsKey] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const load = () =>
    getFileUploadSettings().then(
      (state) => {
        setSaved(state);
        setForm((f) => f ?? state);
      },
      (err: unknown) => setErrors(errorMessages(err)),
    );
  useEffect(() => void load(), []);
  const moving = saved?.moveStatus.state === 'running';
  // While a move runs, its progress is read again every second.
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => void load(), 1000);
    return () => clearInterval(timer);
  }, [moving]);
  if (!form || !saved) return <ErrorMessages messages={errors} />;
  const set = (patch: Partial<View>) => setForm({ ...form, ...patch });
  const body = () => ({
    fileUploadType: form.fileUploadType,
    ...(form.fileUploadType === 'aws'
      ? {
          s3Region: form.s3Region,
          s3CustomEndpoint: form.s3CustomEndpoint,
          s3Bucket: form.s3Bucket,
          s3AccessKeyId: form.s3AccessKeyId,
          s3ForcePathStyle: form.s3ForcePathStyle,
          s3ReferenceFileWithRelayMode: form.s3ReferenceFileWithRelayMode,
          ...(secret ? { s3SecretAccessKey: secret } : {}),
        }
      : {}),
    ...(form.fileUploadType === 'gcs'
      ? {
          gcsApiKeyJsonPath: form.gcsApiKeyJsonPath,
          gcsBucket: form.gcsBucket,
          gcsUploadNamespace: form.gcsUploadNamespace,
          gcsReferenceFileWithRelayMode: form.gcsReferenceFileWithRelayMode,
          ...(gcsKey ? { gcsApiKeyJson: gcsKey } : {}),
        }
      : {}),
  });
  const run = async (action: () => Promise<void>) => {
    setErrors([]);
    setBusy(true);
    try {
      await action();
    } catch (err) {
      setErrors(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await saveFileUploadSettings(body());
      setSecret('');
      setGcsKey('');
      await load();
      toastSuccess(t('toast.update_succeeded', { target: t('file_storage.title') }));
    });
  };
  const test = () =>
    void run(async () => {
      await testFileUploadSettings(body());
      toastSuccess(t('file_storage.test_ok'));
    });
  const status = saved.moveStatus;
  const aws = form.fileUploadType === 'aws';
  const gcs = form.fileUploadType === 'gcs';
  const delivery = (relayNow: boolean, choose: (relay: boolean) => void) => (
    <div className="field" role="radiogroup" aria-label={t('file_storage.delivery')}>
      {[true, false].map((relay) => (
        <label key={String(relay)} className="check">
          <input type="radio" name="delivery" checked={relayNow === relay} onChange={() => choose(relay)} />
          {t(relay ? 'file_storage.relay' : 'file_storage.redirect')}
        </label>
      ))}
    </div>
  );
  return (
    <form
      className="card form-card settings-card"
      onSubmit={submit}
      noValidate
      data-testid="file-upload-settings"
    >
      <h2 className="modal-section-title">{t('file_storage.title')}</h2>
      <p className="muted">{t('file_storage.help')}</p>
      <ErrorMessages messages={errors} />
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
              onChange={() => set({ fileUploadType: type })}
            />
            {t(`file_storage.type_${type}`)}
            {saved.fileUploadType === type && ` (${t('file_storage.in_use_now')})`}
          </label>
        ))}
      </div>
      {aws && (
        <>
          <Field
            label={t('file_storage.region')}
            value={form.s3Region}
            placeholder="us-east-1"
            onChange={(e) => set({ s3Region: e.target.value })}
          />
          <Field
            label={t('file_storage.endpoint')}
            value={form.s3CustomEndpoint}
            placeholder="https://minio.example.lan:9000"
            hint={t('file_storage.endpoint_hint')}
            onChange={(e) => set({ s3CustomEndpoint: e.target.value })}
          />
          <Field
            label={t('file_storage.bucket')}
            value={form.s3Bucket}
            onChange={(e) => set({ s3Bucket: e.target.value })}
          />
          <Field
            label={t('file_storage.access_key_id')}
            value={form.s3AccessKeyId}
            autoComplete="off"
            onChange={(e) => set({ s3AccessKeyId: e.target.value })}
          />
          <Field
            label={t('file_storage.secret_access_key')}
            type="password"
            autoComplete="new-password"
            value={secret}
            placeholder={saved.isS3SecretAccessKeySet ? '••••••••' : ''}
            hint={saved.isS3SecretAccessKeySet ? t('notifications.secret_kept') : undefined}
            onChange={(e) => setSecret(e.target.value)}
          />
          <Check
            label={t('file_storage.path_style')}
            checked={form.s3ForcePathStyle}
            onChange={(checked) => set({ s3ForcePathStyle: checked })}
          />
          {delivery(form.s3ReferenceFileWithRelayMode, (relay) =>
            set({ s3ReferenceFileWithRelayMode: relay }),
          )}
        </>
      )}
      {form.fileUploadType !== saved.fileUploadType && (
        <Alert kind="warning">{t('file_storage.move_warning')}</Alert>
      )}
      <div className="mail-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || moving}>
          {form.fileUploadType !== saved.fileUploadType
            ? t('file_storage.move_button')
            : t('notifications.save')}
        </button>
        {(aws || gcs) && (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={test}>
            {t('file_storage.test_button')}
          </button>
        )}
      </div>
    </form>
  );
}
