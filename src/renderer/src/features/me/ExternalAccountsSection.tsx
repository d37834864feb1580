// External accounts linked to the user: the list, unlinking (the server refuses the last way in),
// and linking an LDAP account with its directory password (issue 13).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExternalAccount } from '../../../../shared/account-types';
import { getExternalAccounts } from '../../api/accounts';
import { associateLdap, disassociate } from '../../api/sign-in';
import { useAction } from '../../components/useAction';
import { useDirectoryCredentials } from '../../components/useDirectoryCredentials';
import { formatDateTime } from '../../i18n/format';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { useSession } from '../../stores/session';
import { DataTable } from '../../components/DataTable';
import { LoadState } from '../../components/LoadState';

function LinkLdapForm({ onLinked }: { onLinked: () => void }) {
  const { t } = useTranslation();
  const credentials = useDirectoryCredentials('off');
  const [busy, link] = useAction(async () => {
    await associateLdap(credentials.username, credentials.password);
    credentials.forgetPassword();
    onLinked();
    return t('ldap_admin.me_linked');
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void link();
  };
  return (
    <form className="form-card" onSubmit={submit} noValidate aria-labelledby="link-ldap-title">
      <h3 id="link-ldap-title" className="modal-section-title">
        {t('ldap_admin.me_link_title')}
      </h3>
      <p className="field-hint">{t('ldap_admin.me_link_hint')}</p>
      {credentials.fields}
      <button type="submit" className="btn btn-secondary" disabled={busy || !credentials.filled}>
        {t('ldap_admin.me_link_button')}
      </button>
    </form>
  );
}

export function ExternalAccountsSection() {
  const { t } = useTranslation();
  const [accounts, setAccounts] = useState<ExternalAccount[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ldapSetUp = useSession((s) => s.config.isLdapSetUp ?? false);
  const load = useCallback(() => {
    getExternalAccounts().then(setAccounts, (err: unknown) => setError(errorMessages(err).join('\n')));
  }, []);
  useEffect(load, [load]);

  const unlink = async (account: ExternalAccount) => {
    const question = t('ldap_admin.me_unlink_confirm', {
      accountId: account.accountId,
      provider: account.providerType,
    });
    if (!window.confirm(question)) return;
    try {
      await disassociate(account);
      toastSuccess(t('ldap_admin.me_unlinked'));
      load();
    } catch (err) {
      toastError(errorMessages(err));
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="external-accounts-title">
      <h2 id="external-accounts-title">{t('me_settings.external_accounts')}</h2>
      <LoadState items={accounts} error={error} empty={t('me_settings.external_none')}>
        {(items) => (
          <DataTable ns="me_settings" columns={['provider', 'account_id', 'linked_at', '']}>
            {items.map((account) => (
              <tr key={account._id}>
                <td>{account.providerType}</td>
                <td>{account.accountId}</td>
                <td>{formatDateTime(account.createdAt)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => void unlink(account)}
                  >
                    {t('ldap_admin.me_unlink')}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </LoadState>
      {/* Only while directory sign-in works: a form for a switched-off directory only fails. */}
      {ldapSetUp && <LinkLdapForm onLinked={load} />}
    </section>
  );
}
