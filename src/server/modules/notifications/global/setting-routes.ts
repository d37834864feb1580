// HTTP for `/admin/notification` (admins only; GROWI's `/_api/v3/notification-setting` routes):
// global notification rules, the owner/group page switches, and user-trigger patterns.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError, badRequest } from '../../../lib/app-error';
import { requireAdmin } from '../../../lib/guards';
import {
  GLOBAL_EVENTS,
  SLACK_CHANNEL_LIST_PATTERN,
  SLACK_CHANNEL_PATTERN,
  type GlobalNotificationInput,
  type NotificationSettingsResponse,
  type UserTriggerNotification,
} from '../../../../shared/notification-rules';
import { ID, jsonBody } from '../../../lib/schemas';

const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: ID } } as const;
/** A page path, or a path ending in `/*` for the pages below it. */
const TRIGGER_PATH = { type: 'string', minLength: 1, maxLength: 2048, pattern: '^/' } as const;
const RULE_BODY = {
  type: 'object',
  required: ['triggerPath', 'notifyType', 'triggerEvents'],
  properties: {
    triggerPath: TRIGGER_PATH,
    notifyType: { type: 'string', enum: ['mail', 'slack'] },
    toEmail: { type: 'string', maxLength: 254 },
    slackChannels: { type: 'string', maxLength: 500 },
    triggerEvents: {
      type: 'array',
      minItems: 1,
      maxItems: GLOBAL_EVENTS.length,
      items: { type: 'string', enum: [...GLOBAL_EVENTS] },
    },
  },
} as const;

const notFound = () => new AppError(404, 'notification_setting_not_found', 'notifications.setting_not_found');

/** The type's own field must be there and well formed (GROWI: /.+@.+\..+/ for mail). */
function checkRule(input: GlobalNotificationInput): void {
  if (input.notifyType === 'mail') {
    const email = input.toEmail?.trim() ?? '';
    if (!email) throw badRequest('required', 'errors.required', { field: 'toEmail' });
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw badRequest('invalid', 'errors.syntax_invalid', { field: 'toEmail' });
    input.toEmail = email;
  } else {
    const channels = input.slackChannels?.trim() ?? '';
    if (!channels) throw badRequest('required', 'errors.required', { field: 'slackChannels' });
    if (!new RegExp(SLACK_CHANNEL_LIST_PATTERN).test(channels))
      throw badRequest('invalid', 'errors.syntax_invalid', { field: 'slackChannels' });
    input.slackChannels = channels;
  }
}

export default async function notificationSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { notifications, settings, users } = ctx;
  const { rules } = notifications;

  const userNotifications = (): UserTriggerNotification[] =>
    rules.updatePosts().map((row) => {
      const creator = row.creator_id ? users.findById(row.creator_id) : undefined;
      return {
        _id: row.id,
        pathPattern: row.path_pattern,
        channel: row.channel,
        provider: 'slack',
        creator: creator ? { _id: creator.id, username: creator.username, name: creator.name } : null,
        createdAt: new Date(row.created_at).toISOString(),
      };
    });

  const grantSwitches = () => ({
    isNotificationForOwnerPageEnabled: settings.get('notification:owner-page:isEnabled'),
    isNotificationForGroupPageEnabled: settings.get('notification:group-page:isEnabled'),
  });

  app.get('/notification-setting', async (request): Promise<NotificationSettingsResponse> => {
    requireAdmin(request);
    return {
      notificationParams: {
        isSlackConfigured: notifications.isSlackConfigured(),
        ...grantSwitches(),
        userNotifications: userNotifications(),
        globalNotifications: rules.list(),
      },
    };
  });

  app.post<{ Body: GlobalNotificationInput }>(
    '/notification-setting/global-notification',
    { schema: { body: RULE_BODY } },
    async (request, reply) => {
      requireAdmin(request);
      checkRule(request.body);
      return reply.status(201).send({ createdNotification: rules.create(request.body) });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/notification-setting/global-notification/:id',
    { schema: { params: ID_PARAMS } },
    async (request) => {
      requireAdmin(request);
      const found = rules.get(request.params.id);
      if (!found) throw notFound();
      return { globalNotification: found };
    },
  );

  app.put<{ Params: { id: string }; Body: GlobalNotificationInput }>(
    '/notification-setting/global-notification/:id',
    { schema: { params: ID_PARAMS, body: RULE_BODY } },
    async (request) => {
      requireAdmin(request);
      checkRule(request.body);
      const updated = rules.replace(request.params.id, request.body);
      if (!updated) throw notFound();
      return { createdNotification: updated };
    },
  );

  app.put<{ Params: { id: string }; Body: { isEnabled: boolean } }>(
    '/notification-setting/global-notification/:id/enabled',
    {
      schema: {
        params: ID_PARAMS,
        body: { type: 'object', required: ['isEnabled'], properties: { isEnabled: { type: 'boolean' } } },
      },
    },
    async (request) => {
      requireAdmin(request);
      if (!rules.setEnabled(request.params.id, request.body.isEnabled)) throw notFound();
      return { id: request.params.id };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/notification-setting/global-notification/:id',
    { schema: { params: ID_PARAMS } },
    async (request) => {
      requireAdmin(request);
      const deleted = rules.delete(request.params.id);
      if (!deleted) throw notFound();
      return deleted;
    },
  );

  app.put<{
    Body: { isNotificationForOwnerPageEnabled?: boolean; isNotificationForGroupPageEnabled?: boolean };
  }>(
    '/notification-setting/notify-for-page-grant',
    jsonBody({
      isNotificationForOwnerPageEnabled: { type: 'boolean' },
      isNotificationForGroupPageEnabled: { type: 'boolean' },
    }),
    async (request) => {
      requireAdmin(request);
      const { isNotificationForOwnerPageEnabled: owner, isNotificationForGroupPageEnabled: group } =
        request.body;
      if (owner !== undefined) settings.set('notification:owner-page:isEnabled', owner);
      if (group !== undefined) settings.set('notification:group-page:isEnabled', group);
      return { responseParams: grantSwitches() };
    },
  );

  app.post<{ Body: { pathPattern: string; channel: string } }>(
    '/notification-setting/user-notification',
    jsonBody(
      {
        pathPattern: { type: 'string', minLength: 1, maxLength: 2048, pattern: '\\S' },
        channel: { type: 'string', pattern: SLACK_CHANNEL_PATTERN },
      },
      { required: ['pathPattern', 'channel'] },
    ),
    async (request, reply) => {
      const admin = requireAdmin(request);
      const { pathPattern, channel } = request.body;
      rules.addUpdatePost(pathPattern.trim(), channel.replace(/^#/, ''), admin.id);
      const createdUser = { _id: admin.id, username: admin.username, name: admin.name };
      return reply
        .status(201)
        .send({ responseParams: { createdUser, userNotifications: userNotifications() } });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/notification-setting/user-notification/:id',
    { schema: { params: ID_PARAMS } },
    async (request) => {
      requireAdmin(request);
      if (!rules.deleteUpdatePost(request.params.id)) throw notFound();
      return { userNotifications: userNotifications() };
    },
  );
}
