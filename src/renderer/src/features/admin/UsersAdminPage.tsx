// /admin/users (SPEC §2, §6): every account with search, a status filter and pagination (5-page
// window, SPEC §9); invite by e-mail; per-user actions.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { USER_STATUS, type UsersListResponse } from '../../../../shared/account-types';
import { listUsers } from '../../api/accounts';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatDateTime } from '../../i18n/format';
import { useSession } from '../../stores/session';
import { errorMessages } from '../../stores/toasts';
import { Pagination } from '../search/Pagination';
import { InviteDialog } from './InviteDialog';
import { UserActionsMenu } from './UserActionsMenu';
import { STATUS_KEYS } from './user-actions';
import { DataTable } from '../../components/DataTable';
import { LoadState } from '../../components/LoadState';

export const USERS_PER_PAGE = 20;

export function UsersAdminPage() {
  const { t } = useTranslation();
  const selfId = useSession((s) => s.user?._id ?? '');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const searchText = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const [draft, setDraft] = useState(searchText);
  const [result, setResult] = useState<UsersListResponse['paginateResult'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  useDocumentTitle(t('admin.users'));

  const load = useCallback(
    () =>
      listUsers({ page, limit: USERS_PER_PAGE, searchText, statuses: status ? [Number(status)] : [] }).then(
        (next) => {
          setResult(next);
          setError(null);
        },
        (err: unknown) => setError(errorMessages(err).join('\n')),
      ),
    [page, searchText, status],
  );
  useEffect(() => void load(), [load]);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  return (
    <main className="content admin-content">
      <div className="page-title-row">
        <h1 className="page-title">{t('admin.users')}</h1>
        <Link to="/admin/users/external-accounts">{t('external_accounts_admin.title')}</Link>
        <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
          {t('users_admin.invite')}
        </button>
      </div>
      <form
        className="admin-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: draft.trim(), page: '' });
        }}
      >
        <input
          className="input"
          type="search"
          aria-label={t('users_admin.search')}
          placeholder={t('users_admin.search')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <select
          className="input"
          aria-label={t('users_admin.status')}
          value={status}
          onChange={(e) => update({ status: e.target.value, page: '' })}
        >
          <option value="">{t('users_admin.status_all')}</option>
          {Object.values(USER_STATUS).map((value) => (
            <option key={value} value={value}>
              {t(STATUS_KEYS[value] ?? '')}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-secondary">
          {t('users_admin.search_submit')}
        </button>
      </form>
      <LoadState items={result?.docs ?? null} error={error} empty={t('users_admin.none')}>
        {(items) => (
          <DataTable
            className="data-table users-table"
            ns="fields"
            columns={[
              'username',
              'name',
              'email',
              'users_admin.status',
              'users_admin.roles',
              'users_admin.last_login',
              '',
            ]}
          >
            {items.map((user) => (
              <tr key={user._id} data-username={user.username}>
                <td>{user.username}</td>
                <td>{user.name}</td>
                <td>{user.email}</td>
                <td>
                  <span className={`badge status-${user.status}`}>{t(STATUS_KEYS[user.status] ?? '')}</span>
                </td>
                <td>
                  {user.admin && <span className="badge badge-admin">{t('users_admin.admin')}</span>}
                  {user.readOnly && <span className="badge">{t('users_admin.read_only')}</span>}
                </td>
                <td>{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : '—'}</td>
                <td>
                  <UserActionsMenu user={user} selfId={selfId} onChanged={() => void load()} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </LoadState>
      {result && (
        <Pagination
          active={result.page}
          count={result.totalPages}
          onChange={(next) => update({ page: String(next) })}
        />
      )}
      {inviting && <InviteDialog onClose={() => setInviting(false)} onInvited={() => void load()} />}
    </main>
  );
}
