// The account fields the installer, registration and an invited user's first profile share: user id,
// name, e-mail and a new password, each with SPEC §5's checks. A form names the fields it has by the
// keys of its initial values; they are always shown in the same order.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './Field';
import {
  collectErrors,
  emailError,
  passwordError,
  requiredError,
  usernameError,
  type FieldErrors,
} from './forms';

export type AccountKey = 'username' | 'name' | 'email' | 'password';
const ORDER: AccountKey[] = ['username', 'name', 'email', 'password'];

export interface AccountForm<K extends AccountKey> {
  values: Record<K, string>;
  errors: FieldErrors<K>;
  set: (key: K) => (event: { target: { value: string } }) => void;
  /** Checks every field, shows what is wrong; true when the form may be sent. */
  validate: () => boolean;
}

export function useAccountForm<K extends AccountKey>(initial: Record<K, string>): AccountForm<K> {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const set = (key: K) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const validate = () => {
    const check: Record<AccountKey, (value: string) => string | null> = {
      username: (value) => usernameError(t, value),
      name: (value) => requiredError(t, value, 'name'),
      email: (value) => emailError(t, value),
      password: (value) => passwordError(t, value),
    };
    const keys = Object.keys(values) as K[];
    const found = collectErrors(
      Object.fromEntries(keys.map((key) => [key, check[key](values[key])])) as Record<K, string | null>,
    );
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  return { values, errors, set, validate };
}

const AUTOCOMPLETE: Record<AccountKey, string> = {
  username: 'username',
  name: 'name',
  email: 'email',
  password: 'new-password',
};

export function AccountFields<K extends AccountKey>({
  form,
  hints = {},
  passwordLabel,
}: {
  form: AccountForm<K>;
  hints?: Partial<Record<AccountKey, string>>;
  passwordLabel?: string;
}) {
  const { t } = useTranslation();
  const keys = ORDER.filter((key): key is K => key in form.values);
  return (
    <>
      {keys.map((key, i) => (
        <Field
          key={key}
          label={key === 'password' && passwordLabel ? passwordLabel : t(`fields.${key}`)}
          type={key === 'password' ? 'password' : key === 'email' ? 'email' : undefined}
          value={form.values[key]}
          onChange={form.set(key)}
          error={form.errors[key]}
          hint={hints[key]}
          autoComplete={AUTOCOMPLETE[key]}
          autoFocus={i === 0}
        />
      ))}
    </>
  );
}
