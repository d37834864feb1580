// A group of settings as one admin form sends them (GROWI's field names mapped to its keys),
// declared once: the PUT body's schema, the values as an answer shows them (secrets masked), and
// the write. Every field is optional: absent keeps the stored value, null (or blank text) clears
// it, and a secret sent back as the mask keeps the stored one. Checks beyond the schema run on
// `after` before anything is written, so a refused body changes nothing.
import { SECRET_MASK } from '../../../shared/sign-in-types';
import type { SettingKey, SettingsService, SettingValue } from './service';

type KeysOf<T> = { [K in SettingKey]: SettingValue<K> extends T ? K : never }[SettingKey];
export type TextKey = KeysOf<string>;
export type FlagKey = KeysOf<boolean>;

export interface SectionFields {
  /** API field → a text setting: trimmed. */
  text?: Record<string, TextKey>;
  /** API field → an on/off setting: null turns it off. */
  flags?: Record<string, FlagKey>;
  /** API field → a write-only text setting. */
  secrets?: Record<string, TextKey>;
  /** The longest text accepted (2048 unless said), and per field. */
  maxLength?: number;
  maxLengthOf?: Record<string, number>;
}

export type SectionBody = Record<string, string | boolean | null | undefined>;
export type SectionValues = Record<string, string | boolean>;

export interface SettingsSection {
  /** The PUT body's JSON schema: these fields only, each a (nullable) string or boolean. */
  body: { type: 'object'; additionalProperties: false; properties: Record<string, object> };
  /** The values an answer shows: secrets as the mask when one is stored, '' when none. */
  read(settings: SettingsService): SectionValues;
  /** The text values the body would leave (absent fields keep theirs), to check before writing. */
  after(settings: SettingsService, body: SectionBody): Record<string, string>;
  /** Writes what the body carries, in one transaction. */
  write(settings: SettingsService, body: SectionBody): void;
}

export function settingsSection(fields: SectionFields): SettingsSection {
  const text = Object.entries(fields.text ?? {});
  const flags = Object.entries(fields.flags ?? {});
  const secrets = Object.entries(fields.secrets ?? {});
  const string = (field: string) => ({
    type: ['string', 'null'],
    maxLength: fields.maxLengthOf?.[field] ?? fields.maxLength ?? 2048,
  });
  const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return {
    body: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries([
        ...[...text, ...secrets].map(([field]) => [field, string(field)]),
        ...flags.map(([field]) => [field, { type: ['boolean', 'null'] }]),
      ]),
    },
    read: (settings) =>
      Object.fromEntries([
        ...text.map(([field, key]) => [field, settings.get(key)]),
        ...secrets.map(([field, key]) => [field, settings.get(key) === '' ? '' : SECRET_MASK]),
        ...flags.map(([field, key]) => [field, settings.get(key)]),
      ]),
    after: (settings, body) =>
      Object.fromEntries(
        text.map(([field, key]) => [
          field,
          body[field] === undefined ? settings.get(key) : trimmed(body[field]),
        ]),
      ),
    write: (settings, body) =>
      settings.together(() => {
        for (const [field, key] of text)
          if (body[field] !== undefined) settings.set(key, trimmed(body[field]));
        for (const [field, key] of flags)
          if (body[field] !== undefined) settings.set(key, body[field] === true);
        for (const [field, key] of secrets) {
          const value = body[field];
          if (value !== undefined && value !== SECRET_MASK)
            settings.set(key, typeof value === 'string' ? value : '');
        }
      }),
  };
}
