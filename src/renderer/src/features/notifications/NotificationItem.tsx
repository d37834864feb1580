// One in-app notification: who did what on which page, when. Opening it marks it opened and goes
// to the page.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { InAppNotification } from '../../../../shared/notification-types';
import { pathToUrl } from '../../../../shared/page-path';
import { errorMessages, toastError } from '../../stores/toasts';
import { openNotification } from './api';
import { formatDateTime } from '../../i18n/format';

function pathOf(notification: InAppNotification): string {
  if (notification.target) return notification.target.path;
  return (JSON.parse(notification.snapshot) as { path: string }).path;
}

export function NotificationItem({
  notification,
  onOpened,
}: {
  notification: InAppNotification;
  onOpened?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [first, ...others] = notification.actionUsers;
  // People by the name they chose, as everywhere else in the app.
  const name = first ? first.name || first.username : '';
  const who = first
    ? others.length > 0
      ? t('notifications.users_and_others', { user: name, count: others.length })
      : name
    : t('notifications.someone');
  const path = pathOf(notification);
  const unopened = notification.status === 'UNOPENED';
  const open = async () => {
    try {
      if (unopened) await openNotification(notification._id);
      onOpened?.();
      void navigate(pathToUrl(path));
    } catch (err) {
      toastError(errorMessages(err));
    }
  };
  return (
    <button
      type="button"
      className={`notification-item${unopened ? ' unopened' : ''}`}
      data-testid="notification-item"
      onClick={() => void open()}
    >
      <span className="notification-text">
        {t(`notifications.action.${notification.action}`, { who, path })}
      </span>
      <time className="notification-time" dateTime={notification.createdAt}>
        {formatDateTime(notification.createdAt)}
      </time>
    </button>
  );
}
