// The LDAP test form (SPEC §2, §8): username, password, log box, Test button. A warning shows in a
// warning alert and the log, success in a success alert, a server error (`err`) as a notification.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { testLdap } from '../../api/sign-in';
import { Alert, Field } from '../../components/Field';
import { errorMessages, toastError } from '../../stores/toasts';

export function LdapTestForm() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [log, setLog] = useState('');
  const [result, setResult] = useState<{ kind: 'success' | 'warning'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const addLog = (line: string) => setLog((before) => `${before}${before ? '\n' : ''}${line}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const answer = await testLdap(username, password);
      if (answer.err) toastError(`${answer.message} ${answer.err.message}`);
      if (answer.ldapConfiguration)
        addLog(
          `--- ${t('ldap_admin.test_log_server')} ---\n${JSON.stringify(answer.ldapConfiguration.server)}`,
        );
      if (answer.ldapAccountInfo)
        addLog(`--- ${t('ldap_admin.test_log_account')} ---\n${JSON.stringify(answer.ldapAccountInfo)}`);
      if (answer.status === 'warning')
        addLog(`--- ${t('ldap_admin.test_log_warning')} ---\n${answer.message}`);
      setResult({ kind: answer.status, message: answer.message });
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ldap-test-form" onSubmit={submit} noValidate aria-labelledby="ldap-test-title">
      <h3 id="ldap-test-title" className="modal-section-title">
        {t('ldap_admin.test_title')}
      </h3>
      <p className="field-hint">{t('ldap_admin.test_hint')}</p>
      {result && <Alert kind={result.kind}>{result.message}</Alert>}
      <Field
        label={t('ldap_admin.test_username')}
        value={username}
        autoComplete="off"
        onChange={(e) => setUsername(e.target.value)}
      />
      <Field
        label={t('ldap_admin.test_password')}
        type="password"
        value={password}
        autoComplete="new-password"
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="field">
        <label htmlFor="ldap-test-log">{t('ldap_admin.test_log')}</label>
        <textarea id="ldap-test-log" className="input" rows={6} readOnly value={log} />
      </div>
      <button type="submit" className="btn btn-secondary" disabled={busy || !username || !password}>
        {t('ldap_admin.test_button')}
      </button>
    </form>
  );
}
