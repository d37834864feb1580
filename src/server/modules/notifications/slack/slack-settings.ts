// The Slack section of the notification settings (GROWI's `slack:*` keys). The webhook URL and the
// token are secrets: write-only, answered as "set" or "not set"; an empty field keeps the old one.
import type { SettingsService } from '../../settings/service';
import type { SlackSettingsUpdate, SlackSettingsView } from '../../../../shared/notification-rules';
import { isSlackConfigured } from './slack-transport';

export function slackSettingsView(settings: SettingsService): SlackSettingsView {
  return {
    isWebhookUrlSet: settings.get('slack:incomingWebhookUrl') !== '',
    isSlackTokenSet: settings.get('slack:token') !== '',
    isIncomingWebhookPrioritized: settings.get('slack:isIncomingWebhookPrioritized'),
    isSlackConfigured: isSlackConfigured(settings),
  };
}

export function updateSlackSettings(
  settings: SettingsService,
  input: SlackSettingsUpdate,
): SlackSettingsView {
  if (input.clearWebhookUrl) settings.set('slack:incomingWebhookUrl', '');
  else if (input.webhookUrl) settings.set('slack:incomingWebhookUrl', input.webhookUrl);
  if (input.clearSlackToken) settings.set('slack:token', '');
  else if (input.slackToken) settings.set('slack:token', input.slackToken);
  settings.set('slack:isIncomingWebhookPrioritized', input.isIncomingWebhookPrioritized);
  return slackSettingsView(settings);
}

/** An incoming webhook URL: http(s) (Slack's, or a compatible chat server's on the LAN), no credentials in it. */
export function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}
