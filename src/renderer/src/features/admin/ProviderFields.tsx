// The text fields and the linking switches of a sign-in provider's form, from a list.
import { useTranslation } from 'react-i18next';
import { Check } from '../../components/Check';
import { Field } from '../../components/Field';
import type { TextFieldSpec } from './SignInProviderSection';

export function ProviderTextFields<T extends object>(props: {
  specs: TextFieldSpec<keyof T & string>[];
  values: T;
  update: (key: keyof T & string, value: string) => void;
}) {
  return props.specs.map(({ key, label, secret, placeholder, hint }) => (
    <Field
      key={key}
      label={label}
      type={secret ? 'password' : 'text'}
      autoComplete="off"
      placeholder={placeholder}
      hint={hint}
      value={String((props.values as Record<string, unknown>)[key] ?? '')}
      onChange={(e) => props.update(key, e.target.value)}
    />
  ));
}

/** GROWI's "treat the same username / e-mail as the same user" switches. */
export function LinkingFlags<T extends object>(props: {
  flags: readonly (keyof T & string)[];
  values: T;
  update: (key: keyof T & string, value: boolean) => void;
}) {
  const { t } = useTranslation();
  return props.flags.map((flag) => (
    <Check
      key={flag}
      label={t(`oidc_admin.${flag}`)}
      checked={(props.values as Record<string, unknown>)[flag] === true}
      onChange={(checked) => props.update(flag, checked)}
    />
  ));
}
