// The Slack channel: one outbox row is one message to one channel, posted with the current settings.
import type { SettingsService } from '../../settings/service';
import { postToSlack, type SlackMessage } from '../slack/slack-transport';
import type { Channel } from '../worker';

export function slackChannel(settings: SettingsService, slackApiUrl: string): Channel {
  return {
    async deliver(payload) {
      await postToSlack(settings, slackApiUrl, payload as SlackMessage);
    },
  };
}
