// /admin/app, mail section (issue 14): from address and SMTP host/port/user/password, or Amazon
// SES; a test mail to the signed-in admin. Passwords and keys are write-only: the form shows whether
// one is stored, and an empty field keeps it.
import { useTranslation } from 'react-i18next';
import { ErrorMessages, Field } from '../../../components/Field';
import { SettingsSection } from '../../../components/SettingsSection';
import { useSettingsForm } from '../../../components/useSettingsForm';
import { useAction } from '../../../components/useAction';
import { getMailSettings, saveMailSettings, sendTestMail, type MailSettings } from '../settings-api';

/** The settings, and the password or key typed now (never shown back). */
type Form = MailSettings & { secret: string };

export function MailSettingsSection() {
  const { t } = useTranslation();
  const settings = useSettingsForm<Form>({
    load: async () => ({ ...(await getMailSettings()), secret: '' }),
    save: async (form) => ({ ...(await saveMailSettings(form, form.secret)), secret: '' }),
    savedMessage: t('toast.update_succeeded', { target: t('notifications.mail_title') }),
  });
  const { form, saved, setForm, busy } = settings;
  const [testing, sendTest] = useAction(async () => {
    await sendTestMail();
    return t('notifications.smtp_test_sent');
  });
  if (!form || !saved) return <ErrorMessages messages={settings.errors} />;
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const ses = form.transmissionMethod === 'ses';

  const secretSet = ses ? saved.isSesSecretAccessKeySet : saved.isSmtpPasswordSet;
  return (
    <SettingsSection
      title={t('notifications.mail_title')}
      testId="mail-settings"
      settings={settings}
      busy={testing}
      actions={
        !ses && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy || testing || !saved.smtpHost}
            onClick={() => void sendTest()}
          >
            {t('notifications.send_test_mail')}
          </button>
        )
      }
    >
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
                set({ transmissionMethod: method, secret: '' });
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
        value={form.secret}
        placeholder={secretSet ? '••••••••' : ''}
        onChange={(e) => set({ secret: e.target.value })}
        hint={secretSet ? t('notifications.secret_kept') : undefined}
      />
    </SettingsSection>
  );
}
