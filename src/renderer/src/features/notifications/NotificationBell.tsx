// The navbar bell (issue 14): the unopened count, live over the websocket; a dropdown of the latest
// notifications with "mark all as read" and a link to the full list.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InAppNotification } from '../../../../shared/notification-types';
import { Icon } from '../../components/Icon';
import { usePopup } from '../../components/usePopup';
import { errorMessages, toastError } from '../../stores/toasts';
import { listNotifications, openAllNotifications } from './api';
import { NotificationItem } from './NotificationItem';
import { useUnopenedCount } from './useUnopenedCount';

const LATEST = 10;

export function NotificationBell() {
  const { t } = useTranslation();
  const [count, refresh] = useUnopenedCount();
  const { open, rootRef, popupId, buttonProps } = usePopup();
  const [latest, setLatest] = useState<InAppNotification[] | null>(null);
  useEffect(() => {
    if (!open) return;
    listNotifications(LATEST).then(
      (reply) => setLatest(reply.docs),
      (err: unknown) => toastError(errorMessages(err)),
    );
  }, [open, count]);

  const markAll = async () => {
    try {
      await openAllNotifications();
      refresh();
    } catch (err) {
      toastError(errorMessages(err));
    }
  };

  return (
    <div className="notification-bell" ref={rootRef}>
      <button
        type="button"
        className="btn btn-ghost btn-sm bell-button"
        {...buttonProps}
        aria-label={t('notifications.bell', { count })}
      >
        <Icon name="bell" size={18} />
        {count > 0 && (
          <span className="bell-badge" data-testid="bell-count">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div className="dropdown notification-dropdown" id={popupId}>
          <div className="notification-dropdown-head">
            <strong>{t('notifications.title')}</strong>
            {count > 0 && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => void markAll()}>
                {t('notifications.mark_all_read')}
              </button>
            )}
          </div>
          {latest === null ? (
            <div className="loading" aria-busy="true" />
          ) : latest.length === 0 ? (
            <p className="muted notification-empty">{t('notifications.none')}</p>
          ) : (
            latest.map((n) => <NotificationItem key={n._id} notification={n} onOpened={refresh} />)
          )}
          <Link className="notification-see-all" to="/me/all-in-app-notifications">
            {t('notifications.see_all')}
          </Link>
        </div>
      )}
    </div>
  );
}
