// HTTP for in-app notifications, page subscriptions and the /me subscription rules (GROWI's routes),
// and the admin's view of the outbox. Contracts: shared/contracts/notifications.ts.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { requireAdmin, userAccess } from '../../lib/guards';
import {
  inAppNotificationList,
  inAppNotificationOpen,
  inAppNotificationOpenAll,
  inAppNotificationSettings,
  inAppNotificationSettingsUpdate,
  inAppNotificationStatus,
  notificationOutbox,
  notificationOutboxRetry,
  pageSubscribe,
  pageSubscription,
} from '../../../shared/contracts/notifications';

export default async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { notifications } = ctx;

  // Permission: signed in; 404 unless the notification is the caller's.
  contractRoute(app, inAppNotificationOpen, async (request) => {
    notifications.open(userAccess(request), request.body.id);
    return {};
  });

  // Permission: signed in; only the caller's notifications.
  contractRoute(app, inAppNotificationOpenAll, async (request) => {
    notifications.openAll(userAccess(request));
    return {};
  });

  // Permission: signed in, and canReadPage inside the service.
  contractRoute(app, pageSubscribe, async (request) =>
    notifications.subscribe(userAccess(request), request.body.pageId, request.body.status),
  );

  // Permission: signed in; one's own rules.
  contractRoute(app, inAppNotificationSettings, async (request) => {
    const { viewer } = userAccess(request);
    const settings = { userId: viewer.id, subscribeRules: notifications.subscribeRules(viewer.id) };
    return { ...settings, currentUserInAppNotificationSettings: settings };
  });

  // Permission: signed in; one's own rules.
  contractRoute(app, inAppNotificationSettingsUpdate, async (request) => {
    const { viewer } = userAccess(request);
    return { subscribeRules: notifications.setSubscribeRules(viewer.id, request.body.subscribeRules) };
  });

  contractRoute(app, notificationOutbox, async (request) => {
    requireAdmin(request);
    return notifications.outboxList(request.query.limit);
  });

  contractRoute(app, notificationOutboxRetry, async (request) => {
    requireAdmin(request);
    notifications.retryNow(request.params.id);
    return {};
  });
}

/** The bell's list and count and a page's subscription, in the read scope (issue 32). */
export async function notificationReadRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { notifications } = ctx;

  // Permission: signed in; only one's own notifications, of pages canReadPage still allows.
  contractRoute(app, inAppNotificationList, async (request) => {
    const { limit, offset, status } = request.query;
    return notifications.list(userAccess(request), limit, offset, status);
  });

  // Permission: signed in; counts only one's own, readable notifications.
  contractRoute(app, inAppNotificationStatus, async (request) => ({
    count: notifications.unopenedCount(userAccess(request)),
  }));

  // Permission: signed in, and canReadPage inside the service.
  contractRoute(app, pageSubscription, async (request) => ({
    subscriptionStatus: notifications.subscriptionStatus(userAccess(request), request.query.pageId),
  }));
}
