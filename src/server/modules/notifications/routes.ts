// HTTP for in-app notifications, page subscriptions and the /me subscription rules (GROWI's routes),
// and the admin's view of the outbox.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin, userAccess } from '../../lib/guards';
import {
  IN_APP_STATUS,
  SUBSCRIBE_RULE_NAMES,
  SUBSCRIPTION_STATUS,
  type InAppNotificationStatus,
  type SubscribeRule,
  type SubscriptionStatus,
} from '../../../shared/notification-types';
import { ID, jsonBody } from '../../lib/schemas';

export default async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { notifications } = ctx;

  app.get<{ Querystring: { limit: number; offset: number; status?: InAppNotificationStatus } }>(
    '/in-app-notification/list',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
            offset: { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: 0 },
            status: { type: 'string', enum: Object.values(IN_APP_STATUS) },
          },
        },
      },
    },
    // Permission: signed in; only one's own notifications, of pages canReadPage still allows.
    async (request) => {
      const { limit, offset, status } = request.query;
      return notifications.list(userAccess(request), limit, offset, status);
    },
  );

  app.get('/in-app-notification/status', async (request) => ({
    // Permission: signed in; counts only one's own, readable notifications.
    count: notifications.unopenedCount(userAccess(request)),
  }));

  app.post<{ Body: { id: string } }>(
    '/in-app-notification/open',
    { schema: { body: { type: 'object', required: ['id'], properties: { id: ID } } } },
    async (request) => {
      // Permission: signed in; 404 unless the notification is the caller's.
      notifications.open(userAccess(request), request.body.id);
      return {};
    },
  );

  app.put('/in-app-notification/all-statuses-open', async (request) => {
    // Permission: signed in; only the caller's notifications.
    notifications.openAll(userAccess(request));
    return {};
  });

  app.put<{ Body: { pageId: string; status: SubscriptionStatus } }>(
    '/page/subscribe',
    jsonBody(
      { pageId: ID, status: { type: 'string', enum: Object.values(SUBSCRIPTION_STATUS) } },
      { required: ['pageId', 'status'] },
    ),
    // Permission: signed in, and canReadPage inside the service.
    async (request) => notifications.subscribe(userAccess(request), request.body.pageId, request.body.status),
  );

  app.get<{ Querystring: { pageId: string } }>(
    '/page/subscription',
    { schema: { querystring: { type: 'object', required: ['pageId'], properties: { pageId: ID } } } },
    // Permission: signed in, and canReadPage inside the service.
    async (request) => ({
      subscriptionStatus: notifications.subscriptionStatus(userAccess(request), request.query.pageId),
    }),
  );

  app.get('/personal-setting/in-app-notification-settings', async (request) => {
    // Permission: signed in; one's own rules.
    const { viewer } = userAccess(request);
    const settings = { userId: viewer.id, subscribeRules: notifications.subscribeRules(viewer.id) };
    // GROWI answers the settings document itself; Quire's web app read it under this key.
    return { ...settings, currentUserInAppNotificationSettings: settings };
  });

  app.put<{ Body: { subscribeRules: SubscribeRule[] } }>(
    '/personal-setting/in-app-notification-settings',
    jsonBody(
      {
        subscribeRules: {
          type: 'array',
          maxItems: SUBSCRIBE_RULE_NAMES.length,
          items: {
            type: 'object',
            required: ['name', 'isEnabled'],
            properties: {
              name: { type: 'string', enum: [...SUBSCRIBE_RULE_NAMES] },
              isEnabled: { type: 'boolean' },
            },
          },
        },
      },
      { required: ['subscribeRules'] },
    ),
    async (request) => {
      // Permission: signed in; one's own rules.
      const { viewer } = userAccess(request);
      const subscribeRules = notifications.setSubscribeRules(viewer.id, request.body.subscribeRules);
      return { subscribeRules };
    },
  );

  app.get<{ Querystring: { limit: number } }>(
    '/notification-outbox',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return notifications.outboxList(request.query.limit);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/notification-outbox/:id/retry',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: ID } } } },
    async (request) => {
      requireAdmin(request);
      notifications.retryNow(request.params.id);
      return {};
    },
  );
}
