// External accounts linked to the user (read-only: they are made by external sign-in).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExternalAccount } from '../../../../shared/account-types';
import { getExternalAccounts } from '../../api/accounts';
import { Alert } from '../../components/Field';
import { formatDateTime } from '../../i18n/format';
import { errorMessages } from '../../stores/toasts';

export function ExternalAccountsSection() {
  const { t } = useTranslation();
  const [accounts, setAccounts] = useState<ExternalAccount[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getExternalAccounts().then(setAccounts, (err: unknown) => setError(errorMessages(err).join('\n')));
  }, []);
  return (
    <section className="card settings-card" aria-labelledby="external-accounts-title">
      <h2 id="external-accounts-title">{t('me_settings.external_accounts')}</h2>
      {error && <Alert kind="error">{error}</Alert>}
      {accounts === null ? (
        !error && <div className="loading" aria-busy="true" />
      ) : accounts.length === 0 ? (
        <p className="muted">{t('me_settings.external_none')}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th>{t('me_settings.provider')}</th>
              <th>{t('me_settings.account_id')}</th>
              <th>{t('me_settings.linked_at')}</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account._id}>
                <td>{account.providerType}</td>
                <td>{account.accountId}</td>
                <td>{formatDateTime(account.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
