// Notifications (issue 14): in-app notification payloads (GROWI's shapes), subscriptions and the
// admin view of the outbox.
import type { PaginateResult, UserSummary } from './api-types';

export const IN_APP_STATUS = { unopened: 'UNOPENED', opened: 'OPENED' } as const;
export type InAppNotificationStatus = (typeof IN_APP_STATUS)[keyof typeof IN_APP_STATUS];

/** The actions that notify a page's subscribers (GROWI's SupportedAction names). */
export const NOTIFY_ACTIONS = [
  'PAGE_UPDATE',
  'COMMENT_CREATE',
  'PAGE_RENAME',
  'PAGE_DELETE',
  'PAGE_LIKE',
] as const;
export type NotifyAction = (typeof NOTIFY_ACTIONS)[number];

export interface InAppNotificationSnapshot {
  path: string;
  creator: string | null;
}

export interface InAppNotification {
  _id: string;
  id: string;
  targetModel: 'Page';
  target: { _id: string; path: string } | null;
  action: NotifyAction;
  status: InAppNotificationStatus;
  snapshot: string;
  createdAt: string;
  actionUsers: UserSummary[];
}

/** GROWI's mongoose-paginate-v2 result. */
export type InAppNotificationListResponse = PaginateResult<InAppNotification>;

export const SUBSCRIPTION_STATUS = { subscribe: 'SUBSCRIBE', unsubscribe: 'UNSUBSCRIBE' } as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUS)[keyof typeof SUBSCRIPTION_STATUS];

/** Automatic subscription rules in /me: subscribe to pages one creates, edits or comments on. */
export const SUBSCRIBE_RULE_NAMES = ['PAGE_CREATE', 'PAGE_UPDATE', 'COMMENT_CREATE'] as const;
export type SubscribeRuleName = (typeof SUBSCRIBE_RULE_NAMES)[number];
export interface SubscribeRule {
  name: SubscribeRuleName;
  isEnabled: boolean;
}

/** One outbox row as the admin sees it (`GET /_api/v3/notification-outbox`). */
export interface OutboxEntry {
  _id: string;
  channel: string;
  sourceKey: string;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

export interface OutboxListResponse {
  entries: OutboxEntry[];
  pendingCount: number;
  failingCount: number;
}

/** `GET /_api/v3/app-settings/mail-setting` (GROWI's fields): secrets are only said to be set. */
export interface MailSettingsView {
  isMailerSetup: boolean;
  fromAddress: string;
  transmissionMethod: 'smtp' | 'ses';
  smtpHost: string;
  smtpPort: string;
  smtpUser: string;
  /** Never the password: whether one is stored. */
  isSmtpPasswordSet: boolean;
  sesAccessKeyId: string;
  isSesSecretAccessKeySet: boolean;
  sesRegion: string;
  siteUrl: string;
}
