// /admin/notification (SPEC §2 notification settings): Slack, user-trigger patterns, global rules.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { errorMessages, toastError } from '../../../stores/toasts';
import { getNotificationSettings, type NotificationParams } from './settings-api';
import { SlackSettingsSection } from './SlackSettingsSection';
import { UserTriggerSection } from './UserTriggerSection';
import { GlobalRulesSection } from './GlobalRulesSection';

export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useState<NotificationParams | null>(null);
  useDocumentTitle(t('notification_settings.title'));
  useEffect(() => {
    getNotificationSettings().then(setParams, (err: unknown) => toastError(errorMessages(err)));
  }, []);
  const patch = (change: Partial<NotificationParams>) => setParams((p) => (p ? { ...p, ...change } : p));
  return (
    <main className="content admin-content">
      <h1 className="page-title">{t('notification_settings.title')}</h1>
      <p className="muted">
        {t('notification_settings.mail_hint')}{' '}
        <Link to="/admin/app">{t('notifications.app_settings_title')}</Link>
        {' · '}
        <Link to="/admin/notification-outbox">{t('notifications.outbox_title')}</Link>
      </p>
      <SlackSettingsSection onChange={(view) => patch({ isSlackConfigured: view.isSlackConfigured })} />
      {params === null ? (
        <div className="loading" aria-busy="true" />
      ) : (
        <>
          <UserTriggerSection
            patterns={params.userNotifications}
            onChange={(userNotifications) => patch({ userNotifications })}
          />
          <GlobalRulesSection params={params} onChange={patch} />
        </>
      )}
    </main>
  );
}
