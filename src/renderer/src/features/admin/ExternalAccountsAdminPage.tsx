// /admin/users/external-accounts (issue 13): every link between a provider account and a user,
// 50 a page, with whether the user also has a password; an admin removes a link.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExternalAccountsPage } from '../../../../shared/sign-in-types';
import { listExternalAccounts, removeExternalAccount } from '../../api/sign-in';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatDateTime } from '../../i18n/format';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { Pagination } from '../search/Pagination';
import { DataTable } from '../../components/DataTable';
import { LoadState } from '../../components/LoadState';

export function ExternalAccountsAdminPage() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [result, setResult] = useState<ExternalAccountsPage['paginateResult'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(t('external_accounts_admin.title'));
  const load = useCallback(() => {
    listExternalAccounts(pageNo).then(setResult, (err: unknown) =>
      setError([t('ldap_admin.fetch_failed'), ...errorMessages(err)].join('\n')),
    );
  }, [pageNo, t]);
  useEffect(load, [load]);

  const remove = async (id: string, accountId: string) => {
    if (!window.confirm(t('external_accounts_admin.remove_confirm', { accountId }))) return;
    try {
      await removeExternalAccount(id);
      toastSuccess(t('external_accounts_admin.removed'));
      load();
    } catch (err) {
      toastError(errorMessages(err));
    }
  };

  return (
    <main className="content">
      <div className="page-title-row">
        <h1 className="page-title">{t('external_accounts_admin.title')}</h1>
        <Link to="/admin/users">{t('admin.users')}</Link>
      </div>
      <LoadState items={result?.docs ?? null} error={error} empty={t('external_accounts_admin.none')}>
        {(items) => (
          <DataTable
            ns="external_accounts_admin"
            columns={['me_settings.provider', 'me_settings.account_id', 'user', 'password', 'created', '']}
          >
            {items.map((doc) => (
              <tr key={doc._id}>
                <td>{doc.providerType}</td>
                <td>{doc.accountId}</td>
                <td>@{doc.user.username}</td>
                <td>
                  {doc.user.hasPassword
                    ? t('external_accounts_admin.set')
                    : t('external_accounts_admin.unset')}
                </td>
                <td>{formatDateTime(doc.createdAt)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => void remove(doc._id, doc.accountId)}
                  >
                    {t('external_accounts_admin.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </LoadState>
      {result && <Pagination active={pageNo} count={result.totalPages} onChange={setPageNo} />}
    </main>
  );
}
