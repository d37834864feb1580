// Posting to Slack (GROWI's "legacy" transport): an incoming webhook (@slack/webhook) or a token
// (@slack/web-api chat.postMessage); when both are set the token wins unless the admin prefers the
// webhook. No retries here: the outbox retries. Both libraries load on first use.
import type { SettingsService } from '../../settings/service';

export interface SlackAttachment {
  color?: string;
  text?: string;
  title?: string;
  title_link?: string;
  author_name?: string;
  author_link?: string;
  mrkdwn_in?: ('text' | 'fields' | 'pretext')[];
}

export interface SlackMessage {
  /** Without `#`; a webhook posts to its own channel when Slack ignores this. */
  channel: string;
  text: string;
  username?: string;
  attachments?: SlackAttachment[];
}

const TIMEOUT_MS = 15_000;

export function isSlackConfigured(settings: SettingsService): boolean {
  return settings.get('slack:incomingWebhookUrl') !== '' || settings.get('slack:token') !== '';
}

/** Which transport a message goes through now, or null when Slack is not set up. */
export function slackTransportOf(settings: SettingsService): 'webhook' | 'token' | null {
  const webhook = settings.get('slack:incomingWebhookUrl') !== '';
  const token = settings.get('slack:token') !== '';
  if (settings.get('slack:isIncomingWebhookPrioritized')) return webhook ? 'webhook' : token ? 'token' : null;
  return token ? 'token' : webhook ? 'webhook' : null;
}

/** An error message with the stored secrets blotted out: it is kept in the outbox and shown to admins. */
function withoutSecrets(settings: SettingsService, err: unknown): Error {
  let message = err instanceof Error ? err.message : String(err);
  for (const secret of [settings.get('slack:incomingWebhookUrl'), settings.get('slack:token')]) {
    if (secret) message = message.split(secret).join('***');
  }
  return new Error(message);
}

/** Posts one message now; throws with Slack's reason (secrets removed). */
export async function postToSlack(
  settings: SettingsService,
  slackApiUrl: string,
  message: SlackMessage,
): Promise<void> {
  const transport = slackTransportOf(settings);
  if (!transport) throw new Error('Slack is not set up');
  const channel = `#${message.channel.replace(/^#/, '')}`;
  try {
    if (transport === 'webhook') {
      const { IncomingWebhook } = await import('@slack/webhook');
      const hook = new IncomingWebhook(settings.get('slack:incomingWebhookUrl'), { timeout: TIMEOUT_MS });
      await hook.send({ ...message, channel });
      return;
    }
    const { WebClient, LogLevel } = await import('@slack/web-api');
    const client = new WebClient(settings.get('slack:token'), {
      ...(slackApiUrl ? { slackApiUrl } : {}),
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      timeout: TIMEOUT_MS,
      logLevel: LogLevel.ERROR,
    });
    await client.chat.postMessage({ ...message, channel });
  } catch (err) {
    throw withoutSecrets(settings, err);
  }
}
