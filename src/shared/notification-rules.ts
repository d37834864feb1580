// Global and user-trigger notification rules (issue 14; GROWI's GlobalNotificationSetting and
// UpdatePost): their shapes and the path matching both sides use (the admin screen explains a
// pattern with the same functions the server fires with).

/** GROWI's event names (`GlobalNotificationSettingEvent`). */
export const GLOBAL_EVENTS = [
  'pageCreate',
  'pageEdit',
  'pageDelete',
  'pageMove',
  'pageLike',
  'comment',
] as const;
export type GlobalEvent = (typeof GLOBAL_EVENTS)[number];

export type GlobalNotifyType = 'mail' | 'slack';

export interface GlobalNotificationSetting {
  _id: string;
  /** GROWI's discriminator. */
  __t: GlobalNotifyType;
  isEnabled: boolean;
  triggerPath: string;
  triggerEvents: GlobalEvent[];
  toEmail?: string;
  slackChannels?: string;
}

export interface GlobalNotificationInput {
  triggerPath: string;
  notifyType: GlobalNotifyType;
  toEmail?: string;
  slackChannels?: string;
  triggerEvents: GlobalEvent[];
}

export interface UserTriggerNotification {
  _id: string;
  pathPattern: string;
  /** GROWI's first two names of the pattern's path (`*` for none or a wildcard). */
  patternPrefix: string;
  patternPrefix2: string;
  channel: string;
  provider: 'slack';
  creator: { _id: string; username: string; name: string } | null;
  createdAt: string;
  /** A pattern is never edited: when it was added. */
  updatedAt: string;
}

/** GROWI's prefixes of a user-trigger pattern: `/Team/Docs/*` → `Team`, `Docs`; `*` where none. */
export function patternPrefixes(pathPattern: string): [string, string] {
  if (!/^\/.+/.test(pathPattern)) return ['*', '*'];
  const [first, second] = pathPattern.split('/').slice(1);
  const named = (part: string | undefined) => (part && part !== '*' ? part : '*');
  return [named(first), named(second)];
}

export interface NotificationSettingsResponse {
  notificationParams: {
    isSlackConfigured: boolean;
    isNotificationForOwnerPageEnabled: boolean;
    isNotificationForGroupPageEnabled: boolean;
    userNotifications: UserTriggerNotification[];
    globalNotifications: GlobalNotificationSetting[];
  };
}

export interface SlackSettingsView {
  /** Whether a webhook URL is stored; the URL itself is a secret and never answered. */
  isWebhookUrlSet: boolean;
  isSlackTokenSet: boolean;
  isIncomingWebhookPrioritized: boolean;
  isSlackConfigured: boolean;
}

export interface SlackSettingsUpdate {
  webhookUrl?: string;
  slackToken?: string;
  isIncomingWebhookPrioritized: boolean;
  /** Forget the stored webhook URL or token (an empty field keeps it). */
  clearWebhookUrl?: boolean;
  clearSlackToken?: boolean;
}

/**
 * The trigger paths that fire for a page (GROWI's `findSettingByPathAndEvent`): the path itself,
 * then `/*` under each ancestor. A trailing `/*` means "the pages below", not the page itself.
 */
export function triggerPathCandidates(path: string): string[] {
  const candidates = [path];
  const parts = path.split('/').filter(Boolean);
  for (let i = parts.length - 1; i >= 0; i--) {
    candidates.push(`/${parts.slice(0, i).join('/')}${i > 0 ? '/' : ''}*`);
  }
  return candidates;
}

/**
 * A user-trigger pattern as a regular expression (GROWI's UpdatePost): `*` is any run of
 * characters, everything else is literal; a pattern without a leading `/` matches anywhere.
 */
export function userTriggerRegExp(pattern: string): RegExp {
  const full = pattern.startsWith('/') ? pattern : `/*${pattern}*`;
  const source = full
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

/** Slack channel names as typed: `#a, b` → `['a', 'b']` (GROWI strips `#` and splits on commas). */
export function parseSlackChannels(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((c) => c.trim().replace(/^#/, ''))
        .filter(Boolean),
    ),
  ];
}

/** A Slack channel name: lower-case letters, digits, `-`, `_`, `.` (Slack's rule), at most 80. */
export const SLACK_CHANNEL_PATTERN = '^#?[a-z0-9][a-z0-9._-]{0,79}$';
export const SLACK_CHANNEL_LIST_PATTERN =
  '^\\s*#?[a-z0-9][a-z0-9._-]{0,79}(\\s*,\\s*#?[a-z0-9][a-z0-9._-]{0,79})*\\s*$';
