// /admin/notification, Slack section: an incoming webhook URL and/or a token (write-only: the form
// shows whether one is stored; an empty field keeps it), which one wins, and a test message.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlackSettingsView } from '../../../../../shared/notification-rules';
import { Check } from '../../../components/Check';
import { ErrorMessages, Field } from '../../../components/Field';
import { SettingsSection } from '../../../components/SettingsSection';
import { useAction } from '../../../components/useAction';
import { useSettingsForm } from '../../../components/useSettingsForm';
import { getSlackSettings, putSlackSettings, sendSlackTest } from './settings-api';

/** What the server holds, the secrets typed now (never shown back) and which stored one to forget. */
type Form = SlackSettingsView & {
  webhookUrl: string;
  slackToken: string;
  clearWebhookUrl?: boolean;
  clearSlackToken?: boolean;
};

const withNothingTyped = (view: SlackSettingsView): Form => ({ ...view, webhookUrl: '', slackToken: '' });

export function SlackSettingsSection({ onChange }: { onChange: (view: SlackSettingsView) => void }) {
  const { t } = useTranslation();
  const settings = useSettingsForm<Form>({
    load: async () => withNothingTyped(await getSlackSettings()),
    save: async ({
      isIncomingWebhookPrioritized,
      webhookUrl,
      slackToken,
      clearWebhookUrl,
      clearSlackToken,
    }) =>
      withNothingTyped(
        await putSlackSettings({
          isIncomingWebhookPrioritized,
          ...(webhookUrl ? { webhookUrl } : {}),
          ...(slackToken ? { slackToken } : {}),
          ...(clearWebhookUrl ? { clearWebhookUrl } : {}),
          ...(clearSlackToken ? { clearSlackToken } : {}),
        }),
      ),
    savedMessage: t('toast.update_succeeded', { target: t('notification_settings.slack_title') }),
    onSaved: onChange,
  });
  const [testChannel, setTestChannel] = useState('');
  const [testing, test] = useAction(async () => {
    await sendSlackTest(testChannel);
    return t('notification_settings.slack_test_sent', { channel: testChannel });
  });
  const { form, saved, update } = settings;
  if (!form || !saved) return <ErrorMessages messages={settings.errors} />;
  const busy = settings.busy || testing;
  const kept = (isSet: boolean, forget: Partial<Form>) =>
    isSet ? (
      <>
        {t('notifications.secret_kept')}{' '}
        <button
          type="button"
          className="btn-link"
          disabled={busy}
          onClick={() => void settings.submit(undefined, { ...form, ...forget })}
        >
          {t('notification_settings.forget')}
        </button>
      </>
    ) : undefined;

  return (
    <SettingsSection
      title={t('notification_settings.slack_title')}
      hint={t('notification_settings.slack_help')}
      testId="slack-settings"
      settings={settings}
      busy={busy}
    >
      <Field
        label={t('notification_settings.webhook_url')}
        type="password"
        autoComplete="off"
        value={form.webhookUrl}
        placeholder={saved.isWebhookUrlSet ? '••••••••' : 'https://hooks.slack.com/services/…'}
        onChange={(e) => update('webhookUrl', e.target.value)}
        hint={kept(saved.isWebhookUrlSet, { clearWebhookUrl: true })}
      />
      <Field
        label={t('notification_settings.slack_token')}
        type="password"
        autoComplete="off"
        value={form.slackToken}
        placeholder={saved.isSlackTokenSet ? '••••••••' : 'xoxb-…'}
        onChange={(e) => update('slackToken', e.target.value)}
        hint={kept(saved.isSlackTokenSet, { clearSlackToken: true })}
      />
      <Check
        label={t('notification_settings.prefer_webhook')}
        checked={form.isIncomingWebhookPrioritized}
        onChange={(checked) => update('isIncomingWebhookPrioritized', checked)}
      />
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
    </SettingsSection>
  );
}
