// One global notification rule, new or edited: the trigger path (a page, or `/*` for the pages
// below), the events, and where it goes (an e-mail address or Slack channels).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GLOBAL_EVENTS,
  type GlobalEvent,
  type GlobalNotificationInput,
  type GlobalNotificationSetting,
} from '../../../../../shared/notification-rules';
import { ErrorMessages, Field } from '../../../components/Field';
import { errorMessages } from '../../../stores/toasts';
import { saveGlobalRule } from './settings-api';

export function GlobalRuleForm({
  rule,
  onSaved,
  onCancel,
}: {
  rule: GlobalNotificationSetting | null;
  onSaved: (rule: GlobalNotificationSetting) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<GlobalNotificationInput>({
    triggerPath: rule?.triggerPath ?? '',
    notifyType: rule?.__t ?? 'mail',
    toEmail: rule?.toEmail ?? '',
    slackChannels: rule?.slackChannels ?? '',
    triggerEvents: rule?.triggerEvents ?? [],
  });
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<GlobalNotificationInput>) => setForm({ ...form, ...patch });
  const toggle = (event: GlobalEvent, on: boolean) =>
    set({
      triggerEvents: on ? [...form.triggerEvents, event] : form.triggerEvents.filter((e) => e !== event),
    });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    setBusy(true);
    try {
      const mail = form.notifyType === 'mail';
      onSaved(
        await saveGlobalRule(
          {
            triggerPath: form.triggerPath.trim(),
            notifyType: form.notifyType,
            triggerEvents: form.triggerEvents,
            ...(mail ? { toEmail: form.toEmail } : { slackChannels: form.slackChannels }),
          },
          rule?._id,
        ),
      );
    } catch (err) {
      setErrors(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card form-card" onSubmit={submit} noValidate data-testid="global-rule-form">
      <h3>{rule ? t('notification_settings.edit_rule') : t('notification_settings.new_rule')}</h3>
      <ErrorMessages messages={errors} />
      <Field
        label={t('notification_settings.trigger_path')}
        value={form.triggerPath}
        placeholder="/project/*"
        hint={t('notification_settings.trigger_path_hint')}
        onChange={(e) => set({ triggerPath: e.target.value })}
      />
      <fieldset className="field">
        <legend>{t('notification_settings.trigger_events')}</legend>
        {GLOBAL_EVENTS.map((event) => (
          <label key={event} className="check">
            <input
              type="checkbox"
              checked={form.triggerEvents.includes(event)}
              onChange={(e) => toggle(event, e.target.checked)}
            />
            {t(`notification_settings.event.${event}`)}
          </label>
        ))}
      </fieldset>
      <div className="field" role="radiogroup" aria-label={t('notification_settings.notify_by')}>
        {(['mail', 'slack'] as const).map((type) => (
          <label key={type} className="check">
            <input
              type="radio"
              name="notifyType"
              checked={form.notifyType === type}
              onChange={() => set({ notifyType: type })}
            />
            {t(`notification_settings.notify_${type}`)}
          </label>
        ))}
      </div>
      {form.notifyType === 'mail' ? (
        <Field
          label={t('notification_settings.to_email')}
          type="email"
          value={form.toEmail ?? ''}
          onChange={(e) => set({ toEmail: e.target.value })}
        />
      ) : (
        <Field
          label={t('notification_settings.slack_channels')}
          value={form.slackChannels ?? ''}
          placeholder="general, wiki"
          onChange={(e) => set({ slackChannels: e.target.value })}
        />
      )}
      <div className="mail-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('notifications.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
