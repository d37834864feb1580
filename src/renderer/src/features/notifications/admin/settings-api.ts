// Typed calls of the notification settings (issue 14): Slack, user-trigger patterns, global rules.
import type {
  GlobalNotificationInput,
  GlobalNotificationSetting,
  NotificationSettingsResponse,
  SlackSettingsUpdate,
  SlackSettingsView,
  UserTriggerNotification,
} from '../../../../../shared/notification-rules';
import { api } from '../../../api/client';

const V3 = '/_api/v3';
const RULES = `${V3}/notification-setting/global-notification`;

export type NotificationParams = NotificationSettingsResponse['notificationParams'];

export async function getNotificationSettings(): Promise<NotificationParams> {
  return (await api.get<NotificationSettingsResponse>(`${V3}/notification-setting`)).notificationParams;
}

export async function getSlackSettings(): Promise<SlackSettingsView> {
  return (
    await api.get<{ slackIntegrationParams: SlackSettingsView }>(`${V3}/slack-integration-legacy-settings`)
  ).slackIntegrationParams;
}

export async function putSlackSettings(update: SlackSettingsUpdate): Promise<SlackSettingsView> {
  return (
    await api.put<{ responseParams: SlackSettingsView }>(`${V3}/slack-integration-legacy-settings`, update)
  ).responseParams;
}

export const sendSlackTest = (channel: string) =>
  api.post(`${V3}/slack-integration-legacy-settings/test`, { channel });

export async function addUserTrigger(
  pathPattern: string,
  channel: string,
): Promise<UserTriggerNotification[]> {
  const reply = await api.post<{ responseParams: { userNotifications: UserTriggerNotification[] } }>(
    `${V3}/notification-setting/user-notification`,
    { pathPattern, channel },
  );
  return reply.responseParams.userNotifications;
}

export async function deleteUserTrigger(id: string): Promise<UserTriggerNotification[]> {
  const reply = await api.delete<{ userNotifications: UserTriggerNotification[] }>(
    `${V3}/notification-setting/user-notification/${id}`,
  );
  return reply.userNotifications;
}

export async function saveGlobalRule(
  input: GlobalNotificationInput,
  id?: string,
): Promise<GlobalNotificationSetting> {
  const reply = id
    ? await api.put<{ createdNotification: GlobalNotificationSetting }>(`${RULES}/${id}`, input)
    : await api.post<{ createdNotification: GlobalNotificationSetting }>(RULES, input);
  return reply.createdNotification;
}

export const setGlobalRuleEnabled = (id: string, isEnabled: boolean) =>
  api.put(`${RULES}/${id}/enabled`, { isEnabled });
export const deleteGlobalRule = (id: string) => api.delete(`${RULES}/${id}`);

export const putGrantSwitches = (switches: {
  isNotificationForOwnerPageEnabled?: boolean;
  isNotificationForGroupPageEnabled?: boolean;
}) => api.put(`${V3}/notification-setting/notify-for-page-grant`, switches);
