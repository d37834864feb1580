// HTTP for `/admin/notification` (admins only; GROWI's `/_api/v3/notification-setting` routes):
// global notification rules, the owner/group page switches, and user-trigger patterns.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError, badRequest } from '../../../lib/app-error';
import { requireAdmin } from '../../../lib/guards';
import {
  SLACK_CHANNEL_LIST_PATTERN,
  patternPrefixes,
  type GlobalNotificationInput,
  type UserTriggerNotification,
} from '../../../../shared/notification-rules';
import { contractRoute } from '../../../lib/contract-route';
import {
  globalNotification,
  globalNotificationCreate,
  globalNotificationDelete,
  globalNotificationSwitch,
  globalNotificationUpdate,
  grantSwitchesUpdate,
  notificationSettings,
  userTriggerCreate,
  userTriggerDelete,
} from '../../../../shared/contracts/notification-settings';

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
      const [patternPrefix, patternPrefix2] = patternPrefixes(row.path_pattern);
      const createdAt = new Date(row.created_at).toISOString();
      return {
        _id: row.id,
        pathPattern: row.path_pattern,
        patternPrefix,
        patternPrefix2,
        channel: row.channel,
        provider: 'slack',
        creator: creator ? { _id: creator.id, username: creator.username, name: creator.name } : null,
        createdAt,
        updatedAt: createdAt,
      };
    });

  const grantSwitches = () => ({
    isNotificationForOwnerPageEnabled: settings.get('notification:owner-page:isEnabled'),
    isNotificationForGroupPageEnabled: settings.get('notification:group-page:isEnabled'),
  });

  contractRoute(app, notificationSettings, async (request) => {
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

  contractRoute(app, globalNotificationCreate, async (request, reply) => {
    requireAdmin(request);
    checkRule(request.body);
    return reply.status(201).send({ createdNotification: rules.create(request.body) });
  });

  contractRoute(app, globalNotification, async (request) => {
    requireAdmin(request);
    const found = rules.get(request.params.id);
    if (!found) throw notFound();
    return { globalNotification: found };
  });

  contractRoute(app, globalNotificationUpdate, async (request) => {
    requireAdmin(request);
    checkRule(request.body);
    const updated = rules.replace(request.params.id, request.body);
    if (!updated) throw notFound();
    return { createdNotification: updated };
  });

  contractRoute(app, globalNotificationSwitch, async (request) => {
    requireAdmin(request);
    if (!rules.setEnabled(request.params.id, request.body.isEnabled)) throw notFound();
    return { id: request.params.id };
  });

  contractRoute(app, globalNotificationDelete, async (request) => {
    requireAdmin(request);
    const deleted = rules.delete(request.params.id);
    if (!deleted) throw notFound();
    return { ...deleted, __v: 0 };
  });

  contractRoute(app, grantSwitchesUpdate, async (request) => {
    requireAdmin(request);
    const { isNotificationForOwnerPageEnabled: owner, isNotificationForGroupPageEnabled: group } =
      request.body;
    if (owner !== undefined) settings.set('notification:owner-page:isEnabled', owner);
    if (group !== undefined) settings.set('notification:group-page:isEnabled', group);
    return { responseParams: grantSwitches() };
  });

  contractRoute(app, userTriggerCreate, async (request, reply) => {
    const admin = requireAdmin(request);
    const { pathPattern, channel } = request.body;
    rules.addUpdatePost(pathPattern.trim(), channel.replace(/^#/, ''), admin.id);
    const createdUser = { _id: admin.id, username: admin.username, name: admin.name };
    return reply
      .status(201)
      .send({ responseParams: { createdUser, userNotifications: userNotifications() } });
  });

  contractRoute(app, userTriggerDelete, async (request) => {
    requireAdmin(request);
    const before = userNotifications();
    const removed = before.find((row) => row._id === request.params.id);
    if (!removed || !rules.deleteUpdatePost(removed._id)) throw notFound();
    const left = before.filter((row) => row !== removed);
    return { ...removed, __v: 0, userNotifications: left };
  });
}
