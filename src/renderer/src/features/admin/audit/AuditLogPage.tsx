// /admin/audit-log (issue 15): who did what, when, from where — filtered by user, action and dates,
// a page of 20 at a time (SPEC §9's window of 5 page numbers) — and the log's settings.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/format';
import {
  AUDIT_ACTION_GROUPS,
  type AuditAction,
  type AuditLogPage as Page,
  type AuditSearchFilter,
} from '../../../../../shared/audit-types';
import { getAuditLog } from '../settings-api';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { errorMessages, toastError } from '../../../stores/toasts';
import { AuditLogSettingsForm } from './AuditLogSettingsForm';
import { Pagination } from '../../search/Pagination';
import { DataTable } from '../../../components/DataTable';

const LIMIT = 20;

export function AuditLogPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('audit_log.title'));
  const [username, setUsername] = useState('');
  const [action, setAction] = useState<AuditAction | ''>('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [filter, setFilter] = useState<AuditSearchFilter>({});
  const [offset, setOffset] = useState(0);
  const [result, setResult] = useState<Page['serializedPaginationResult'] | null>(null);

  const load = useCallback(() => {
    getAuditLog(filter, LIMIT, offset).then(
      (page) => setResult(page),
      (err: unknown) => toastError(errorMessages(err)),
    );
  }, [filter, offset]);
  useEffect(load, [load]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const dates = {
      ...(startDate ? { startDate } : {}),
      ...(endDate ? { endDate } : {}),
    };
    setOffset(0);
    setFilter({
      ...(username.trim() ? { usernames: [username.trim()] } : {}),
      ...(action ? { actions: [action] } : {}),
      ...(startDate || endDate ? { dates } : {}),
    });
  };

  return (
    <main className="content admin-content">
      <h1 className="page-title">{t('audit_log.title')}</h1>
      <p className="muted">{t('audit_log.help')}</p>
      <form className="inline-form audit-filters" onSubmit={search} data-testid="audit-filters">
        <label className="field">
          <span>{t('audit_log.user')}</span>
          <input className="input" value={username} onChange={(e) => setUsername(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('audit_log.action')}</span>
          <select
            className="input"
            value={action}
            onChange={(e) => setAction(e.target.value as AuditAction | '')}
          >
            <option value="">{t('audit_log.all_actions')}</option>
            {Object.entries(AUDIT_ACTION_GROUPS).map(([group, actions]) => (
              <optgroup key={group} label={t(`audit_log.group.${group}`)}>
                {actions.map((a) => (
                  <option key={a} value={a}>
                    {t(`audit_log.actions.${a}`)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('audit_log.from')}</span>
          <input
            className="input"
            type="date"
            value={startDate}
            onChange={(e) => setStartDate(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('audit_log.to')}</span>
          <input className="input" type="date" value={endDate} onChange={(e) => setEndDate(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary">
          {t('audit_log.search')}
        </button>
      </form>
      {result === null ? (
        <div className="loading" aria-busy="true" />
      ) : (
        <>
          <p className="muted" data-testid="audit-count">
            {t('audit_log.count', { count: result.totalDocs })}
          </p>
          <DataTable testId="audit-table" ns="audit_log" columns={['date', 'user', 'action', 'target', 'ip']}>
            {result.docs.map((entry) => (
              <tr key={entry._id}>
                <td>{formatDateTime(entry.createdAt)}</td>
                <td>{entry.snapshot.username ?? '—'}</td>
                <td>{t(`audit_log.actions.${entry.action}`)}</td>
                <td className="audit-target">{entry.target ?? ''}</td>
                <td>{entry.ip ?? ''}</td>
              </tr>
            ))}
          </DataTable>
          <Pagination
            active={result.page}
            count={result.totalPages}
            onChange={(page) => setOffset((page - 1) * LIMIT)}
          />
        </>
      )}
      <AuditLogSettingsForm onSaved={load} />
    </main>
  );
}
