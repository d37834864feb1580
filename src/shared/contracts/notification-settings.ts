// /admin/notification (GROWI's `/_api/v3/notification-setting` and legacy Slack routes; admins
// only): global notification rules, the owner/group page switches, user-trigger patterns (the
// editor's Slack channels), and the Slack connection. Secrets are never answered.
import { Type } from '@sinclair/typebox';
import { GLOBAL_EVENTS, SLACK_CHANNEL_PATTERN } from '../notification-rules';
import { defineContract, Empty, Enum, Id, Nullable, Ok, PathQuery } from './define';

const NotifyType = Enum(['mail', 'slack'] as const, 'string');

export const GlobalNotificationSchema = Type.Object({
  _id: Type.String(),
  /** GROWI's discriminator: `mail` or `slack`. */
  __t: NotifyType,
  isEnabled: Type.Boolean(),
  triggerPath: Type.String(),
  triggerEvents: Type.Array(Enum(GLOBAL_EVENTS, 'string')),
  toEmail: Type.Optional(Type.String()),
  slackChannels: Type.Optional(Type.String()),
});

export const UserTriggerNotificationSchema = Type.Object({
  _id: Type.String(),
  pathPattern: Type.String(),
  /** GROWI's first two names of the pattern's path (`*` for none or a wildcard). */
  patternPrefix: Type.String(),
  patternPrefix2: Type.String(),
  channel: Type.String(),
  provider: Type.Literal('slack'),
  /** Null once the admin who added it is gone. */
  creator: Nullable(Type.Object({ _id: Type.String(), username: Type.String(), name: Type.String() })),
  createdAt: Type.String(),
  /** A pattern is never edited: when it was added. */
  updatedAt: Type.String(),
});

/** GROWI answers a removed document as it was stored, its version key (`__v`, always 0 here) too. */
const Removed = Type.Object({ __v: Type.Integer() });

const GrantSwitchesSchema = Type.Object({
  isNotificationForOwnerPageEnabled: Type.Boolean(),
  isNotificationForGroupPageEnabled: Type.Boolean(),
});

export const notificationSettings = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/notification-setting',
  growiPath: '/notification-setting/',
  response: {
    200: Type.Object({
      notificationParams: Type.Composite([
        Type.Object({ isSlackConfigured: Type.Boolean() }),
        GrantSwitchesSchema,
        Type.Object({
          userNotifications: Type.Array(UserTriggerNotificationSchema),
          globalNotifications: Type.Array(GlobalNotificationSchema),
        }),
      ]),
    }),
  },
});

const IdParams = Type.Object({ id: Id });

/** A page path, or a path ending in `/*` for the pages below it; the type's own field must come. */
const RuleBody = Type.Object({
  triggerPath: Type.String({ minLength: 1, maxLength: 2048, pattern: '^/' }),
  notifyType: NotifyType,
  toEmail: Type.Optional(Type.String({ maxLength: 254 })),
  slackChannels: Type.Optional(Type.String({ maxLength: 500 })),
  triggerEvents: Type.Array(Enum(GLOBAL_EVENTS, 'string'), { minItems: 1, maxItems: GLOBAL_EVENTS.length }),
});

export const globalNotificationCreate = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/notification-setting/global-notification',
  body: RuleBody,
  response: { 201: Type.Object({ createdNotification: GlobalNotificationSchema }) },
});

export const globalNotification = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/notification-setting/global-notification/{id}',
  params: IdParams,
  response: { 200: Type.Object({ globalNotification: GlobalNotificationSchema }) },
});

/** GROWI answers the rule it replaced under `createdNotification`, as its create does. */
export const globalNotificationUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/notification-setting/global-notification/{id}',
  params: IdParams,
  body: RuleBody,
  response: { 200: Type.Object({ createdNotification: GlobalNotificationSchema }) },
});

export const globalNotificationSwitch = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/notification-setting/global-notification/{id}/enabled',
  params: IdParams,
  body: Type.Object({ isEnabled: Type.Boolean() }),
  response: { 200: Type.Object({ id: Type.String() }) },
});

/** Answers the rule removed. */
export const globalNotificationDelete = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/notification-setting/global-notification/{id}',
  params: IdParams,
  response: { 200: Type.Composite([GlobalNotificationSchema, Removed]) },
});

export const grantSwitchesUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/notification-setting/notify-for-page-grant',
  body: Type.Object({
    isNotificationForOwnerPageEnabled: Type.Optional(Type.Boolean()),
    isNotificationForGroupPageEnabled: Type.Optional(Type.Boolean()),
  }),
  response: { 200: Type.Object({ responseParams: GrantSwitchesSchema }) },
});

const UserTriggers = Type.Array(UserTriggerNotificationSchema);

export const userTriggerCreate = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/notification-setting/user-notification',
  body: Type.Object({
    pathPattern: Type.String({ minLength: 1, maxLength: 2048, pattern: '\\S' }),
    channel: Type.String({ pattern: SLACK_CHANNEL_PATTERN }),
  }),
  response: {
    201: Type.Object({
      responseParams: Type.Object({
        createdUser: Type.Object({ _id: Type.String(), username: Type.String(), name: Type.String() }),
        userNotifications: UserTriggers,
      }),
    }),
  },
});

/** GROWI answers the pattern removed; Quire adds the patterns left, which its screen shows. */
export const userTriggerDelete = defineContract({
  api: 'v3',
  method: 'DELETE',
  path: '/notification-setting/user-notification/{id}',
  params: IdParams,
  response: {
    200: Type.Composite([
      UserTriggerNotificationSchema,
      Removed,
      Type.Object({ userNotifications: UserTriggers }),
    ]),
  },
});

/** `GET /_api/pages.updatePost?path=`: the channels of the user-trigger patterns that match a path. */
export const updatePostChannels = defineContract({
  api: 'v1',
  method: 'GET',
  path: '/pages.updatePost',
  querystring: Type.Object({ path: PathQuery }),
  response: { 200: Type.Object({ ok: Ok, updatePost: Type.Array(Type.String()) }) },
});

export const SlackSettingsSchema = Type.Object({
  /** Whether a webhook URL is stored; the URL itself is a secret and never answered. */
  isWebhookUrlSet: Type.Boolean(),
  isSlackTokenSet: Type.Boolean(),
  isIncomingWebhookPrioritized: Type.Boolean(),
  isSlackConfigured: Type.Boolean(),
});

export const slackSettings = defineContract({
  api: 'v3',
  method: 'GET',
  path: '/slack-integration-legacy-settings',
  growiPath: '/slack-integration-legacy-setting/',
  response: { 200: Type.Object({ slackIntegrationParams: SlackSettingsSchema }) },
});

/** An empty secret keeps the stored one; `clear…` forgets it. */
export const slackSettingsUpdate = defineContract({
  api: 'v3',
  method: 'PUT',
  path: '/slack-integration-legacy-settings',
  growiPath: '/slack-integration-legacy-setting/',
  body: Type.Object({
    webhookUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    slackToken: Type.Optional(Type.String({ maxLength: 256, pattern: '^(xox[a-z]-[A-Za-z0-9-]{8,})?$' })),
    isIncomingWebhookPrioritized: Type.Boolean(),
    clearWebhookUrl: Type.Optional(Type.Boolean()),
    clearSlackToken: Type.Optional(Type.Boolean()),
  }),
  response: { 200: Type.Object({ responseParams: SlackSettingsSchema }) },
});

/** A test message to a channel, sent at once; a failure answers 400 with the reason. */
export const slackTest = defineContract({
  api: 'v3',
  method: 'POST',
  path: '/slack-integration-legacy-settings/test',
  body: Type.Object({ channel: Type.String({ pattern: SLACK_CHANNEL_PATTERN }) }),
  response: { 200: Empty },
});
