// The editor's Slack choice (GROWI's user-trigger notification): shown while Slack is set up; the
// channels start from the admin's patterns matching this path, and the author may change them.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlackNotifyFields } from '../../../../shared/api-types';
import { slackChannelsFor } from '../../api/endpoints';
import { useSession } from '../../stores/session';

export interface SlackChoice {
  enabled: boolean;
  channels: string;
}

export function useSlackChoice(path: string): [SlackChoice, (next: SlackChoice) => void, SlackNotifyFields] {
  const configured = useSession((s) => s.config.isSlackConfigured === true);
  const [choice, setChoice] = useState<SlackChoice>({ enabled: false, channels: '' });
  useEffect(() => {
    if (!configured) return;
    let cancelled = false;
    slackChannelsFor(path).then(
      (channels) => {
        if (!cancelled) setChoice((c) => (c.channels ? c : { ...c, channels: channels.join(', ') }));
      },
      () => undefined, // no suggestions: the author types the channels
    );
    return () => {
      cancelled = true;
    };
  }, [configured, path]);
  const fields: SlackNotifyFields =
    configured && choice.enabled && choice.channels.trim()
      ? { isSlackEnabled: true, slackChannels: choice.channels.trim() }
      : {};
  return [choice, setChoice, fields];
}

export function SlackNotifyChoice({
  value,
  onChange,
}: {
  value: SlackChoice;
  onChange: (next: SlackChoice) => void;
}) {
  const { t } = useTranslation();
  const configured = useSession((s) => s.config.isSlackConfigured === true);
  if (!configured) return null;
  return (
    <span className="slack-choice" data-testid="slack-choice">
      <label className="check" title={t('slack_notify.hint')}>
        <input
          type="checkbox"
          checked={value.enabled}
          onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
        />
        {t('slack_notify.toggle')}
      </label>
      <input
        className="input"
        aria-label={t('slack_notify.channels')}
        placeholder={t('slack_notify.channels')}
        value={value.channels}
        disabled={!value.enabled}
        onChange={(e) => onChange({ ...value, channels: e.target.value })}
      />
    </span>
  );
}
