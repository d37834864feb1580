// The page's bell toggle (GROWI's SubscribeButton): subscribed pages notify their readers.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionStatus } from '../../../../shared/notification-types';
import { Icon } from '../../components/Icon';
import { errorMessages, toastError } from '../../stores/toasts';
import { setSubscription, subscriptionStatus } from './api';

export function SubscribeButton({ pageId }: { pageId: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SubscriptionStatus | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    subscriptionStatus(pageId).then(
      (s) => {
        if (live) setStatus(s);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [pageId]);
  if (status === undefined) return null;
  const subscribed = status === 'SUBSCRIBE';
  const toggle = async () => {
    const next: SubscriptionStatus = subscribed ? 'UNSUBSCRIBE' : 'SUBSCRIBE';
    try {
      await setSubscription(pageId, next);
      setStatus(next);
    } catch (err) {
      toastError(errorMessages(err));
    }
  };
  return (
    <button
      type="button"
      className={`btn btn-sm ${subscribed ? 'btn-primary' : 'btn-secondary'}`}
      aria-pressed={subscribed}
      onClick={() => void toggle()}
      title={subscribed ? t('notifications.unsubscribe_hint') : t('notifications.subscribe_hint')}
    >
      <Icon name="bell" size={16} />
      {subscribed ? t('notifications.subscribed') : t('notifications.subscribe')}
    </button>
  );
}
