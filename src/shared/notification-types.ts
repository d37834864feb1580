// Notifications (issue 14): in-app notification payloads (GROWI's shapes), subscriptions and the
// admin view of the outbox.
import type { Static } from '@sinclair/typebox';
import type { PaginateResult } from './api-types';
import type { AnswerOf } from './contracts/define';
import type {
  InAppNotificationSchema,
  OutboxEntrySchema,
  SubscribeRuleSchema,
  notificationOutbox,
} from './contracts/notifications';

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

export type InAppNotification = Static<typeof InAppNotificationSchema>;

/** GROWI's mongoose-paginate-v2 result. */
export type InAppNotificationListResponse = PaginateResult<InAppNotification>;

export const SUBSCRIPTION_STATUS = { subscribe: 'SUBSCRIBE', unsubscribe: 'UNSUBSCRIBE' } as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUS)[keyof typeof SUBSCRIPTION_STATUS];

/** Automatic subscription rules in /me: subscribe to pages one creates, edits or comments on. */
export const SUBSCRIBE_RULE_NAMES = ['PAGE_CREATE', 'PAGE_UPDATE', 'COMMENT_CREATE'] as const;
export type SubscribeRuleName = (typeof SUBSCRIBE_RULE_NAMES)[number];
export type SubscribeRule = Static<typeof SubscribeRuleSchema>;

/** One outbox row as the admin sees it (`GET /_api/v3/notification-outbox`). */
export type OutboxEntry = Static<typeof OutboxEntrySchema>;

export type OutboxListResponse = AnswerOf<typeof notificationOutbox>;

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
