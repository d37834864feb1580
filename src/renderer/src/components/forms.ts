// Client-side form checks with SPEC §5's messages; the server checks again and has the last word.
import type { TFunction } from 'i18next';

export const PASSWORD_MIN_LENGTH = 6;
/** User id: letters, numbers and some symbols (same rule as the server). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function requiredError(t: TFunction, value: string, field: string): string | null {
  return value.trim() === '' ? t('form.required', { field: t(`fields.${field}`) }) : null;
}

export function usernameError(t: TFunction, value: string): string | null {
  return (
    requiredError(t, value, 'username') ??
    (USERNAME_PATTERN.test(value) ? null : t('form.syntax_invalid', { field: t('fields.username') }))
  );
}

export function emailError(t: TFunction, value: string): string | null {
  return (
    requiredError(t, value, 'email') ??
    (EMAIL_PATTERN.test(value.trim()) ? null : t('form.syntax_invalid', { field: t('fields.email') }))
  );
}

export function passwordError(t: TFunction, value: string): string | null {
  return (
    requiredError(t, value, 'password') ??
    (value.length < PASSWORD_MIN_LENGTH ? t('form.password_too_short', { min: PASSWORD_MIN_LENGTH }) : null)
  );
}

/** Drops the empty entries; an empty result means the form is valid. */
export function collectErrors<K extends string>(errors: Record<K, string | null>): FieldErrors<K> {
  const found: FieldErrors<K> = {};
  for (const key of Object.keys(errors) as K[]) {
    const message = errors[key];
    if (message) found[key] = message;
  }
  return found;
}
