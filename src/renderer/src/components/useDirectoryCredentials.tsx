// A directory (LDAP) username and password, typed to test the settings or to link an account.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './Field';

export function useDirectoryCredentials(passwordAutoComplete: 'off' | 'new-password') {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const fields = (
    <>
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
        autoComplete={passwordAutoComplete}
        onChange={(e) => setPassword(e.target.value)}
      />
    </>
  );
  return {
    username,
    password,
    filled: username !== '' && password !== '',
    forgetPassword: () => setPassword(''),
    fields,
  };
}
