// /me/all-in-app-notifications (GROWI's page): every notification, "All" or "Unopened", 20 a page,
// with "mark all as read".
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { InAppNotificationListResponse } from '../../../../shared/notification-types';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../stores/session';
import { errorMessages, toastError } from '../../stores/toasts';
import { listNotifications, openAllNotifications } from './api';
import { NotificationItem } from './NotificationItem';
import { useUnopenedCount } from './useUnopenedCount';
import { LoadState } from '../../components/LoadState';
import { useListSize } from '../../stores/customize';

export function InAppNotificationsPage() {
  const PAGE_SIZE = useListSize('XL');
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [unopenedOnly, setUnopenedOnly] = useState(false);
  const [offset, setOffset] = useState(0);
  const [reply, setReply] = useState<InAppNotificationListResponse | null>(null);
  const [count] = useUnopenedCount();
  useDocumentTitle(t('notifications.title'));
  const load = useCallback(() => {
    listNotifications(PAGE_SIZE, offset, unopenedOnly ? 'UNOPENED' : undefined).then(
      setReply,
      (err: unknown) => toastError(errorMessages(err)),
    );
  }, [offset, unopenedOnly, PAGE_SIZE]);
  useEffect(() => {
    if (user) load();
  }, [user, load, count]);
  if (!user) return <Navigate to="/login" state={{ from: '/me/all-in-app-notifications' }} replace />;

  const tab = (only: boolean, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={unopenedOnly === only}
      className={`btn btn-sm ${unopenedOnly === only ? 'btn-primary' : 'btn-secondary'}`}
      onClick={() => {
        setUnopenedOnly(only);
        setOffset(0);
      }}
    >
      {label}
    </button>
  );
  return (
    <main className="content narrow">
      <div className="page-title-row">
        <h1 className="page-title">{t('notifications.title')}</h1>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={count === 0}
          onClick={() =>
            void openAllNotifications().then(load, (err: unknown) => toastError(errorMessages(err)))
          }
        >
          {t('notifications.mark_all_read')}
        </button>
      </div>
      <div role="tablist" className="notification-tabs">
        {tab(false, t('notifications.all'))}
        {tab(true, t('notifications.unopened'))}
      </div>
      <LoadState items={reply?.docs ?? null} empty={t('notifications.none')}>
        {(items) => (
          <div className="notification-list">
            {items.map((n) => (
              <NotificationItem key={n._id} notification={n} />
            ))}
          </div>
        )}
      </LoadState>
      {reply && reply.totalPages > 1 && (
        <div className="pager">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={!reply.hasPrevPage}
            onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
          >
            {t('notifications.previous')}
          </button>
          <span>
            {reply.page} / {reply.totalPages}
          </span>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={!reply.hasNextPage}
            onClick={() => setOffset(offset + PAGE_SIZE)}
          >
            {t('notifications.next')}
          </button>
        </div>
      )}
    </main>
  );
}
