// Notifications: in-app, mail and Slack, per user and global; the outbox that delivers them.
import { defineModule } from '../../module';
import { NOTIFICATION_SETTINGS } from './setting-keys';
import notificationRoutes, { notificationReadRoutes } from './routes';
import { NotificationsService } from './service';
import mailSettingRoutes from './mail/mail-routes';
import notificationSettingRoutes from './global/setting-routes';
import slackSettingRoutes, { updatePostRoutes } from './slack/slack-routes';

declare module '../../context' {
  interface AppContext {
    notifications: NotificationsService;
  }
}

export default defineModule({
  name: 'notifications',
  tables: [
    'notification_outbox',
    'in_app_notifications',
    'page_subscriptions',
    'in_app_notification_settings',
    'global_notification_settings',
    'update_posts',
  ],
  settings: NOTIFICATION_SETTINGS,
  services: (ctx) => ({
    notifications: new NotificationsService(ctx.db, ctx.events, {
      users: ctx.users,
      userGroups: ctx.userGroups,
      pages: ctx.pages,
      settings: ctx.settings,
      backoff: { baseDelayMs: ctx.config.notificationRetryBaseMs, maxDelayMs: 60 * 60 * 1000 },
      slackApiUrl: ctx.config.slackApiUrl,
      siteUrl: () => ctx.sharing.preferredUrl(),
      notifyUsers: (userIds) => ctx.live.notifyUsers(userIds),
    }),
  }),
  routes: [
    { plugin: notificationRoutes },
    { plugin: notificationReadRoutes, scope: 'read' },
    { plugin: mailSettingRoutes },
    { plugin: notificationSettingRoutes },
    { plugin: slackSettingRoutes },
    { plugin: updatePostRoutes, prefix: '/_api' },
  ],
  // Enqueues what a crash left out and delivers what waits, after start-up like the search index.
  start: (ctx, app) => ctx.notifications.start(app.log),
  close: (ctx) => ctx.notifications.close(),
  audit: {
    families: [
      ['PUT', '/_api/v3/notification-setting', 'ADMIN_NOTIFICATION_SETTINGS_UPDATE'],
      ['POST', '/_api/v3/notification-setting', 'ADMIN_NOTIFICATION_SETTINGS_UPDATE'],
      ['DELETE', '/_api/v3/notification-setting', 'ADMIN_NOTIFICATION_SETTINGS_UPDATE'],
      ['PUT', '/_api/v3/slack-integration-legacy-settings', 'ADMIN_NOTIFICATION_SETTINGS_UPDATE'],
    ],
  },
});
