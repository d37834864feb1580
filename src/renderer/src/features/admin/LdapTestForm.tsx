// The LDAP test form (SPEC §2, §8): username, password, log box, Test button. A warning shows in a
// warning alert and the log, success in a success alert, a server error (`err`) as a notification.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { testLdap } from '../../api/sign-in';
import { Alert } from '../../components/Field';
import { useAction } from '../../components/useAction';
import { useDirectoryCredentials } from '../../components/useDirectoryCredentials';
import { toastError } from '../../stores/toasts';

export function LdapTestForm() {
  const { t } = useTranslation();
  const credentials = useDirectoryCredentials('new-password');
  const [log, setLog] = useState('');
  const [result, setResult] = useState<{ kind: 'success' | 'warning'; message: string } | null>(null);

  const addLog = (line: string) => setLog((before) => `${before}${before ? '\n' : ''}${line}`);

  const [busy, test] = useAction(async () => {
    setResult(null);
    const answer = await testLdap(credentials.username, credentials.password);
    if (answer.err) toastError(`${answer.message} ${answer.err.message}`);
    if (answer.ldapConfiguration)
      addLog(
        `--- ${t('ldap_admin.test_log_server')} ---\n${JSON.stringify(answer.ldapConfiguration.server)}`,
      );
    if (answer.ldapAccountInfo)
      addLog(`--- ${t('ldap_admin.test_log_account')} ---\n${JSON.stringify(answer.ldapAccountInfo)}`);
    if (answer.status === 'warning') addLog(`--- ${t('ldap_admin.test_log_warning')} ---\n${answer.message}`);
    setResult({ kind: answer.status, message: answer.message });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void test();
  };

  return (
    <form className="ldap-test-form" onSubmit={submit} noValidate aria-labelledby="ldap-test-title">
      <h3 id="ldap-test-title" className="modal-section-title">
        {t('ldap_admin.test_title')}
      </h3>
      <p className="field-hint">{t('ldap_admin.test_hint')}</p>
      {result && <Alert kind={result.kind}>{result.message}</Alert>}
      {credentials.fields}
      <div className="field">
        <label htmlFor="ldap-test-log">{t('ldap_admin.test_log')}</label>
        <textarea id="ldap-test-log" className="input" rows={6} readOnly value={log} />
      </div>
      <button type="submit" className="btn btn-secondary" disabled={busy || !credentials.filled}>
        {t('ldap_admin.test_button')}
      </button>
    </form>
  );
}
