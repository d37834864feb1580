// In-app notifications, page subscriptions, one's subscription rules (GROWI's routes) and the
// admin's view of the outbox.
import { Type } from '@sinclair/typebox';
import { DateTime, defineContract, Empty, Enum, Id, Nullable, Offset } from './define';
import { UserSummarySchema } from './entities';
import { PaginateResultSchema } from './paging';
import {
  IN_APP_STATUS,
  NOTIFY_ACTIONS,
  SUBSCRIBE_RULE_NAMES,
  SUBSCRIPTION_STATUS,
} from '../notification-types';

const InAppStatus = Enum(Object.values(IN_APP_STATUS), 'string');
const SubscriptionStatus = Enum(Object.values(SUBSCRIPTION_STATUS), 'string');

export const InAppNotificationSchema = Type.Object({
  _id: Id,
  id: Id,
  targetModel: Type.Literal('Page'),
  target: Nullable(Type.Object({ _id: Id, path: Type.String() })),
  action: Enum(NOTIFY_ACTIONS, 'string'),
  status: InAppStatus,
  /** The page as it was (JSON of its path and creator), for a page since gone. */
  snapshot: Type.String(),
  createdAt: DateTime,
  actionUsers: Type.Array(UserSummarySchema),
});

export const inAppNotificationList = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/in-app-notification/list',
  querystring: Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
    offset: Offset,
    status: Type.Optional(InAppStatus),
  }),
  response: { 200: PaginateResultSchema(InAppNotificationSchema) },
});

export const inAppNotificationStatus = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/in-app-notification/status',
  response: { 200: Type.Object({ count: Type.Integer({ minimum: 0 }) }) },
});

export const inAppNotificationOpen = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/in-app-notification/open',
  body: Type.Object({ id: Id }),
  response: { 200: Empty },
});

export const inAppNotificationOpenAll = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/in-app-notification/all-statuses-open',
  response: { 200: Empty },
});

export const pageSubscribe = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/page/subscribe',
  body: Type.Object({ pageId: Id, status: SubscriptionStatus }),
  response: {
    200: Type.Object({
      subscription: Type.Object({
        user: Id,
        targetModel: Type.Literal('Page'),
        target: Id,
        status: SubscriptionStatus,
      }),
    }),
  },
});

export const pageSubscription = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/page/subscription',
  querystring: Type.Object({ pageId: Id }),
  response: { 200: Type.Object({ subscriptionStatus: Nullable(SubscriptionStatus) }) },
});

export const SubscribeRuleSchema = Type.Object({
  name: Enum(SUBSCRIBE_RULE_NAMES, 'string'),
  isEnabled: Type.Boolean(),
});
const Rules = Type.Array(SubscribeRuleSchema, { maxItems: SUBSCRIBE_RULE_NAMES.length });
const RuleSettings = Type.Object({ userId: Id, subscribeRules: Type.Array(SubscribeRuleSchema) });

/** GROWI answers the settings document itself; Quire's web app reads it under the second key. */
export const inAppNotificationSettings = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/personal-setting/in-app-notification-settings',
  response: {
    200: Type.Composite([RuleSettings, Type.Object({ currentUserInAppNotificationSettings: RuleSettings })]),
  },
});

export const inAppNotificationSettingsUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/personal-setting/in-app-notification-settings',
  body: Type.Object({ subscribeRules: Rules }),
  response: { 200: Type.Object({ subscribeRules: Type.Array(SubscribeRuleSchema) }) },
});

/** One outbox row as the admin sees it. */
export const OutboxEntrySchema = Type.Object({
  _id: Id,
  channel: Type.String(),
  sourceKey: Type.String(),
  attempts: Type.Integer({ minimum: 0 }),
  nextAttemptAt: DateTime,
  lastError: Nullable(Type.String()),
  sentAt: Nullable(DateTime),
  createdAt: DateTime,
});

export const notificationOutbox = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/notification-outbox',
  querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }) }),
  response: {
    200: Type.Object({
      entries: Type.Array(OutboxEntrySchema),
      pendingCount: Type.Integer({ minimum: 0 }),
      failingCount: Type.Integer({ minimum: 0 }),
    }),
  },
});

export const notificationOutboxRetry = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/notification-outbox/{id}/retry',
  params: Type.Object({ id: Id }),
  response: { 200: Empty },
});
