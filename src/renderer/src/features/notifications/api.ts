// Typed calls of in-app notifications, page subscriptions and the outbox (issue 14).
import type {
  InAppNotificationListResponse,
  InAppNotificationStatus,
  OutboxListResponse,
  SubscribeRule,
  SubscriptionStatus,
} from '../../../../shared/notification-types';
import { api } from '../../api/client';

const V3 = '/_api/v3';

export function listNotifications(
  limit: number,
  offset = 0,
  status?: InAppNotificationStatus,
): Promise<InAppNotificationListResponse> {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (status) query.set('status', status);
  return api.get(`${V3}/in-app-notification/list?${query.toString()}`);
}

export async function unopenedCount(): Promise<number> {
  return (await api.get<{ count: number }>(`${V3}/in-app-notification/status`)).count;
}

export const openNotification = (id: string) => api.post(`${V3}/in-app-notification/open`, { id });
export const openAllNotifications = () => api.put(`${V3}/in-app-notification/all-statuses-open`);

export async function subscriptionStatus(pageId: string): Promise<SubscriptionStatus | null> {
  const reply = await api.get<{ subscriptionStatus: SubscriptionStatus | null }>(
    `${V3}/page/subscription?pageId=${pageId}`,
  );
  return reply.subscriptionStatus;
}

export const setSubscription = (pageId: string, status: SubscriptionStatus) =>
  api.put(`${V3}/page/subscribe`, { pageId, status });

export async function getSubscribeRules(): Promise<SubscribeRule[]> {
  const reply = await api.get<{ currentUserInAppNotificationSettings: { subscribeRules: SubscribeRule[] } }>(
    `${V3}/personal-setting/in-app-notification-settings`,
  );
  return reply.currentUserInAppNotificationSettings.subscribeRules;
}

export async function putSubscribeRules(subscribeRules: SubscribeRule[]): Promise<SubscribeRule[]> {
  const reply = await api.put<{ subscribeRules: SubscribeRule[] }>(
    `${V3}/personal-setting/in-app-notification-settings`,
    { subscribeRules },
  );
  return reply.subscribeRules;
}

export const getOutbox = () => api.get<OutboxListResponse>(`${V3}/notification-outbox?limit=200`);
export const retryOutboxEntry = (id: string) => api.post(`${V3}/notification-outbox/${id}/retry`);
