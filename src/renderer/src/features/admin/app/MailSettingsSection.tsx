// /admin/app, mail section (issue 14): from address and SMTP host/port/user/password, or Amazon
// SES; a test mail to the signed-in admin. Passwords and keys are write-only: the form shows whether
// one is stored, and an empty field keeps it.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorMessages, Field } from '../../../components/Field';
import { errorMessages, toastError, toastSuccess } from '../../../stores/toasts';

interface MailSettings {
  isMailerSetup: boolean;
  fromAddress: string;
  transmissionMethod: 'smtp' | 'ses';
  smtpHost: string;
  smtpPort: string;
  smtpUser: string;
  isSmtpPasswordSet: boolean;
  sesAccessKeyId: string;
  isSesSecretAccessKeySet: boolean;
  sesRegion: string;
}
type Reply = { mailSettingParams: MailSettings };

const V3 = '/_api/v3/app-settings';

export function MailSettingsSection() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<MailSettings | null>(null);
  const [form, setForm] = useState<MailSettings | null>(null);
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.get<Reply>(`${V3}/mail-setting`).then(
      ({ mailSettingParams }) => {
        setSaved(mailSettingParams);
        setForm(mailSettingParams);
      },
      (err: unknown) => setErrors(errorMessages(err)),
    );
  }, []);
  if (!form || !saved) return <ErrorMessages messages={errors} />;
  const set = (patch: Partial<MailSettings>) => setForm({ ...form, ...patch });
  const ses = form.transmissionMethod === 'ses';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    setBusy(true);
    try {
      const reply = ses
        ? await api.put<Reply>(`${V3}/ses-setting`, {
            fromAddress: form.fromAddress,
            sesAccessKeyId: form.sesAccessKeyId,
            sesRegion: form.sesRegion,
            ...(secret ? { sesSecretAccessKey: secret } : {}),
          })
        : await api.put<Reply>(`${V3}/smtp-setting`, {
            fromAddress: form.fromAddress,
            smtpHost: form.smtpHost,
            smtpPort: form.smtpPort,
            smtpUser: form.smtpUser,
            ...(secret ? { smtpPassword: secret } : {}),
          });
      setSaved(reply.mailSettingParams);
      setForm(reply.mailSettingParams);
      setSecret('');
      toastSuccess(t('toast.update_succeeded', { target: t('notifications.mail_title') }));
    } catch (err) {
      setErrors(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  const sendTest = async () => {
    setBusy(true);
    try {
      await api.post(`${V3}/smtp-test`);
      toastSuccess(t('notifications.smtp_test_sent'));
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  const secretSet = ses ? saved.isSesSecretAccessKeySet : saved.isSmtpPasswordSet;
  return (
    <form className="card form-card settings-card" onSubmit={submit} noValidate data-testid="mail-settings">
      <h2 className="modal-section-title">{t('notifications.mail_title')}</h2>
      <ErrorMessages messages={errors} />
      <Field
        label={t('notifications.from_address')}
        type="email"
        value={form.fromAddress}
        onChange={(e) => set({ fromAddress: e.target.value })}
      />
      <div className="field" role="radiogroup" aria-label={t('notifications.transmission_method')}>
        {(['smtp', 'ses'] as const).map((method) => (
          <label key={method} className="check">
            <input
              type="radio"
              name="transmissionMethod"
              checked={form.transmissionMethod === method}
              onChange={() => {
                set({ transmissionMethod: method });
                setSecret('');
              }}
            />
            {t(`notifications.method_${method}`)}
          </label>
        ))}
      </div>
      {ses ? (
        <>
          <Field
            label={t('notifications.ses_access_key_id')}
            value={form.sesAccessKeyId}
            onChange={(e) => set({ sesAccessKeyId: e.target.value })}
          />
          <Field
            label={t('notifications.ses_region')}
            value={form.sesRegion}
            onChange={(e) => set({ sesRegion: e.target.value })}
          />
        </>
      ) : (
        <>
          <Field
            label={t('notifications.smtp_host')}
            value={form.smtpHost}
            onChange={(e) => set({ smtpHost: e.target.value })}
          />
          <Field
            label={t('notifications.smtp_port')}
            inputMode="numeric"
            value={form.smtpPort}
            onChange={(e) => set({ smtpPort: e.target.value })}
          />
          <Field
            label={t('notifications.smtp_user')}
            value={form.smtpUser}
            autoComplete="off"
            onChange={(e) => set({ smtpUser: e.target.value })}
          />
        </>
      )}
      <Field
        label={ses ? t('notifications.ses_secret_access_key') : t('notifications.smtp_password')}
        type="password"
        autoComplete="new-password"
        value={secret}
        placeholder={secretSet ? '••••••••' : ''}
        onChange={(e) => setSecret(e.target.value)}
        hint={secretSet ? t('notifications.secret_kept') : undefined}
      />
      <div className="mail-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('notifications.save')}
        </button>
        {!ses && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy || !saved.smtpHost}
            onClick={() => void sendTest()}
          >
            {t('notifications.send_test_mail')}
          </button>
        )}
      </div>
    </form>
  );
}
