// /admin/notification, Slack section: an incoming webhook URL and/or a token (write-only: the form
// shows whether one is stored; an empty field keeps it), which one wins, and a test message.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlackSettingsView } from '../../../../../shared/notification-rules';
import { ErrorMessages, Field } from '../../../components/Field';
import { errorMessages, toastError, toastSuccess } from '../../../stores/toasts';
import { getSlackSettings, putSlackSettings, sendSlackTest } from './settings-api';
import { Check } from '../../../components/Check';

export function SlackSettingsSection({ onChange }: { onChange: (view: SlackSettingsView) => void }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<SlackSettingsView | null>(null);
  const [webhookUrl, setWebhookUrl] = useState('');
  const [slackToken, setSlackToken] = useState('');
  const [prioritized, setPrioritized] = useState(false);
  const [testChannel, setTestChannel] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    getSlackSettings().then(
      (view) => {
        setSaved(view);
        setPrioritized(view.isIncomingWebhookPrioritized);
      },
      (err: unknown) => setErrors(errorMessages(err)),
    );
  }, []);
  if (!saved) return <ErrorMessages messages={errors} />;

  const save = async (extra: { clearWebhookUrl?: boolean; clearSlackToken?: boolean } = {}) => {
    setErrors([]);
    setBusy(true);
    try {
      const view = await putSlackSettings({
        isIncomingWebhookPrioritized: prioritized,
        ...(webhookUrl ? { webhookUrl } : {}),
        ...(slackToken ? { slackToken } : {}),
        ...extra,
      });
      setSaved(view);
      onChange(view);
      setWebhookUrl('');
      setSlackToken('');
      toastSuccess(t('toast.update_succeeded', { target: t('notification_settings.slack_title') }));
    } catch (err) {
      setErrors(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
  const test = async () => {
    setBusy(true);
    try {
      await sendSlackTest(testChannel);
      toastSuccess(t('notification_settings.slack_test_sent', { channel: testChannel }));
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };
  const kept = (isSet: boolean, clear: () => void) =>
    isSet ? (
      <>
        {t('notifications.secret_kept')}{' '}
        <button type="button" className="btn-link" disabled={busy} onClick={clear}>
          {t('notification_settings.forget')}
        </button>
      </>
    ) : undefined;

  return (
    <form className="card form-card settings-card" onSubmit={submit} noValidate data-testid="slack-settings">
      <h2 className="modal-section-title">{t('notification_settings.slack_title')}</h2>
      <p className="muted">{t('notification_settings.slack_help')}</p>
      <ErrorMessages messages={errors} />
      <Field
        label={t('notification_settings.webhook_url')}
        type="password"
        autoComplete="off"
        value={webhookUrl}
        placeholder={saved.isWebhookUrlSet ? '••••••••' : 'https://hooks.slack.com/services/…'}
        onChange={(e) => setWebhookUrl(e.target.value)}
        hint={kept(saved.isWebhookUrlSet, () => void save({ clearWebhookUrl: true }))}
      />
      <Field
        label={t('notification_settings.slack_token')}
        type="password"
        autoComplete="off"
        value={slackToken}
        placeholder={saved.isSlackTokenSet ? '••••••••' : 'xoxb-…'}
        onChange={(e) => setSlackToken(e.target.value)}
        hint={kept(saved.isSlackTokenSet, () => void save({ clearSlackToken: true }))}
      />
      <Check
        label={t('notification_settings.prefer_webhook')}
        checked={prioritized}
        onChange={(checked) => setPrioritized(checked)}
      />
      <div className="mail-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('notifications.save')}
        </button>
      </div>
      <div className="inline-form">
        <Field
          label={t('notification_settings.test_channel')}
          value={testChannel}
          placeholder="general"
          onChange={(e) => setTestChannel(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy || !saved.isSlackConfigured || !testChannel.trim()}
          onClick={() => void test()}
        >
          {t('notification_settings.send_test_message')}
        </button>
      </div>
    </form>
  );
}
