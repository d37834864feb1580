// /admin/notification-outbox: what is waiting to be delivered, what failed and why; retry now.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import type { OutboxListResponse } from '../../../../shared/notification-types';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessages, toastError } from '../../stores/toasts';
import { getOutbox, retryOutboxEntry } from './api';
import { DataTable } from '../../components/DataTable';

export function AdminOutboxPage() {
  const { t } = useTranslation();
  const [outbox, setOutbox] = useState<OutboxListResponse | null>(null);
  useDocumentTitle(t('notifications.outbox_title'));
  const load = useCallback(() => {
    getOutbox().then(setOutbox, (err: unknown) => toastError(errorMessages(err)));
  }, []);
  useEffect(load, [load]);
  const retry = async (id: string) => {
    try {
      await retryOutboxEntry(id);
      setTimeout(load, 500); // the worker delivers after the reply
    } catch (err) {
      toastError(errorMessages(err));
    }
  };
  return (
    <main className="content admin-content">
      <div className="page-title-row">
        <h1 className="page-title">{t('notifications.outbox_title')}</h1>
        <button type="button" className="btn btn-secondary" onClick={load}>
          {t('notifications.reload')}
        </button>
      </div>
      <p className="muted">{t('notifications.outbox_help')}</p>
      {outbox === null ? (
        <div className="loading" aria-busy="true" />
      ) : (
        <>
          <p data-testid="outbox-summary">
            {t('notifications.outbox_summary', {
              pending: outbox.pendingCount,
              failing: outbox.failingCount,
            })}
          </p>
          <DataTable
            ns="notifications"
            columns={['channel', 'created', 'state', 'attempts', 'last_error', '']}
          >
            {outbox.entries.map((entry) => (
              <tr key={entry._id}>
                <td>{entry.channel}</td>
                <td>{formatDateTime(entry.createdAt)}</td>
                <td>
                  {entry.sentAt
                    ? t('notifications.sent_at', { at: formatDateTime(entry.sentAt) })
                    : t('notifications.next_attempt', { at: formatDateTime(entry.nextAttemptAt) })}
                </td>
                <td>{entry.attempts}</td>
                <td className="outbox-error">{entry.lastError ?? ''}</td>
                <td>
                  {!entry.sentAt && (
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() => void retry(entry._id)}
                    >
                      {t('notifications.retry_now')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </main>
  );
}
